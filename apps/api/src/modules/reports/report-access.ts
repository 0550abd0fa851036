import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { loadClassAccess } from '../../kernel/class-access.ts';
import type { UserRow } from '../../platform/rows.ts';
import { findReportClass, type ReportClassRecord } from './scope.repo.ts';

/** The roles that reach the report routes (students and parents get 403 from the route policy). */
export const REPORT_ROLES = [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin, ROLE.lsg] as const;

export interface ReportAccess {
  cls: ReportClassRecord;
  /** The lsg supervisor reads only (the at-risk message answers 403). */
  readOnly: boolean;
}

/**
 * Who reads the reports of a class (decision 0062): its teachers and assistant teachers, the
 * administrators of its school (the class access chain of the kernel), and the lsg supervisor of
 * its school's customer, read only. Anyone else: 404, so class ids cannot be probed.
 */
export const loadReportAccess = async (db: Db, user: UserRow, classId: string): Promise<ReportAccess> => {
  const cls = await findReportClass(db, classId);
  if (!cls) throw new DomainError('NOT_FOUND');
  if (user.roleId === ROLE.lsg) {
    if (!user.customerId || cls.customerId !== user.customerId) throw new DomainError('NOT_FOUND');
    return { cls, readOnly: true };
  }
  const access = await loadClassAccess(db, user, classId);
  if (access.relation !== 'teacher' && access.relation !== 'assistant' && access.relation !== 'schoolAdmin') throw new DomainError('NOT_FOUND');
  return { cls, readOnly: false };
};

/** Writes (the at-risk message) are refused to read-only callers. */
export const requireWritable = (access: ReportAccess): void => {
  if (access.readOnly) throw new DomainError('FORBIDDEN');
};

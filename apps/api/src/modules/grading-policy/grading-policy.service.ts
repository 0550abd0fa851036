import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import type { GradingPolicy, GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { ROLE } from '@klase/core/roles';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { invalid } from '../gradebook/gradebook-data.service.ts';
import { applyDeped } from './course-deped.service.ts';
import { readPolicyRow } from './deped-grades.service.ts';
import { readSchoolDepedCourses, readSchoolYear, savePolicyRow, type PolicyRecord } from './grading-policy.repo.ts';

/**
 * The school's grading policy (`/api/school/grading-policy`): staff of the school read it, its
 * administrator saves it. A school never set up reads DepEd's defaults for its school year with
 * `kind: 'custom'` and version 0. Saving the DepEd policy applies it again to every DepEd learning
 * area of the school in the same transaction (quarters, weights; course-deped.service.ts).
 */

const schoolOf = (user: UserRow): string => {
  if (!user.schoolId) throw new DomainError('FORBIDDEN');
  return user.schoolId;
};

/** The school year a school without a policy reads: the school's, else the one running now (June to May, Manila). */
const schoolYearOf = async (db: Db, schoolId: string, now: number): Promise<number> => {
  const stored = await readSchoolYear(db, schoolId);
  if (stored) return stored;
  const d = new Date(now + 8 * 3_600_000);
  return d.getUTCMonth() >= 5 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
};

const policyOf = (row: PolicyRecord): GradingPolicy => ({
  kind: row.kind,
  schoolYearFrom: row.schoolYearFrom,
  quarters: row.quarters,
  presets: row.presets,
  transmutation: row.transmutation,
  descriptors: row.descriptors,
});

const viewOf = (policy: GradingPolicy, version: number, user: UserRow): GradingPolicyView => ({
  ...policy,
  editVersion: version,
  canEdit: user.roleId === ROLE.schoolAdmin,
});

export const readGradingPolicy = async ({ db }: Ctx, user: UserRow, now = Date.now()): Promise<GradingPolicyView> => {
  const schoolId = schoolOf(user);
  const row = await readPolicyRow(db, schoolId);
  if (row) return viewOf(policyOf(row), row.version, user);
  return viewOf(defaultPolicy(await schoolYearOf(db, schoolId, now)), 0, user);
};

/** Quarters 1..4 in this order, each starting after the previous one ends (`periodOverlap`). */
const checkQuarters = (quarters: GradingPolicy['quarters']): void => {
  quarters.forEach((q, i) => {
    if (q.quarter !== i + 1) throw invalid(`quarters.${i}.quarter`, 'invalidChoice');
    const prev = quarters[i - 1];
    if (prev && q.startsOn <= prev.endsOn) throw invalid(`quarters.${i}.startsOn`, 'periodOverlap');
  });
};

export const writeGradingPolicy = async ({ db }: Ctx, user: UserRow, form: GradingPolicy & EditVersion): Promise<GradingPolicyView> => {
  const schoolId = schoolOf(user);
  if (user.roleId !== ROLE.schoolAdmin) throw new DomainError('FORBIDDEN');
  checkQuarters(form.quarters);
  const { version: _version, overwrite: _overwrite, ...policy } = form;
  const saved = await db.transaction(async (tx) => {
    const row = await savePolicyRow(tx, schoolId, form, user.id, policy);
    if (policy.kind === 'deped') {
      for (const c of await readSchoolDepedCourses(tx, schoolId)) {
        await applyDeped(tx, user.id, c.courseId, policy, { subjectGroup: c.subjectGroup, mapehPart: c.mapehPart });
      }
    }
    return row;
  });
  return viewOf(policyOf(saved), saved.version, user);
};

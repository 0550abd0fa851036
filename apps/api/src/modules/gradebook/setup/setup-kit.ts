import { DomainError, type FieldIssue } from '@klase/core/errors';
import { ROUTE_ROLES } from '@klase/core/guards';
import type { Db } from '../../../platform/context.ts';
import type { Policy } from '../../../platform/types.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { uniqueViolation } from '../../../platform/db-errors.ts';
import { loadGradebookAccess, requireGradeManage, requireGradeStaff, type GradebookAccess } from '../gradebook-access.ts';
import { ensureGradebook } from '../setup-loader.ts';
import { lockSetup } from './setup-kit.repo.ts';

/** What every grade-setup service shares: who may call, opening the gradebook, errors, the write transaction. */

/** Reads: staff of the class (students and parents reach the access check and get 404). */
export const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeRead };
/** Changes: teachers of the class (assistants 403). */
export const managers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeSetup };

/** The course's gradebook for a staff read or a teacher's change (anyone else 404 / 403), created on first use. */
export const openGradebook = async (db: Db, user: UserRow, courseId: string, mode: 'read' | 'manage'): Promise<GradebookAccess> => {
  const g = await loadGradebookAccess(db, user, courseId);
  if (mode === 'manage') requireGradeManage(g);
  else requireGradeStaff(g);
  await ensureGradebook(db, courseId);
  return g;
};

export const invalid = (path: string, key: string, params?: FieldIssue['params']): DomainError =>
  new DomainError('VALIDATION', { fields: [params ? { path, key, params } : { path, key }] });

export const notFound = (): DomainError => new DomainError('NOT_FOUND');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A reference sent in a form: a well-formed id (else `invalidChoice` on `path`), or null. */
export const refId = (value: string | null, path: string): string | null => {
  if (value === null || value === '') return null;
  if (!UUID_RE.test(value)) throw invalid(path, 'invalidChoice');
  return value;
};

/**
 * A setup change: one transaction that first locks the course's gradebook settings row, so two
 * teachers' changes of one gradebook run one after the other (positions, cycles, names). A unique
 * name taken meanwhile answers `NAME_EXISTS`; an ID number `idNumber: duplicateEntry`.
 */
export const setupWrite = async <T>(db: Db, courseId: string, write: (tx: Db) => Promise<T>): Promise<T> => {
  try {
    return await db.transaction(async (tx) => {
      await lockSetup(tx, courseId);
      return write(tx);
    });
  } catch (err) {
    const clash = uniqueViolation(err);
    if (clash?.constraint.includes('id_number')) throw invalid('idNumber', 'duplicateEntry');
    if (clash) throw new DomainError('NAME_EXISTS');
    throw err;
  }
};

export const isoOrNull = (v: string | null): Date | null => (v ? new Date(v) : null);

import type { SchoolDetails, SchoolFormValues, SchoolRow } from '@klase/core/admin/schools';
import { DomainError } from '@klase/core/errors';
import { assertWritable, type AdminScope } from '../admin-scope.ts';
import { auditChange, changes, pick } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { uniqueViolation } from '../../../platform/db-errors.ts';
import type { Cell } from '../../../platform/spreadsheet.ts';
import {
  countSchools,
  customerExists,
  deleteSchoolSessions,
  findSchool,
  insertSchool,
  listSchools,
  moveSchoolUsers,
  schoolOptions,
  takenSchoolFields,
  updateSchool,
  type SchoolListRow,
  type SchoolQuery,
} from './schools.repo.ts';

const AUDITED = [
  'customerId',
  'code',
  'name',
  'depedSchoolId',
  'sector',
  'schoolYearFrom',
  'schoolYearTo',
  'address',
  'city',
  'barangay',
  'province',
  'region',
  'country',
  'zipCode',
  'lmsUrl',
  'websiteUrl',
  'enabled',
  'requireParentAccount',
  'studentMessaging',
  'timeZone',
] as const;

const toRow = (r: SchoolListRow): SchoolRow => ({
  id: r.school.id,
  code: r.school.code,
  name: r.school.name,
  depedSchoolId: r.school.depedSchoolId,
  sector: r.school.sector,
  customerId: r.school.customerId,
  customerName: r.customerName,
  city: r.school.city,
  province: r.school.province,
  schoolYearFrom: r.school.schoolYearFrom,
  schoolYearTo: r.school.schoolYearTo,
  enabled: r.school.enabled,
  status: r.school.enabled ? 'ACTIVE' : 'INACTIVE',
  userCount: Number(r.userCount),
  createdAt: r.school.createdAt.toISOString(),
  updatedAt: r.school.updatedAt.toISOString(),
});

const toDetails = (r: SchoolListRow): SchoolDetails => ({
  ...toRow(r),
  address: r.school.address,
  barangay: r.school.barangay,
  region: r.school.region,
  country: r.school.country,
  zipCode: r.school.zipCode,
  lmsUrl: r.school.lmsUrl,
  websiteUrl: r.school.websiteUrl,
  requireParentAccount: r.school.requireParentAccount,
  studentMessaging: r.school.studentMessaging,
  timeZone: r.school.timeZone,
  createdBy: r.school.createdBy,
  updatedBy: r.school.updatedBy,
});

const orNull = (s: string) => (s === '' ? null : s);

const valuesOf = (v: SchoolFormValues) => ({
  customerId: v.customerId,
  code: v.code,
  name: v.name,
  depedSchoolId: v.depedSchoolId,
  sector: v.sector,
  schoolYearFrom: v.schoolYearFrom,
  schoolYearTo: v.schoolYearTo,
  address: orNull(v.address),
  city: v.city,
  barangay: orNull(v.barangay),
  province: v.province,
  region: v.region,
  country: v.country,
  zipCode: orNull(v.zipCode),
  lmsUrl: orNull(v.lmsUrl),
  websiteUrl: orNull(v.websiteUrl),
  enabled: v.enabled,
  requireParentAccount: v.requireParentAccount,
  studentMessaging: v.studentMessaging,
  timeZone: v.timeZone,
});

export const schoolTable = async (ctx: Ctx, scope: AdminScope, q: SchoolQuery) => {
  const [total, rows] = [await countSchools(ctx.db, scope, q), await listSchools(ctx.db, scope, q)];
  return { data: rows.map(toRow), pagination: { page: q.page, totalcount: total } };
};

export const schoolChoices = async (ctx: Ctx, scope: AdminScope) => (await schoolOptions(ctx.db, scope)).map((s) => ({ id: s.id, name: s.name, hint: s.code }));

export const schoolDetails = async (ctx: Ctx, scope: AdminScope, id: string): Promise<SchoolDetails> => {
  const found = await findSchool(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return toDetails(found);
};

const uniqueChecks = async (db: Ctx['db'], v: SchoolFormValues, exceptId?: string) => {
  const taken = await takenSchoolFields(db, v.code, v.depedSchoolId, exceptId);
  if (taken.code) throw new DomainError('SCHOOL_CODE_EXISTS');
  if (taken.depedSchoolId) throw new DomainError('DEPED_ID_EXISTS');
};

const guardUnique = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation) throw new DomainError(violation.constraint.includes('deped') ? 'DEPED_ID_EXISTS' : 'SCHOOL_CODE_EXISTS');
    throw err;
  }
};

export const createSchool = async (ctx: Ctx, scope: AdminScope, v: SchoolFormValues): Promise<SchoolDetails> => {
  const id = await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await customerExists(tx, v.customerId))) throw new DomainError('NOT_FOUND');
      await uniqueChecks(tx, v);
      const row = await insertSchool(tx, { ...valuesOf(v), createdBy: scope.actorId, updatedBy: scope.actorId });
      await auditChange(tx, {
        schoolId: row.id,
        actorId: scope.actorId,
        action: 'school.created',
        targetType: 'school',
        targetId: row.id,
        before: null,
        after: pick(row, AUDITED),
      });
      return row.id;
    }),
  );
  return schoolDetails(ctx, scope, id);
};

/** Edits a school; a school administrator keeps its customer and enabled flag as they are. */
export const editSchool = async (ctx: Ctx, scope: AdminScope, id: string, v: SchoolFormValues): Promise<SchoolDetails> => {
  assertWritable(scope);
  await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      const found = await findSchool(tx, scope, id, true);
      if (!found) throw new DomainError('NOT_FOUND');
      const before = found.school;
      const values = valuesOf(v);
      if (scope.kind !== 'platform') {
        values.customerId = before.customerId;
        values.enabled = before.enabled;
      } else if (values.customerId !== before.customerId && !(await customerExists(tx, values.customerId))) {
        throw new DomainError('NOT_FOUND');
      }
      await uniqueChecks(tx, v, id);
      const row = await updateSchool(tx, id, { ...values, updatedBy: scope.actorId });
      if (row.customerId !== before.customerId) await moveSchoolUsers(tx, id, row.customerId);
      if (before.enabled && !row.enabled) await deleteSchoolSessions(tx, id);
      const diff = changes(before, row, AUDITED);
      await auditChange(tx, { schoolId: id, actorId: scope.actorId, action: 'school.updated', targetType: 'school', targetId: id, ...diff });
    }),
  );
  return schoolDetails(ctx, scope, id);
};

/** Enables or disables a school; disabling ends its users' sessions (sign-in answers SCHOOL_DISABLED). */
export const setSchoolEnabled = async (ctx: Ctx, scope: AdminScope, id: string, enabled: boolean): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const found = await findSchool(tx, scope, id, true);
    if (!found) throw new DomainError('NOT_FOUND');
    if (found.school.enabled !== enabled) await updateSchool(tx, id, { enabled, updatedBy: scope.actorId });
    if (!enabled) await deleteSchoolSessions(tx, id);
    await auditChange(tx, {
      schoolId: id,
      actorId: scope.actorId,
      action: enabled ? 'school.enabled' : 'school.disabled',
      targetType: 'school',
      targetId: id,
      before: { enabled: found.school.enabled },
      after: { enabled },
    });
  });
};

export const SCHOOL_EXPORT_HEADER = [
  'code',
  'name',
  'depedSchoolId',
  'sector',
  'customer',
  'schoolYearFrom',
  'schoolYearTo',
  'address',
  'city',
  'barangay',
  'province',
  'region',
  'country',
  'zipCode',
  'lmsUrl',
  'websiteUrl',
  'enabled',
  'requireParentAccount',
  'users',
  'createdAt',
  'updatedAt',
] as const;

/** Every school matching the filters, as export cells (read in chunks). */
export async function* schoolExportRows(ctx: Ctx, scope: AdminScope, q: SchoolQuery): AsyncIterable<Cell[]> {
  for (let offset = 0; ; offset += 500) {
    const rows = await listSchools(ctx.db, scope, q, { limit: 500, offset });
    for (const r of rows) {
      const s = r.school;
      yield [
        s.code,
        s.name,
        s.depedSchoolId,
        s.sector,
        r.customerName,
        s.schoolYearFrom,
        s.schoolYearTo,
        s.address,
        s.city,
        s.barangay,
        s.province,
        s.region,
        s.country,
        s.zipCode,
        s.lmsUrl,
        s.websiteUrl,
        s.enabled ? 1 : 0,
        s.requireParentAccount ? 1 : 0,
        Number(r.userCount),
        s.createdAt.toISOString(),
        s.updatedAt.toISOString(),
      ];
    }
    if (rows.length < 500) return;
  }
}

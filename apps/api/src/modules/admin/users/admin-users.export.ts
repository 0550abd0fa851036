import { fullName } from '@klase/core/admin/users';
import { roleKeyOf } from '@klase/core/roles';
import type { AdminScope } from '../admin-scope.ts';
import type { Ctx } from '../../../platform/context.ts';
import type { Cell } from '../../../platform/spreadsheet.ts';
import { listUsers, type UserQuery } from './admin-users.repo.ts';
import { profilesOf } from '../../learners/learners.service.ts';

export const USER_EXPORT_HEADER = [
  'username',
  'email',
  'role',
  'roleId',
  'salutation',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'name',
  'employeeNumber',
  'gradeLevel',
  'section',
  'school',
  'status',
  'activated',
  'createdAt',
  'updatedAt',
  'lrn',
  'sex',
  'birthDate',
] as const;

const CHUNK = 1000;

/** Every user matching the table's filters and search, in its order, read in chunks. */
export async function* userExportRows(ctx: Ctx, scope: AdminScope, q: UserQuery): AsyncIterable<Cell[]> {
  for (let offset = 0; ; offset += CHUNK) {
    const rows = await listUsers(ctx.db, scope, q, { limit: CHUNK, offset });
    const learners = new Map(
      (
        await profilesOf(
          ctx.db,
          rows.map((r) => r.user.id),
        )
      ).map((p) => [p.userId, p]),
    );
    for (const { user: u, schoolName } of rows) {
      const learner = learners.get(u.id);
      yield [
        u.username,
        u.email,
        roleKeyOf(u.roleId) ?? String(u.roleId),
        u.roleId,
        u.salutation,
        u.firstName,
        u.middleName,
        u.lastName,
        u.suffix,
        fullName(u),
        u.employeeNumber,
        u.gradeLevel,
        u.section,
        schoolName,
        u.active ? 'ACTIVE' : 'INACTIVE',
        u.activatedAt ? 1 : 0,
        u.createdAt.toISOString(),
        u.updatedAt.toISOString(),
        learner?.lrn ?? null,
        learner?.sex ?? null,
        learner?.birthDate ?? null,
      ];
    }
    if (rows.length < CHUNK) return;
  }
}

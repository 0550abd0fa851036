import { alias } from 'drizzle-orm/pg-core';
import { type Column, and, count, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { classGroups, classes } from '../../../db/schema/classes.ts';
import { courseMaterials, courses } from '../../../db/schema/courses.ts';
import { auditLog } from '../../../db/schema/platform.ts';
import { customers, schools } from '../../../db/schema/tenancy.ts';
import { users } from '../../../db/schema/users.ts';
import type { AdminScope } from '../admin-scope.ts';
import { escapeLike, filterValues, orderOf, pageOf } from '../../../kernel/table-sql.ts';

export interface AuditQuery extends ParsedTableQuery {
  actorId?: string;
  action?: string;
  from?: string;
  to?: string;
}

const actor = alias(users, 'actor');
const targetUser = alias(users, 'target_user');
const targetSchool = alias(schools, 'target_school');
const actorName = sql<string | null>`concat_ws(' ', ${actor.firstName}, ${actor.lastName})`;
const targetClass = alias(classes, 'target_class');
const targetGroup = alias(classGroups, 'target_group');
const targetCourse = alias(courses, 'target_course');
const targetMaterial = alias(courseMaterials, 'target_material');
const targetLabel = sql<
  string | null
>`coalesce(${targetUser.username}, ${targetSchool.name}, ${customers.name}, ${targetClass.name}, ${targetGroup.name}, ${targetCourse.name}, ${targetMaterial.name})`;

/** Joins the named target of an entry (only rows of that target type match). */
const onTarget = (type: string, id: Column) => and(eq(auditLog.targetType, type), eq(id, auditLog.targetId));

/** Platform admins read the whole log; a school admin only the entries of their school. */
export const auditScope = (scope: AdminScope): SQL | undefined =>
  scope.kind === 'platform' ? undefined : scope.kind === 'school' ? eq(auditLog.schoolId, scope.schoolId) : sql`false`;

const SORTABLE = { createdAt: auditLog.createdAt, action: auditLog.action, targetType: auditLog.targetType, actorName };

const whereOf = (scope: AdminScope, q: AuditQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [auditScope(scope)];
  const actions = filterValues(
    q,
    'action',
    q.action
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (actions) conditions.push(actions.length ? inArray(auditLog.action, actions) : sql`false`);
  if (q.actorId) conditions.push(eq(auditLog.actorId, q.actorId));
  if (q.from) conditions.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (q.search) {
    const p = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(
        sql`${auditLog.action} ilike ${p}`,
        sql`${actorName} ilike ${p}`,
        sql`${actor.username} ilike ${p}`,
        sql`${targetLabel} ilike ${p}`,
        sql`${targetSchool.code} ilike ${p}`,
      ),
    );
  }
  return and(...conditions);
};

const base = (db: Db) =>
  db
    .select({
      entry: auditLog,
      actorName,
      actorUsername: actor.username,
      targetLabel,
      schoolName: schools.name,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, onTarget('user', targetUser.id))
    .leftJoin(targetSchool, onTarget('school', targetSchool.id))
    .leftJoin(customers, onTarget('customer', customers.id))
    .leftJoin(targetClass, onTarget('class', targetClass.id))
    .leftJoin(targetGroup, onTarget('group', targetGroup.id))
    .leftJoin(targetCourse, onTarget('course', targetCourse.id))
    .leftJoin(targetMaterial, onTarget('material', targetMaterial.id))
    .leftJoin(schools, eq(schools.id, auditLog.schoolId));

export const listAudit = async (db: Db, scope: AdminScope, q: AuditQuery) => {
  const where = whereOf(scope, q);
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, onTarget('user', targetUser.id))
    .leftJoin(targetSchool, onTarget('school', targetSchool.id))
    .leftJoin(customers, onTarget('customer', customers.id))
    .leftJoin(targetClass, onTarget('class', targetClass.id))
    .leftJoin(targetGroup, onTarget('group', targetGroup.id))
    .leftJoin(targetCourse, onTarget('course', targetCourse.id))
    .leftJoin(targetMaterial, onTarget('material', targetMaterial.id))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`${auditLog.createdAt} desc`, auditLog.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

/** The people who appear as actors in the log the scope sees. */
export const auditActors = (db: Db, scope: AdminScope) =>
  db
    .selectDistinct({ id: actor.id, firstName: actor.firstName, lastName: actor.lastName, username: actor.username })
    .from(auditLog)
    .innerJoin(actor, eq(actor.id, auditLog.actorId))
    .where(and(auditScope(scope), isNotNull(auditLog.actorId)))
    .orderBy(actor.lastName, actor.firstName, actor.username, actor.id)
    .limit(500);

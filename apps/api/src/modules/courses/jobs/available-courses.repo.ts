import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AVAILABLE_SOURCES, type AvailableSource } from '@klase/core/catalogue/contracts';
import { ROLE } from '@klase/core/roles';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { classTeachers, classes } from '../../../db/schema/classes.ts';
import { catalogueCategories, courses } from '../../../db/schema/courses.ts';
import { users } from '../../../db/schema/users.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../../kernel/table-sql.ts';
import { countsOf } from '../../../kernel/course-lists.ts';

/** The queries of `#/courses/available` (available-courses.ts). */

export interface AvailableCoursesQuery extends ParsedTableQuery {
  categoryId?: string;
}

const taughtBy = (userId: string): SQL =>
  sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${courses.classId} and ${classTeachers.userId} = ${userId})`;

const sourceOf = (userId: string) =>
  sql<AvailableSource>`(case when ${courses.classId} is null then 'catalogue' when ${taughtBy(userId)} then 'own' else 'school' end)`;

/** Catalogue courses count what a copy takes from them (published items); the others count everything. */
const countsFor = () => {
  const all = countsOf({ kind: 'staff' });
  const published = countsOf({ kind: 'published' });
  return {
    elementCount: sql<number>`(case when ${courses.classId} is null then ${published.elementCount} else ${all.elementCount} end)`,
    materialCount: sql<number>`(case when ${courses.classId} is null then ${published.materialCount} else ${all.materialCount} end)`,
  };
};

const whereOf = (user: UserRow, q: AvailableCoursesQuery): SQL | undefined => {
  const catalogue = and(isNull(courses.classId), eq(courses.published, true));
  const school = user.schoolId
    ? and(eq(courses.schoolId, user.schoolId), eq(classes.schoolId, user.schoolId), or(taughtBy(user.id), eq(courses.shared, true)))
    : undefined;
  const sources = filterValues(q, 'source');
  const known = sources?.filter((s): s is AvailableSource => (AVAILABLE_SOURCES as readonly string[]).includes(s));
  return and(
    isNull(courses.job),
    or(catalogue, school),
    known === undefined ? undefined : known.length ? inArray(sourceOf(user.id), known) : sql`false`,
    q.categoryId ? eq(courses.categoryId, q.categoryId) : undefined,
    searchAny(q.search, [courses.name, courses.code, courses.subject]),
  );
};

const SORTABLE = (userId: string) => ({
  name: sql`lower(${courses.name})`,
  code: courses.code,
  source: sourceOf(userId),
  updatedAt: courses.updatedAt,
});

/** One page of the courses the user can copy, and how many there are in all. */
export const availableCourseRows = async (db: Db, user: UserRow, q: AvailableCoursesQuery) => {
  const where = whereOf(user, q);
  const [total] = await db.select({ n: count() }).from(courses).leftJoin(classes, eq(classes.id, courses.classId)).where(where);
  const page = pageOf(q);
  const rows = await db
    .select({ course: courses, source: sourceOf(user.id), className: classes.name, categoryName: catalogueCategories.name, ...countsFor() })
    .from(courses)
    .leftJoin(classes, eq(classes.id, courses.classId))
    .leftJoin(catalogueCategories, eq(catalogueCategories.id, courses.categoryId))
    .where(where)
    .orderBy(...orderOf(q, SORTABLE(user.id), sql`lower(${courses.name}) asc`, courses.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(total?.n ?? 0) };
};

/** The teachers (role 3) of these classes, in their order. */
export const classTeacherNames = (db: Db, classIds: readonly string[]) =>
  db
    .select({ classId: classTeachers.classId, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.userId))
    .where(and(inArray(classTeachers.classId, [...classIds]), eq(users.roleId, ROLE.teacher)))
    .orderBy(asc(classTeachers.position), asc(users.id));

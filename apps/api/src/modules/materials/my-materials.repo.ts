import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MATERIAL_TYPES, type MaterialType } from '@klase/core/class-work/contracts';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classTeachers, classes } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import type { UserRow } from '../../platform/rows.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';

/** The query of `#/materials` (my-materials.ts): materials of the courses of the classes the user teaches. */

export interface MyMaterialsQuery extends ParsedTableQuery {
  courseId?: string;
  published?: boolean;
}

const SORTABLE = {
  name: sql`lower(${courseMaterials.name})`,
  type: courseMaterials.type,
  courseName: sql`lower(${courses.name})`,
  className: sql`lower(${classes.name})`,
  dueAt: courseMaterials.dueAt,
  updatedAt: courseMaterials.updatedAt,
};

const isType = (t: string): t is MaterialType => (MATERIAL_TYPES as readonly string[]).includes(t);

const whereOf = (user: UserRow, q: MyMaterialsQuery): SQL | undefined => {
  const taught = sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${courses.classId} and ${classTeachers.userId} = ${user.id})`;
  const types = filterValues(q, 'type');
  const valid = types?.filter(isType);
  return and(
    taught,
    user.schoolId ? eq(classes.schoolId, user.schoolId) : sql`false`,
    searchAny(q.search, [courseMaterials.name]),
    q.courseId ? eq(courses.id, q.courseId) : undefined,
    q.published === undefined ? undefined : eq(courseMaterials.published, q.published),
    types === undefined ? undefined : valid?.length ? inArray(courseMaterials.type, valid) : sql`false`,
  );
};

/** One page of the user's materials with their course, class and element names, and how many there are in all. */
export const myMaterialRows = async (db: Db, user: UserRow, q: MyMaterialsQuery) => {
  const where = whereOf(user, q);
  const [total] = await db
    .select({ n: count() })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(where);
  const rows = await db
    .select({ material: courseMaterials, courseName: courses.name, classId: courses.classId, className: classes.name, elementName: courseElements.name })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${courseMaterials.name}) asc`, courseMaterials.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

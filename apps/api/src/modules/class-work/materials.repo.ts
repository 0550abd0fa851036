import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MATERIAL_TYPES } from '@klase/core/classes/class-work';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../platform/table-sql.ts';
import { assignedOnly } from './course-sql.ts';

/** The materials and courses of one class (every query is bound to its class id). */

export interface MaterialQuery extends ParsedTableQuery {
  courseId?: string;
}

const SORTABLE = {
  name: sql`lower(${courseMaterials.name})`,
  type: courseMaterials.type,
  courseName: sql`lower(${courses.name})`,
  dueAt: courseMaterials.dueAt,
  updatedAt: courseMaterials.updatedAt,
};

const whereOf = (classId: string, publishedOnly: boolean, q: MaterialQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    eq(courses.classId, classId),
    publishedOnly ? assignedOnly : undefined,
    searchAny(q.search, [courseMaterials.name]),
    q.courseId ? eq(courses.id, q.courseId) : undefined,
  ];
  const types = filterValues(q, 'type');
  if (types) {
    const valid = types.filter((t): t is (typeof MATERIAL_TYPES)[number] => (MATERIAL_TYPES as readonly string[]).includes(t));
    conditions.push(valid.length ? inArray(courseMaterials.type, valid) : sql`false`);
  }
  return and(...conditions);
};

export const listMaterials = async (db: Db, classId: string, publishedOnly: boolean, q: MaterialQuery) => {
  const where = whereOf(classId, publishedOnly, q);
  const [total] = await db
    .select({ n: count() })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .where(where);
  const rows = await db
    .select({ material: courseMaterials, courseName: courses.name, elementName: courseElements.name })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${courseMaterials.name}) asc`, courseMaterials.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

/** Written with explicit aliases: drizzle leaves columns unqualified in single-table queries. */
const elementCount = (publishedOnly: boolean) =>
  sql<number>`(select count(*)::int from course_elements ce where ce.course_id = "courses"."id"${publishedOnly ? sql` and ce.published` : sql``})`;
const materialCount = (publishedOnly: boolean) =>
  sql<number>`(select count(*)::int from course_materials cm join course_elements ce on ce.id = cm.element_id
    where cm.course_id = "courses"."id"${publishedOnly ? sql` and cm.published and ce.published` : sql``})`;

export const listCourses = (db: Db, classId: string, publishedOnly: boolean) =>
  db
    .select({ course: courses, elementCount: elementCount(publishedOnly), materialCount: materialCount(publishedOnly) })
    .from(courses)
    .where(and(eq(courses.classId, classId), publishedOnly ? eq(courses.published, true) : undefined))
    .orderBy(sql`lower(${courses.name})`, asc(courses.id));

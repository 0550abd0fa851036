import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MATERIAL_TYPES } from '@klase/core/class-work/contracts';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classes } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { assignedToStudents, elementAssignedTo } from '../../kernel/assignment-sql.ts';

/**
 * The materials and courses of one class (every query is bound to its class id). `students`: null
 * for staff (everything), else the students whose view it is (a student, or a parent's children in
 * the class): published content of the elements assigned to them only.
 */
export type ClassViewer = readonly string[] | null;

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

const whereOf = (classId: string, students: ClassViewer, q: MaterialQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    eq(courses.classId, classId),
    students ? assignedToStudents(students) : undefined,
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

export const listMaterials = async (db: Db, classId: string, students: ClassViewer, q: MaterialQuery) => {
  const where = whereOf(classId, students, q);
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

/** Elements and materials of the course row: every one for staff, the published ones assigned to the viewer's students otherwise. */
const elementCount = (students: ClassViewer) =>
  sql<number>`(select count(*)::int from ${courseElements} where ${courseElements.courseId} = ${courses.id}${
    students ? sql` and ${courseElements.published} and ${elementAssignedTo(students)}` : sql``
  })`;
const materialCount = (students: ClassViewer) =>
  sql<number>`(select count(*)::int from ${courseMaterials} join ${courseElements} on ${courseElements.id} = ${courseMaterials.elementId}
    where ${courseMaterials.courseId} = ${courses.id}${students ? sql` and ${assignedToStudents(students)}` : sql``})`;

/** Joined with its class so drizzle qualifies every column (a single-table query leaves them bare, which the subqueries would misread). */
export const listCourses = (db: Db, classId: string, students: ClassViewer) =>
  db
    .select({ course: courses, elementCount: elementCount(students), materialCount: materialCount(students) })
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(and(eq(courses.classId, classId), students ? eq(courses.published, true) : undefined))
    .orderBy(sql`lower(${courses.name})`, asc(courses.id));

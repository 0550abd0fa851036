import { and, eq, isNull } from 'drizzle-orm';
import type { AggregationMethod } from '@klase/core/gradebook/index';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema/courses.ts';
import { gradeCategories, gradeGrades, gradeItems, gradeScales, gradingPeriods, rubrics } from '../db/schema/gradebook.ts';
import { ensureGradebook } from '../modules/gradebook/setup-loader.ts';
import { uniq } from './factories.ts';

/**
 * Test data for the gradebook (issue 7), written straight to the tables. `buildGradebookCourse`
 * gives a class course with its gradebook (settings row and root category) ready; the other
 * builders add categories, manual items, scales, rubrics, periods and grades.
 */

export type CategoryRecord = typeof gradeCategories.$inferSelect;
export type ItemRecord = typeof gradeItems.$inferSelect;

/** A published course of the class with its gradebook created; `categories` names categories to add under the root. */
export const buildGradebookCourse = async (db: Db, opts: { schoolId: string; classId: string; name?: string; categories?: string[] }) => {
  const [course] = await db
    .insert(courses)
    .values({ schoolId: opts.schoolId, classId: opts.classId, name: opts.name ?? uniq('Course '), code: uniq('C'), published: true, sequential: false })
    .returning();
  if (!course) throw new Error('course');
  await ensureGradebook(db, course.id);
  const [root] = await db
    .select()
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, course.id), isNull(gradeCategories.parentId)))
    .limit(1);
  if (!root) throw new Error('root category');
  const categories: CategoryRecord[] = [];
  for (const [i, name] of (opts.categories ?? []).entries())
    categories.push(await buildGradeCategory(db, { courseId: course.id, parentId: root.id, name, position: i + 1 }));
  return { course, root, categories };
};

export const buildGradeCategory = async (
  db: Db,
  opts: { courseId: string; parentId: string; name?: string } & Partial<
    Omit<typeof gradeCategories.$inferInsert, 'courseId' | 'parentId' | 'name' | 'aggregation'>
  > & {
      aggregation?: AggregationMethod;
    },
): Promise<CategoryRecord> => {
  const [row] = await db
    .insert(gradeCategories)
    .values({ ...opts, name: opts.name ?? uniq('Category ') })
    .returning();
  if (!row) throw new Error('grade category');
  return row;
};

/** A manual grade item (no material), 0..100 unless told otherwise. */
export const buildGradeItem = async (
  db: Db,
  opts: { courseId: string; categoryId: string; name?: string } & Partial<Omit<typeof gradeItems.$inferInsert, 'courseId' | 'categoryId' | 'name'>>,
): Promise<ItemRecord> => {
  const [row] = await db
    .insert(gradeItems)
    .values({ ...opts, name: opts.name ?? uniq('Recitation ') })
    .returning();
  if (!row) throw new Error('grade item');
  return row;
};

/** A scale: custom of `courseId`, or a standard one of the school when `courseId` is null. */
export const buildGradeScale = async (db: Db, opts: { schoolId: string; courseId: string | null; name?: string; values?: string[] }) => {
  const [row] = await db
    .insert(gradeScales)
    .values({
      schoolId: opts.schoolId,
      courseId: opts.courseId,
      name: opts.name ?? uniq('Scale '),
      values: opts.values ?? ['Beginning', 'Developing', 'Proficient'],
    })
    .returning();
  if (!row) throw new Error('scale');
  return row;
};

export type RubricCriteria = (typeof rubrics.$inferInsert)['criteria'];

/** A rubric; by default two criteria of levels 0/2/4 points (maximum 8). */
export const buildRubric = async (db: Db, opts: { courseId: string; name?: string; criteria?: RubricCriteria }) => {
  const levels = (p: string) => [
    { id: `${p}-0`, label: 'Beginning', points: 0 },
    { id: `${p}-2`, label: 'Developing', points: 2 },
    { id: `${p}-4`, label: 'Proficient', points: 4 },
  ];
  const criteria = opts.criteria ?? [
    { id: 'content', title: 'Content', levels: levels('content') },
    { id: 'grammar', title: 'Grammar', levels: levels('grammar') },
  ];
  const [row] = await db
    .insert(rubrics)
    .values({ courseId: opts.courseId, name: opts.name ?? uniq('Rubric '), criteria })
    .returning();
  if (!row) throw new Error('rubric');
  return row;
};

export const buildGradingPeriod = async (db: Db, opts: { courseId: string; name?: string; startsOn: string; endsOn: string; weight?: number }) => {
  const [row] = await db
    .insert(gradingPeriods)
    .values({ courseId: opts.courseId, name: opts.name ?? uniq('Quarter '), startsOn: opts.startsOn, endsOn: opts.endsOn, weight: opts.weight ?? 0 })
    .returning();
  if (!row) throw new Error('grading period');
  return row;
};

/** A gradebook grade record (a manual item's grade or a material's override) with flags. */
export const setGradebookGrade = async (
  db: Db,
  opts: {
    courseId: string;
    itemId: string;
    studentId: string;
    value: number | null;
    excused?: boolean;
    hidden?: boolean;
    locked?: boolean;
    by?: string | null;
  },
) => {
  const values = {
    value: opts.value,
    excused: opts.excused ?? false,
    hidden: opts.hidden ?? false,
    locked: opts.locked ?? false,
    updatedBy: opts.by ?? null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(gradeGrades)
    .values({ courseId: opts.courseId, itemId: opts.itemId, studentId: opts.studentId, ...values })
    .onConflictDoUpdate({ target: [gradeGrades.itemId, gradeGrades.studentId], set: values })
    .returning();
  if (!row) throw new Error('grade');
  return row;
};

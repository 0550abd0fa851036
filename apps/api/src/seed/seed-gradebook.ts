import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { schoolDate } from '@klase/core/gradebook/setup-build';
import { rubricMaxPoints } from '@klase/core/gradebook/contracts';
import { GRADED_TYPES } from '@klase/core/materials/contracts';
import { ensureGradebook } from '../modules/gradebook/setup-loader.ts';
import type { Db } from '../db/client.ts';
import { submissions } from '../db/schema/assessments.ts';
import { classes, classStudents, classTeachers } from '../db/schema/classes.ts';
import { courseMaterials, courses } from '../db/schema/courses.ts';
import {
  gradebookSettings,
  gradeCategories,
  gradeGrades,
  gradeItems,
  gradeScales,
  gradingPeriods,
  rubrics,
  submissionRubricScores,
} from '../db/schema/gradebook.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_COURSES } from './seed-courses.ts';

/**
 * The demo gradebooks (issue 7), added by `seedDemo` after the assessments: every demo class course
 * with graded materials gets the DepEd components as categories of its Natural course total
 * (Written Work 30 %, Performance Tasks 50 %, Quarterly Assessment 20 %, as weight overrides;
 * Written Work averages its grades and drops the lowest), its quizzes in Written Work and its
 * assignments and activities in Performance Tasks, two quarters around the seed's date (the final
 * grade is their weighted mean), a custom participation scale, manual items (seatwork, the
 * quarterly examination, participation on the scale) graded for every student, and a rubric on one
 * assignment (its graded work gets the levels that give its grade). Letters stay the defaults.
 * A course whose gradebook already has categories is left alone, so this can run again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_CATEGORIES = [
  { key: 'written', name: 'Written Work', weight: 30, aggregation: 'mean', dropLowest: 1 },
  { key: 'performance', name: 'Performance Tasks', weight: 50, aggregation: 'natural', dropLowest: 0 },
  { key: 'quarterly', name: 'Quarterly Assessment', weight: 20, aggregation: 'natural', dropLowest: 0 },
] as const;
type CategoryKey = (typeof DEMO_CATEGORIES)[number]['key'];

export const PARTICIPATION_SCALE = { name: 'Class participation', values: ['Needs improvement', 'Satisfactory', 'Very satisfactory', 'Outstanding'] };

/** Manual items: category, maximum (a scale item: the scale), date in days from the seed, and each student's grade (students by last name). */
export const DEMO_MANUAL_ITEMS: readonly { name: string; category: CategoryKey; max: number | 'scale'; inDays: number; grades: readonly number[] }[] = [
  { name: 'Seatwork 1', category: 'written', max: 10, inDays: -20, grades: [8, 6, 9, 7, 10, 5] },
  { name: 'Seatwork 2', category: 'written', max: 10, inDays: -9, grades: [9, 8, 7, 4, 9, 8] },
  { name: 'Class participation', category: 'performance', max: 'scale', inDays: -5, grades: [4, 3, 4, 2, 3, 3] },
  { name: 'First Quarter Examination', category: 'quarterly', max: 50, inDays: -1, grades: [42, 35, 47, 31, 45, 38] },
];

/** The rubric of one demo assignment (20 points at best, like the assignment). */
export const DEMO_RUBRIC = {
  material: 'Cell analogy: our school as a cell',
  name: 'Cell analogy rubric',
  criteria: [
    {
      id: 'comparisons',
      title: 'Correct comparisons',
      levels: [
        { id: 'comparisons-1', label: 'One or two', points: 6 },
        { id: 'comparisons-3', label: 'Three', points: 9 },
        { id: 'comparisons-4', label: 'Four', points: 12 },
        { id: 'comparisons-5', label: 'All five', points: 15 },
      ],
    },
    {
      id: 'writing',
      title: 'Clear writing',
      levels: [
        { id: 'writing-1', label: 'Hard to follow', points: 1 },
        { id: 'writing-3', label: 'Mostly clear', points: 3 },
        { id: 'writing-5', label: 'Clear and complete', points: 5 },
      ],
    },
  ],
};

type Criteria = typeof DEMO_RUBRIC.criteria;

/** The levels (one per criterion) whose points add up to `grade`, if any. */
export const levelsFor = (criteria: Criteria, grade: number): Record<string, string> | null => {
  const pick = (i: number, left: number): Record<string, string> | null => {
    const c = criteria[i];
    if (!c) return Math.abs(left) < 0.005 ? {} : null;
    for (const l of c.levels) {
      const rest = pick(i + 1, left - l.points);
      if (rest) return { [c.id]: l.id, ...rest };
    }
    return null;
  };
  return pick(0, grade);
};

const plusDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The demo class courses with graded materials (by class and course name). */
const demoCourses = async (db: Db) => {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, 'RNHS')).limit(1);
  if (!school) return [];
  const found = [];
  for (const demo of DEMO_COURSES) {
    const [course] = await db
      .select({ id: courses.id, schoolId: courses.schoolId, classId: courses.classId })
      .from(courses)
      .innerJoin(classes, eq(classes.id, courses.classId))
      .where(and(eq(classes.schoolId, school.id), eq(classes.name, demo.className), eq(courses.name, demo.name)))
      .limit(1);
    if (!course?.classId || !course.schoolId) continue;
    const graded = await db.$count(courseMaterials, and(eq(courseMaterials.courseId, course.id), inArray(courseMaterials.type, GRADED_TYPES)));
    if (graded > 0) found.push({ id: course.id, schoolId: course.schoolId, classId: course.classId });
  }
  return found;
};

type Course = Awaited<ReturnType<typeof demoCourses>>[number];

/** The rubric on the demo assignment, with the levels of its graded work. */
const seedRubric = async (tx: Db, course: Course, teacherId: string | null): Promise<void> => {
  const [material] = await tx
    .select({ id: courseMaterials.id, maxPoints: courseMaterials.maxPoints })
    .from(courseMaterials)
    .where(and(eq(courseMaterials.courseId, course.id), eq(courseMaterials.name, DEMO_RUBRIC.material), eq(courseMaterials.type, 'assignment')))
    .limit(1);
  if (!material || material.maxPoints !== rubricMaxPoints(DEMO_RUBRIC.criteria)) return;
  const [rubric] = await tx
    .insert(rubrics)
    .values({ courseId: course.id, name: DEMO_RUBRIC.name, criteria: DEMO_RUBRIC.criteria, createdBy: teacherId, updatedBy: teacherId })
    .returning({ id: rubrics.id });
  if (!rubric) throw new Error('seed: rubric not created');
  await tx.update(gradeItems).set({ rubricId: rubric.id }).where(eq(gradeItems.materialId, material.id));
  const graded = await tx.select({ id: submissions.id, grade: submissions.grade }).from(submissions).where(eq(submissions.materialId, material.id));
  for (const s of graded) {
    const selections = s.grade === null ? null : levelsFor(DEMO_RUBRIC.criteria, s.grade);
    if (selections) await tx.insert(submissionRubricScores).values({ submissionId: s.id, rubricId: rubric.id, selections, updatedBy: teacherId });
  }
};

/** The class's first teacher (who made and last changed the seeded records of its courses), if any. */
export const firstTeacherId = async (tx: Db, classId: string): Promise<string | null> => {
  const [teacher] = await tx
    .select({ id: classTeachers.userId })
    .from(classTeachers)
    .where(eq(classTeachers.classId, classId))
    .orderBy(asc(classTeachers.position))
    .limit(1);
  return teacher?.id ?? null;
};

/** Who made and last changed a seeded record: the course's first teacher. */
const stampOf = (by: string | null) => ({ createdBy: by, updatedBy: by });

/** The DepEd components under the course's root, and the course's materials filed into them. */
const seedCategories = async (tx: Db, course: Course, rootId: string, by: string | null) => {
  const stamp = stampOf(by);
  const categoryId = {} as Record<CategoryKey, string>;
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    const [row] = await tx
      .insert(gradeCategories)
      .values({
        ...stamp,
        courseId: course.id,
        parentId: rootId,
        name: c.name,
        weight: c.weight,
        aggregation: c.aggregation,
        dropLowest: c.dropLowest,
        position: i + 1,
      })
      .returning({ id: gradeCategories.id });
    if (!row) throw new Error(`seed: category ${c.name} not created`);
    categoryId[c.key] = row.id;
  }
  // Materials into their component: quizzes are written work, assignments and activities performance tasks.
  const items = await tx
    .select({ id: gradeItems.id, type: courseMaterials.type })
    .from(gradeItems)
    .innerJoin(courseMaterials, eq(courseMaterials.id, gradeItems.materialId))
    .where(eq(gradeItems.courseId, course.id));
  for (const item of items) {
    await tx
      .update(gradeItems)
      .set({ categoryId: item.type === 'quiz' ? categoryId.written : categoryId.performance, updatedBy: by })
      .where(eq(gradeItems.id, item.id));
  }

  return categoryId;
};

/** Hand-entered items (one on the participation scale) with a grade for every student. */
const seedManualItems = async (
  tx: Db,
  course: Course,
  { categoryId, scaleId, by, now }: { categoryId: Record<CategoryKey, string>; scaleId: string; by: string | null; now: Date },
) => {
  const stamp = stampOf(by);
  const students = await tx
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(eq(classStudents.classId, course.classId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  for (const [i, m] of DEMO_MANUAL_ITEMS.entries()) {
    const scaled = m.max === 'scale';
    const max = m.max === 'scale' ? PARTICIPATION_SCALE.values.length : m.max;
    const [item] = await tx
      .insert(gradeItems)
      .values({
        ...stamp,
        courseId: course.id,
        categoryId: categoryId[m.category],
        name: m.name,
        gradeType: scaled ? 'scale' : 'value',
        scaleId: scaled ? scaleId : null,
        maxGrade: max,
        minGrade: scaled ? 1 : 0,
        dueAt: plusDays(now, m.inDays),
        position: 100 + i,
      })
      .returning({ id: gradeItems.id });
    if (!item) throw new Error(`seed: item ${m.name} not created`);
    await tx
      .insert(gradeGrades)
      .values(students.map((s, j) => ({ itemId: item.id, studentId: s.id, courseId: course.id, value: m.grades[j % m.grades.length] ?? null, updatedBy: by })));
  }
};

/** One course's gradebook; false when it already has categories (left alone). */
const seedCourse = async (tx: Db, course: Course, now: Date): Promise<boolean> => {
  await ensureGradebook(tx, course.id);
  const [root] = await tx
    .select({ id: gradeCategories.id })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, course.id), isNull(gradeCategories.parentId)))
    .limit(1);
  if (!root) throw new Error('seed: root category missing');
  if ((await tx.$count(gradeCategories, eq(gradeCategories.courseId, course.id))) > 1) return false;
  const by = await firstTeacherId(tx, course.classId);
  const stamp = stampOf(by);

  const categoryId = await seedCategories(tx, course, root.id, by);

  const today = schoolDate(now);
  await tx.insert(gradingPeriods).values([
    { ...stamp, courseId: course.id, name: 'First Quarter', startsOn: schoolDate(plusDays(now, -70)), endsOn: today, weight: 50 },
    { ...stamp, courseId: course.id, name: 'Second Quarter', startsOn: schoolDate(plusDays(now, 1)), endsOn: schoolDate(plusDays(now, 70)), weight: 50 },
  ]);
  await tx.update(gradebookSettings).set({ finalMode: 'periods', updatedBy: by }).where(eq(gradebookSettings.courseId, course.id));
  const [scale] = await tx
    .insert(gradeScales)
    .values({
      ...stamp,
      schoolId: course.schoolId,
      courseId: course.id,
      name: PARTICIPATION_SCALE.name,
      values: PARTICIPATION_SCALE.values,
      description: 'How actively the student takes part in class.',
    })
    .returning({ id: gradeScales.id });
  if (!scale) throw new Error('seed: scale not created');

  await seedManualItems(tx, course, { categoryId, scaleId: scale.id, by, now });
  await seedRubric(tx, course, by);
  return true;
};

/** Seeds the demo gradebooks; answers how many courses got one (0 when run again). */
export const seedDemoGradebook = async (db: Db, now = new Date()): Promise<number> =>
  db.transaction(async (tx) => {
    let seeded = 0;
    for (const course of await demoCourses(tx)) if (await seedCourse(tx, course, now)) seeded += 1;
    return seeded;
  });

import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Component, GradingPolicy, SubjectGroup } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { schoolDate } from '@klase/core/gradebook/setup-build';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema/courses.ts';
import { schoolGradingPolicies } from '../db/schema/deped.ts';
import { gradeGrades, gradeItems } from '../db/schema/gradebook.ts';
import { schools } from '../db/schema/tenancy.ts';
import { applyDeped } from '../modules/grading-policy/course-deped.service.ts';
import { loadDepedGrades, readCourseDepedRow } from '../modules/grading-policy/deped-grades.service.ts';
import { ensureGradebook } from '../modules/gradebook/setup-loader.ts';
import { firstTeacherId } from './seed-gradebook.ts';

/**
 * The demo school on DepEd's grading policy (issue 19), added by `seedDemo` after the gradebooks:
 * Rizal National High School runs `deped` with its quarters placed around the seeding day (quarter 1
 * just ended today, quarter 2 starts tomorrow, 70 days each, like the gradebook seed's periods);
 * every class course of the school becomes a learning area of its subject's group (the policy
 * applied as a teacher's `PUT /deped` would: WW/PT/QA categories with the preset weights, the
 * quarters as grading periods) and gets a full first quarter: written works, performance tasks and
 * the quarterly examination scored for every enrolled learner, so each has a quarterly grade (some
 * outstanding, one below 75). The second demo school stays on the custom policy. A school that
 * already has a policy is left alone, so this can run again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_DAYS = 70;

/** The subject group of a demo course's subject (subjects not listed are left custom). */
export const SUBJECT_GROUP_OF: Readonly<Record<string, SubjectGroup>> = {
  English: 'languages',
  Filipino: 'languages',
  'Araling Panlipunan': 'languages',
  EsP: 'languages',
  'Edukasyon sa Pagpapakatao': 'languages',
  Science: 'scienceMath',
  Mathematics: 'scienceMath',
  MAPEH: 'mapehEpp',
  EPP: 'mapehEpp',
  TLE: 'mapehEpp',
};

/** The demo quarters: quarter 1 ends on the seeding day, the others follow, 70 days each. */
export const demoQuarters = (now: Date): GradingPolicy['quarters'] =>
  ([1, 2, 3, 4] as const).map((quarter) => {
    const start = (quarter - 1) * QUARTER_DAYS - QUARTER_DAYS + (quarter === 1 ? 0 : 1);
    const end = (quarter - 1) * QUARTER_DAYS;
    return { quarter, startsOn: schoolDate(new Date(now.getTime() + start * DAY_MS)), endsOn: schoolDate(new Date(now.getTime() + end * DAY_MS)) };
  });

/**
 * The first quarter's items (added when the course has none of that name; the gradebook seed's
 * seatworks and examination are kept with their grades) and each learner's share of the maximum,
 * by roster position (last name first): strong, average, excellent, struggling, very good, fair.
 */
export const DEPED_Q1_ITEMS: readonly { name: string; component: Component; max: number; inDays: number }[] = [
  { name: 'Seatwork 1', component: 'ww', max: 10, inDays: -20 },
  { name: 'Seatwork 2', component: 'ww', max: 10, inDays: -9 },
  { name: 'Long quiz 1', component: 'ww', max: 25, inDays: -30 },
  { name: 'Performance task 1', component: 'pt', max: 40, inDays: -45 },
  { name: 'Performance task 2', component: 'pt', max: 50, inDays: -15 },
  { name: 'First Quarter Examination', component: 'qa', max: 50, inDays: -1 },
];
export const DEPED_SHARES: readonly number[] = [0.86, 0.78, 0.97, 0.52, 0.93, 0.8];

type DemoCourse = { id: string; classId: string; subject: string | null };

const policyOf = (schoolYearFrom: number, now: Date): GradingPolicy => ({ ...defaultPolicy(schoolYearFrom), kind: 'deped', quarters: demoQuarters(now) });

/** How many first-quarter items each component should have at least (one of them by value and scored for everyone). */
const Q1_TARGET: Record<Component, number> = { ww: 3, pt: 2, qa: 1 };

/**
 * The first quarter's items a course lacks, with a score for every enrolled learner: an item of the
 * list is added while its component has fewer first-quarter items than its target, or no item by
 * value scored for everyone yet (graded materials count only for the learners whose work was
 * returned, the participation scale is no task).
 */
const seedQuarterOne = async (tx: Db, course: DemoCourse, by: string | null, now: Date): Promise<void> => {
  const g = await loadDepedGrades(tx, course.id, { now: now.getTime() });
  if (!g) throw new Error('seed: DepEd course not set up');
  const ids = await readCourseDepedRow(tx, course.id);
  const q1 = g.quarters[0]?.periodId ?? null;
  if (!ids?.wwCategoryId || !ids.ptCategoryId || !ids.qaCategoryId || !q1) throw new Error('seed: DepEd categories or quarter 1 missing');
  const categoryOf: Record<Component, string> = { ww: ids.wwCategoryId, pt: ids.ptCategoryId, qa: ids.qaCategoryId };
  const have = new Set((await tx.select({ name: gradeItems.name }).from(gradeItems).where(eq(gradeItems.courseId, course.id))).map((i) => i.name));
  const inQ1 = g.items.filter((i) => i.quarter === 1);
  const added: Record<Component, number> = { ww: 0, pt: 0, qa: 0 };
  const all = (c: Component) => inQ1.filter((i) => i.component === c).length + added[c];
  const forEveryone = (c: Component) => inQ1.filter((i) => i.component === c && i.materialId === null && !i.scale).length + added[c];
  const students = [...g.students.keys()];
  for (const [i, m] of DEPED_Q1_ITEMS.entries()) {
    const c = m.component;
    if (have.has(m.name) || (all(c) >= Q1_TARGET[c] && forEveryone(c) > 0)) continue;
    added[c] += 1;
    const [item] = await tx
      .insert(gradeItems)
      .values({
        courseId: course.id,
        categoryId: categoryOf[c],
        name: m.name,
        maxGrade: m.max,
        dueAt: new Date(now.getTime() + m.inDays * DAY_MS),
        gradingPeriodId: q1,
        position: 200 + i,
        createdBy: by,
        updatedBy: by,
      })
      .returning({ id: gradeItems.id });
    if (!item) throw new Error(`seed: item ${m.name} not created`);
    if (students.length === 0) continue;
    await tx.insert(gradeGrades).values(
      students.map((studentId, j) => ({
        itemId: item.id,
        studentId,
        courseId: course.id,
        value: Math.round((DEPED_SHARES[j % DEPED_SHARES.length] ?? 0.8) * m.max),
        updatedBy: by,
      })),
    );
  }
};

/** Seeds the demo school's DepEd policy and learning areas; answers how many courses became learning areas (0 when run again). */
export const seedDemoDeped = async (db: Db, now = new Date()): Promise<number> =>
  db.transaction(async (tx) => {
    const [school] = await tx.select({ id: schools.id, year: schools.schoolYearFrom }).from(schools).where(eq(schools.code, 'RNHS')).limit(1);
    if (!school) return 0;
    if ((await tx.$count(schoolGradingPolicies, eq(schoolGradingPolicies.schoolId, school.id))) > 0) return 0;
    const policy = policyOf(school.year ?? 2025, now);
    await tx.insert(schoolGradingPolicies).values({ schoolId: school.id, ...policy });
    const list: DemoCourse[] = await tx
      .select({ id: courses.id, classId: courses.classId, subject: courses.subject })
      .from(courses)
      .where(and(eq(courses.schoolId, school.id), isNotNull(courses.classId)))
      .orderBy(asc(courses.createdAt))
      .then((rows) => rows.flatMap((r) => (r.classId ? [{ ...r, classId: r.classId }] : [])));
    let seeded = 0;
    for (const course of list) {
      const subjectGroup = course.subject ? SUBJECT_GROUP_OF[course.subject] : undefined;
      if (!subjectGroup) continue;
      const by = await firstTeacherId(tx, course.classId);
      await ensureGradebook(tx, course.id);
      await applyDeped(tx, by, course.id, policy, { subjectGroup, mapehPart: null });
      await seedQuarterOne(tx, course, by, now);
      seeded += 1;
    }
    return seeded;
  });

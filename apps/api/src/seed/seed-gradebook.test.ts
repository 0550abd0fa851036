import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGradebook, type ItemGrade } from '@klase/core/gradebook/index';
import { buildEngineSetup, finalFromPeriods } from '@klase/core/gradebook/setup-build';
import { loadSetupRows } from '../modules/gradebook/setup-loader.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { submissions } from '../db/schema/assessments.ts';
import { courses } from '../db/schema/courses.ts';
import { gradeCategories, gradeGrades, gradeItems, gradeScales, gradingPeriods, rubrics, submissionRubricScores } from '../db/schema/gradebook.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_RUBRIC, levelsFor, seedDemoGradebook } from './seed-gradebook.ts';
import { seedDemo } from './seed.ts';

describe('demo gradebooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db)).toBe(true);
  });
  afterAll(() => t.close());

  const courseNamed = async (name: string) => {
    const [row] = await t.db.select().from(courses).where(eq(courses.name, name));
    if (!row?.schoolId) throw new Error(`${name} missing`);
    return { id: row.id, schoolId: row.schoolId };
  };
  const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? '';

  /** The student's course total and final grade as the server's engine computes them from the stored setup and grades. */
  const totalsOf = async (course: { id: string; schoolId: string }, studentId: string) => {
    const rows = await loadSetupRows(t.db, course.id, course.schoolId, false);
    const now = Date.now();
    const materialIds = rows.items.flatMap((i) => (i.materialId ? [i.materialId] : []));
    const returned = await t.db
      .select({ materialId: submissions.materialId, grade: submissions.grade })
      .from(submissions)
      .where(and(inArray(submissions.materialId, materialIds), eq(submissions.studentId, studentId), isNotNull(submissions.returnedAt)));
    const stored = await t.db
      .select()
      .from(gradeGrades)
      .where(and(eq(gradeGrades.courseId, course.id), eq(gradeGrades.studentId, studentId)));
    const grades: Record<string, ItemGrade> = {};
    for (const item of rows.items) {
      const own = stored.find((g) => g.itemId === item.id);
      const counted = returned.find((s) => s.materialId === item.materialId)?.grade ?? null;
      const value = own?.value ?? counted;
      if (own || counted !== null)
        grades[item.id] = { value, excluded: own?.excused ?? false, overridden: Boolean(item.materialId && own?.value !== null && own) };
    }
    const [all] = computeGradebook(buildEngineSetup(rows, now), [{ studentId, grades }], { now, explain: false });
    const periods = rows.periods.map((p) => {
      const [one] = computeGradebook(
        buildEngineSetup(rows, now, (id) => rows.items.find((i) => i.id === id)?.periodId === p.id),
        [{ studentId, grades }],
        { now, explain: false },
      );
      return { weight: p.weight, percent: one?.course.percent ?? null };
    });
    return {
      rows,
      course: all?.course,
      written: all?.totals[rows.categories.find((c) => c.name === 'Written Work')?.id ?? ''],
      final: finalFromPeriods(periods),
    };
  };

  // The demo school runs DepEd's policy (seed-deped.ts, after this seed): Science 7 is a Science/Math
  // learning area, so its components weigh 40/40/20, each Natural (DepEd's PS), under a weighted-mean
  // course total, and its periods are the school's four quarters.
  it('sets up the DepEd components, quarters, a custom scale, manual items and a rubric in every demo course with graded work', async () => {
    const science = await courseNamed('Science 7: Living Things');
    const cats = await t.db.select().from(gradeCategories).where(eq(gradeCategories.courseId, science.id)).orderBy(asc(gradeCategories.position));
    expect(cats.map((c) => [c.name, c.parentId === null ? null : c.weight, c.aggregation, c.dropLowest])).toEqual([
      ['Science 7: Living Things', null, 'weightedMean', 0],
      ['Written Work', 40, 'natural', 0],
      ['Performance Tasks', 40, 'natural', 0],
      ['Quarterly Assessment', 20, 'natural', 0],
    ]);
    const periods = await t.db.select().from(gradingPeriods).where(eq(gradingPeriods.courseId, science.id)).orderBy(asc(gradingPeriods.startsOn));
    expect(periods.map((p) => [p.name, p.weight])).toEqual([
      ['Quarter 1', 25],
      ['Quarter 2', 25],
      ['Quarter 3', 25],
      ['Quarter 4', 25],
    ]);
    expect((await t.db.select().from(gradeScales).where(eq(gradeScales.courseId, science.id))).map((s) => s.values.length)).toEqual([4]);
    const rows = await loadSetupRows(t.db, science.id, science.schoolId, false);
    const byName = Object.fromEntries(rows.items.map((i) => [i.name, [rows.categories.find((c) => c.id === i.categoryId)?.name, i.source]]));
    expect(byName).toMatchObject({
      'Cells and ecosystems quiz': ['Written Work', 'quiz'],
      'Cell analogy: our school as a cell': ['Performance Tasks', 'assignment'],
      'Food web role-play': ['Performance Tasks', 'activity'],
      'Seatwork 1': ['Written Work', 'manual'],
      'Class participation': ['Performance Tasks', 'manual'],
      'First Quarter Examination': ['Quarterly Assessment', 'manual'],
    });
    // Every enrolled student (six in Sampaguita) has a grade of every manual item (four of this seed, the long quiz and a performance task of the DepEd seed).
    const manual = rows.items.filter((i) => i.source === 'manual').map((i) => i.id);
    expect(manual).toHaveLength(6);
    expect(await t.db.$count(gradeGrades, inArray(gradeGrades.itemId, manual))).toBe(6 * 6);
    // The rubric's assignment: its graded work carries the levels that give its grade.
    const [rubric] = await t.db.select().from(rubrics).where(eq(rubrics.courseId, science.id));
    expect(rows.items.find((i) => i.name === DEMO_RUBRIC.material)).toMatchObject({ rubricId: rubric?.id, maxGrade: 20 });
    const scored = await t.db
      .select({ grade: submissions.grade, selections: submissionRubricScores.selections })
      .from(submissionRubricScores)
      .innerJoin(submissions, eq(submissions.id, submissionRubricScores.submissionId));
    expect(scored.map((s) => s.grade).sort()).toEqual([15, 18]);
    for (const s of scored) expect(s.selections).toEqual(levelsFor(DEMO_RUBRIC.criteria, s.grade ?? -1));
    // Mathematics 8 and Araling Panlipunan 10 have graded materials too.
    for (const name of ['Mathematics 8: Linear Equations', 'Araling Panlipunan 10: Contemporary Issues']) {
      const c = await courseNamed(name);
      expect(await t.db.$count(gradeCategories, eq(gradeCategories.courseId, c.id))).toBe(4);
    }
  });

  it('computes a course total and a final grade for a demo student, the components as DepEd counts them', async () => {
    const science = await courseNamed('Science 7: Living Things');
    const isabel = await totalsOf(science, await userId('student4'));
    // Written Work (Natural): quiz 24/25, seatworks 9/10 and 7/10, long quiz 24/25 → 64 of 70.
    expect(isabel.written?.value).toBeCloseTo(64, 5);
    // Performance Tasks (Natural): 18 + 19 + 10 + 4 (the scale's best word) + 39 of 94; the examination 47/50 = 94 %.
    // The course total weighs the components' percentages 40 / 40 / 20.
    expect(isabel.course?.percent).toBeCloseTo(0.4 * ((64 / 70) * 100) + 0.4 * ((90 / 94) * 100) + 0.2 * 94, 5);
    // Quarter 1: WW 40/45, PT 71/74, QA 94 % (DepEd's initial grade); quarter 2: only the quiz (24/25) and the drawing (19/20),
    // no examination yet (an empty component is left out); the final is the mean of the two quarters with a total.
    const q1 = 0.4 * ((40 / 45) * 100) + 0.4 * ((71 / 74) * 100) + 0.2 * 94;
    expect(isabel.final).toBeCloseTo((q1 + (40 * 96 + 40 * 95) / 80) / 2, 5);
  });

  it('leaves the gradebooks alone when run again', async () => {
    const before = await Promise.all([
      t.db.$count(gradeCategories),
      t.db.$count(gradeItems),
      t.db.$count(gradeGrades),
      t.db.$count(rubrics),
      t.db.$count(gradingPeriods),
    ]);
    expect(await seedDemoGradebook(t.db)).toBe(0);
    const after = await Promise.all([
      t.db.$count(gradeCategories),
      t.db.$count(gradeItems),
      t.db.$count(gradeGrades),
      t.db.$count(rubrics),
      t.db.$count(gradingPeriods),
    ]);
    expect(after).toEqual(before);
  });
});

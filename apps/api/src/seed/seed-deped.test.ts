import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDate } from '@klase/core/gradebook/setup-build';
import { courses } from '../db/schema/courses.ts';
import { courseDeped, schoolGradingPolicies } from '../db/schema/deped.ts';
import { gradeCategories, gradeGrades, gradeItems, gradingPeriods } from '../db/schema/gradebook.ts';
import { schools } from '../db/schema/tenancy.ts';
import { loadDepedGrades } from '../modules/grading-policy/deped-grades.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoDeped } from './seed-deped.ts';
import { seedDemo } from './seed.ts';

describe('the demo school on the DepEd policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db)).toBe(true);
  });
  afterAll(() => t.close());

  const schoolId = async (code: string) => (await t.db.select({ id: schools.id }).from(schools).where(eq(schools.code, code)))[0]?.id ?? '';

  it('puts Rizal National High School on DepEd with quarter 1 ending today; the second school stays custom', async () => {
    const [policy] = await t.db
      .select()
      .from(schoolGradingPolicies)
      .where(eq(schoolGradingPolicies.schoolId, await schoolId('RNHS')));
    expect(policy).toMatchObject({ kind: 'deped', schoolYearFrom: 2025 });
    expect(policy!.quarters.map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
    expect(policy!.quarters[0]!.endsOn).toBe(schoolDate(new Date()));
    for (const [i, q] of policy!.quarters.entries()) if (i > 0) expect(q.startsOn > policy!.quarters[i - 1]!.endsOn).toBe(true);
    const others = await t.db.select().from(schoolGradingPolicies);
    expect(others).toHaveLength(1);
  });

  it('makes every demo class course a learning area of its subject’s group with a full first quarter for every learner', async () => {
    const rows = await t.db
      .select({ name: courses.name, subject: courses.subject, group: courseDeped.subjectGroup, id: courses.id })
      .from(courseDeped)
      .innerJoin(courses, eq(courses.id, courseDeped.courseId))
      .orderBy(asc(courses.name));
    expect(rows.map((r) => [r.name, r.group])).toEqual([
      ['Araling Panlipunan 10: Contemporary Issues', 'languages'],
      ['Mathematics 8: Linear Equations', 'scienceMath'],
      ['Science 7: Living Things', 'scienceMath'],
    ]);
    const grades: number[] = [];
    for (const r of rows) {
      const g = (await loadDepedGrades(t.db, r.id))!;
      const q1 = g.items.filter((i) => i.quarter === 1);
      const n = (c: string) => q1.filter((i) => i.component === c).length;
      expect(
        [n('ww'), n('pt'), n('qa')].map((v, i) => v >= [3, 2, 1][i]! && v <= [5, 4, 1][i]!),
        r.name,
      ).toEqual([true, true, true]);
      expect(g.students.size).toBeGreaterThan(0);
      for (const s of g.students.values()) {
        // Every learner has a score in every component of quarter 1, so a quarterly grade; quarter 2 has just begun.
        expect(s.results[0]!.quarterly, `${r.name}: ${s.name}`).not.toBeNull();
        expect(s.results[1]!.quarterly).toBeNull();
        grades.push(s.results[0]!.quarterly!);
      }
    }
    // Varied, plausible grades: some outstanding, exactly one learner below 75.
    expect(grades.filter((q) => q >= 90).length).toBeGreaterThanOrEqual(2);
    expect(grades.filter((q) => q < 75)).toHaveLength(1);
    expect(new Set(grades).size).toBeGreaterThanOrEqual(5);
  });

  it('keeps the gradebook seed’s items and grades, and changes nothing when run again', async () => {
    const [science] = await t.db.select().from(courses).where(eq(courses.name, 'Science 7: Living Things'));
    const names = (await t.db.select({ name: gradeItems.name }).from(gradeItems).where(eq(gradeItems.courseId, science!.id))).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Seatwork 1', 'Seatwork 2', 'Class participation', 'First Quarter Examination', 'Long quiz 1']));
    const counts = () =>
      Promise.all([t.db.$count(gradeCategories), t.db.$count(gradeItems), t.db.$count(gradeGrades), t.db.$count(gradingPeriods), t.db.$count(courseDeped)]);
    const before = await counts();
    expect(await seedDemoDeped(t.db)).toBe(0);
    expect(await counts()).toEqual(before);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { defaultQuarters } from '@klase/core/deped/defaults';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildDepedCourse, setDepedPolicy } from '../../test/deped-factories.ts';
import { buildGradebookCourse, buildGradeItem } from '../../test/gradebook-factories.ts';
import { enter, gridOf, readReport, rowOf } from '../../test/gradebook-world.ts';

/** The grader grid of a DepEd learning area (docs/decisions/0059-deped-grader-grid.md): the report's quarterly grades. */
describe('the grader grid of a DepEd learning area', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let student: Agent;
  let teacherB: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    student = await signIn(t.app, w.s1.username);
    teacherB = await signIn(t.app, w.teacherB.username);
  });

  /** Languages (WW 30, PT 50, QA 20): per quarter one WW of 50, one PT of 100 and one QA of 40. */
  const world = async () => {
    const { t, w } = ctx;
    const quarters = defaultQuarters(2025);
    await setDepedPolicy(t.db, w.schoolA.id, { quarters });
    const s = await buildDepedCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, quarters });
    const items = [];
    for (const [n, p] of s.periods.entries()) {
      const item = (name: string, categoryId: string, maxGrade: number) =>
        buildGradeItem(t.db, { courseId: s.course.id, categoryId, name: `${name} ${n + 1}`, maxGrade, gradingPeriodId: p.id });
      items.push({ ww: await item('Seatwork', s.ww.id, 50), pt: await item('Project', s.pt.id, 100), qa: await item('Exam', s.qa.id, 40) });
    }
    return { ...s, items };
  };

  it('carries each quarter’s initial and quarterly grade, descriptor and the final grade, as the student’s report has them', async () => {
    const { w } = ctx;
    const s = await world();
    const put = (itemId: string, studentId: string, value: number) => enter(teacher, s.course.id, itemId, studentId, { value });
    // Jose, quarter 1: WW 42/50 → 25.20, PT 85/100 → 42.50, QA 30/40 → 15.00; initial 82.70 → 89 (Very Satisfactory).
    // Quarters 2–4 full marks → 100 → 100 (Outstanding). Final: (89 + 100 × 3) / 4 = 97.25 → 97.
    const [first, ...rest] = s.items;
    await put(first!.ww.id, w.s1.id, 42);
    await put(first!.pt.id, w.s1.id, 85);
    await put(first!.qa.id, w.s1.id, 30);
    for (const q of rest.slice(0, 2))
      for (const [it, v] of [
        [q.ww, 50],
        [q.pt, 100],
        [q.qa, 40],
      ] as const)
        await put(it.id, w.s1.id, v);
    // Ana: quarter 1 only, at half marks (PT not scored yet at first).
    await put(first!.ww.id, w.s2.id, 25);
    await put(first!.qa.id, w.s2.id, 20);

    // The last grade of Jose completes quarter 4: the entry's answer carries his new final grade.
    const last = rest[2]!;
    await put(last.ww.id, w.s1.id, 50);
    await put(last.pt.id, w.s1.id, 100);
    const entry = await put(last.qa.id, w.s1.id, 40);
    expect(entry.deped).toMatchObject({ final: 97, finalDescriptor: 'outstanding' });
    expect(entry.deped!.quarters[3]).toEqual({ quarter: 4, initial: 100, quarterly: 100, descriptor: 'outstanding' });

    const grid = await gridOf(teacher, s.course.id);
    expect(grid.deped).toEqual({ quarters: s.periods.map((p, i) => ({ quarter: i + 1, periodId: p.id })) });
    const jose = rowOf(grid, w.s1.id).deped!;
    expect(jose.quarters[0]).toEqual({ quarter: 1, initial: 82.7, quarterly: 89, descriptor: 'verySatisfactory' });
    expect(jose.quarters.slice(1).map((q) => [q.initial, q.quarterly, q.descriptor])).toEqual([
      [100, 100, 'outstanding'],
      [100, 100, 'outstanding'],
      [100, 100, 'outstanding'],
    ]);
    expect(jose).toMatchObject({ final: 97, finalDescriptor: 'outstanding' });
    expect(entry.deped).toEqual(jose);

    // The same numbers as the student's own report.
    const report = (await readReport(student, s.course.id, w.s1.id)).deped!;
    expect(jose.quarters.map((q) => [q.quarter, q.initial, q.quarterly, q.descriptor])).toEqual(
      report.quarters.map((q) => [q.quarter, q.initial, q.quarterly, q.descriptor]),
    );
    expect([jose.final, jose.finalDescriptor]).toEqual([report.final, report.finalDescriptor]);

    // Ana: quarter 1 incomplete (no PT) → no grade; once the PT is scored: 50.00 → the report's grade, Did Not Meet Expectations.
    expect(rowOf(grid, w.s2.id).deped!.quarters[0]).toEqual({ quarter: 1, initial: null, quarterly: null, descriptor: null });
    const ana = (await put(first!.pt.id, w.s2.id, 50)).deped!;
    const anaReport = (await readReport(teacher, s.course.id, w.s2.id)).deped!;
    expect(ana.quarters[0]).toMatchObject({ initial: 50, quarterly: anaReport.quarters[0]!.quarterly, descriptor: 'didNotMeet' });
    expect(ana).toMatchObject({ final: null, finalDescriptor: null });
    expect(rowOf(await gridOf(teacher, s.course.id), w.s2.id).deped).toEqual(ana);

    // The export has the grid's columns: the quarterly grades and the DepEd final grade, no course total.
    const csv = async (query: string) => {
      const res = await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/export?format=csv${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const all = await csv('');
    expect(all[0]).toMatch(/,Quarterly Assessment total,Quarter 1 grade,Quarter 2 grade,Quarter 3 grade,Quarter 4 grade,Final grade$/);
    expect(all[0]).not.toContain('Course total');
    expect(all.find((l) => l.startsWith('Jose Dela Cruz,'))).toMatch(/,89,100,100,100,97$/);
    const quarter1 = await csv(`&periodId=${s.periods[0]!.id}`);
    expect(quarter1[0]).toBe('Name,Username,Seatwork 1,Project 1,Exam 1,Quarter 1 grade,Final grade');
    expect(quarter1).toContain(`Jose Dela Cruz,${w.s1.username},42.00,85.00,30.00,89,97`);

    // Villanueva has no grades: four empty quarters, no final grade.
    expect(rowOf(grid, w.s3.id).deped).toEqual({
      quarters: [1, 2, 3, 4].map((quarter) => ({ quarter, initial: null, quarterly: null, descriptor: null })),
      final: null,
      finalDescriptor: null,
    });
  });

  it('leaves a custom-policy course’s grid and grade entry without DepEd grades', async () => {
    const { t, w } = ctx;
    const b = await buildGradebookCourse(t.db, { schoolId: w.schoolB.id, classId: w.classB.id, categories: ['Quizzes'] });
    const it = await buildGradeItem(t.db, { courseId: b.course.id, categoryId: b.categories[0]!.id, name: 'Quiz', maxGrade: 10 });
    const entry = await enter(teacherB, b.course.id, it.id, w.studentB.id, { value: 7 });
    expect(entry).not.toHaveProperty('deped');
    const grid = await gridOf(teacherB, b.course.id);
    expect(grid).not.toHaveProperty('deped');
    expect(rowOf(grid, w.studentB.id)).not.toHaveProperty('deped');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { defaultQuarters } from '@klase/core/deped/defaults';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildDepedCourse, setDepedPolicy } from '../../test/deped-factories.ts';
import { buildGradebookCourse, buildGradeCategory, buildGradeItem } from '../../test/gradebook-factories.ts';
import { enter } from '../../test/gradebook-world.ts';
import { depedItemsOf, loadDepedGrades, matchQuarters } from './deped-grades.service.ts';
import type { GradeCategoryRow, GradeItemRow } from '@klase/core/gradebook/index';

describe('loadDepedGrades', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  beforeAll(async () => {
    teacher = await signIn(ctx.t.app, ctx.w.teacher.username);
  });

  /**
   * Languages (WW 30, PT 50, QA 20). Quarter 1: WW 20 + 30 (nested "Quizzes" under WW), PT 50 + 50,
   * QA 40; quarter 2: one WW of 10; a bonus item straight under the course total counts nowhere.
   */
  const world = async () => {
    const { t, w } = ctx;
    const quarters = defaultQuarters(2025);
    await setDepedPolicy(t.db, w.schoolA.id, { quarters });
    const s = await buildDepedCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, quarters });
    const [q1, q2] = s.periods;
    const quizzes = await buildGradeCategory(t.db, { courseId: s.course.id, parentId: s.ww.id, name: 'Quizzes', aggregation: 'mean' });
    const item = (name: string, categoryId: string, maxGrade: number, periodId: string) =>
      buildGradeItem(t.db, { courseId: s.course.id, categoryId, name, maxGrade, gradingPeriodId: periodId });
    const w1 = await item('Seatwork 1', s.ww.id, 20, q1!.id);
    const w2 = await item('Quiz 1', quizzes.id, 30, q1!.id);
    const p1 = await item('Role play', s.pt.id, 50, q1!.id);
    const p2 = await item('Essay', s.pt.id, 50, q1!.id);
    const e1 = await item('First quarterly exam', s.qa.id, 40, q1!.id);
    const w3 = await item('Seatwork 2', s.ww.id, 10, q2!.id);
    const bonus = await item('Bonus', s.root.id, 10, q1!.id);
    return { ...s, w1, w2, p1, p2, e1, w3, bonus };
  };

  it('computes PS, WS, initial and quarterly grades per learner from the grid’s grades (checked by hand)', async () => {
    const { w } = ctx;
    const s = await world();
    const put = (itemId: string, studentId: string, body: Record<string, unknown>) => enter(teacher, s.course.id, itemId, studentId, body);
    // Jose: WW 18 + 24 of 50 → PS 84.00, WS 25.20; PT 40 + 45 of 100 → 85.00, 42.50; QA 30 of 40 → 75.00, 15.00;
    // initial 82.70 → row 82.40 → 89 (Very Satisfactory). Quarter 2: only WW scored → incomplete.
    for (const [item, v] of [
      [s.w1, 18],
      [s.w2, 24],
      [s.p1, 40],
      [s.p2, 45],
      [s.e1, 30],
      [s.w3, 10],
      [s.bonus, 10],
    ] as const)
      await put(item.id, w.s1.id, { value: v });
    // Ana: WW 1 excused, quiz 15 of 30 → 50.00, 15.00; PT 20 of 50 (essay not scored) → 40.00, 20.00; QA 10 of 40 → 25.00, 5.00;
    // initial 40.00 → 70 (Did Not Meet Expectations).
    await put(s.w1.id, w.s2.id, { value: 20 });
    await put(s.w1.id, w.s2.id, { excused: true });
    for (const [item, v] of [
      [s.w2, 15],
      [s.p1, 20],
      [s.e1, 10],
    ] as const)
      await put(item.id, w.s2.id, { value: v });

    const g = await loadDepedGrades(ctx.t.db, s.course.id);
    expect(g).not.toBeNull();
    expect(g!.subjectGroup).toBe('languages');
    expect(g!.weights).toEqual({ ww: 30, pt: 50, qa: 20 });
    expect(g!.quarters.map((q) => q.periodId)).toEqual(s.periods.map((p) => p.id));
    expect(g!.items.map((i) => [i.name, i.component, i.quarter, i.max])).toEqual([
      ['Seatwork 1', 'ww', 1, 20],
      ['Seatwork 2', 'ww', 2, 10],
      ['Quiz 1', 'ww', 1, 30],
      ['Role play', 'pt', 1, 50],
      ['Essay', 'pt', 1, 50],
      ['First quarterly exam', 'qa', 1, 40],
    ]);
    expect([...g!.students.keys()]).toEqual([w.s2.id, w.s1.id, w.s3.id]);

    const jose = g!.students.get(w.s1.id)!;
    const q1 = jose.results[0]!;
    expect(q1.components).toEqual([
      { component: 'ww', weight: 30, items: 2, raw: 42, highest: 50, ps: 84, ws: 25.2 },
      { component: 'pt', weight: 50, items: 2, raw: 85, highest: 100, ps: 85, ws: 42.5 },
      { component: 'qa', weight: 20, items: 1, raw: 30, highest: 40, ps: 75, ws: 15 },
    ]);
    expect(q1).toMatchObject({ quarter: 1, initial: 82.7, quarterly: 89, row: { min: 82.4, grade: 89 }, descriptor: 'verySatisfactory' });
    expect(jose.results[1]).toMatchObject({ quarter: 2, initial: null, quarterly: null });
    expect(jose.results[1]!.components[0]).toMatchObject({ raw: 10, highest: 10, ps: 100, ws: 30 });
    expect(jose.final).toBeNull();
    expect(jose.scores.get(s.w2.id)).toBe(24);
    expect(jose.scores.has(s.bonus.id)).toBe(false);

    const ana = g!.students.get(w.s2.id)!;
    expect(ana.excused.has(s.w1.id)).toBe(true);
    expect(ana.scores.get(s.w1.id)).toBeNull();
    expect(ana.results[0]!.components.map((c) => [c.raw, c.highest, c.ps, c.ws])).toEqual([
      [15, 30, 50, 15],
      [20, 50, 40, 20],
      [10, 40, 25, 5],
    ]);
    expect(ana.results[0]).toMatchObject({ initial: 40, quarterly: 70, descriptor: 'didNotMeet' });

    expect(g!.students.get(w.s3.id)!.results.map((r) => r.quarterly)).toEqual([null, null, null, null]);

    const one = await loadDepedGrades(ctx.t.db, s.course.id, { studentIds: [w.s1.id] });
    expect([...one!.students.keys()]).toEqual([w.s1.id]);
    expect(one!.students.get(w.s1.id)!.results[0]!.quarterly).toBe(89);
  });

  it('is null for a course that is no DepEd learning area or a school on the custom policy', async () => {
    const { t, w } = ctx;
    const s = await world();
    const plain = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    expect(await loadDepedGrades(t.db, plain.course.id)).toBeNull();
    expect(await loadDepedGrades(t.db, s.course.id)).not.toBeNull();
    await setDepedPolicy(t.db, w.schoolA.id, { kind: 'custom' });
    expect(await loadDepedGrades(t.db, s.course.id)).toBeNull();
  });

  it('counts scale items only when the gradebook’s totals include scales, text items never', () => {
    const cat = (id: string, parentId: string | null) => ({ id, parentId }) as GradeCategoryRow;
    const item = (id: string, gradeType: GradeItemRow['gradeType']) =>
      ({ id, name: id, categoryId: 'ww', gradeType, maxGrade: 4, materialId: null, periodId: 'p1' }) as GradeItemRow;
    const quarters = matchQuarters(defaultQuarters(2025), [{ id: 'p1', name: 'Q1', startsOn: '2025-06-15', endsOn: '2025-08-28', weight: 0, version: 1 }]);
    expect(quarters.map((q) => q.periodId)).toEqual(['p1', null, null, null]);
    const args = [
      [item('v', 'value'), item('s', 'scale'), item('t', 'text')],
      [cat('root', null), cat('ww', 'root')],
      { ww: 'ww', pt: null, qa: null },
      quarters,
    ] as const;
    expect(depedItemsOf(...args, true).map((i) => [i.id, i.scale, i.quarter])).toEqual([
      ['v', false, 1],
      ['s', true, 1],
    ]);
    expect(depedItemsOf(...args, false).map((i) => i.id)).toEqual(['v']);
  });
});

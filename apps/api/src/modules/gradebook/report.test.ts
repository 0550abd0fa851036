import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { courseMaterials } from '../../db/schema/courses.ts';
import { gradeItems } from '../../db/schema/gradebook.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildSubmission } from '../../test/assessment-factories.ts';
import { buildElement } from '../../test/course-factories.ts';
import { buildUser, linkParent, uniq } from '../../test/factories.ts';
import { setGradebookGrade } from '../../test/gradebook-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildWeightedSetup, readReport, reportOf, setPolicy } from '../../test/gradebook-world.ts';

describe('a student’s grade report', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let jose: Agent;
  let ana: Agent;
  let parent: Agent;
  let otherParent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    jose = await signIn(t.app, w.s1.username);
    ana = await signIn(t.app, w.s2.username);
    parent = await signIn(t.app, w.parent.username);
    const p2 = await buildUser(t.db, { roleId: ROLE.parent, schoolId: w.schoolA.id, firstName: 'Lorna', lastName: 'Bautista', username: uniq('lorna') });
    await linkParent(t.db, p2, w.s4);
    otherParent = await signIn(t.app, p2.username);
  });

  /** Jose: quizzes 10, 5, 8 (5 dropped), exam 70; course 78. */
  const graded = async () => {
    const { w, t } = ctx;
    const s = await buildWeightedSetup(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    for (const [item, value] of [
      [s.q1, 10],
      [s.q2, 5],
      [s.q3, 8],
      [s.e1, 70],
    ] as const) {
      await setGradebookGrade(t.db, { courseId: s.course.id, itemId: item.id, studentId: w.s1.id, value });
    }
    return s;
  };

  it('lists items, category totals, the course total and the final grade with displays, weights and explanations', async () => {
    const { w } = ctx;
    const s = await graded();
    const r = await readReport(jose, s.course.id, w.s1.id);
    expect(r).toMatchObject({ courseId: s.course.id, student: { id: w.s1.id, name: 'Jose Dela Cruz' }, released: true });
    expect(r.lines.map((l) => [l.kind, l.name, l.depth])).toEqual([
      ['item', 'Quiz 1', 2],
      ['item', 'Quiz 2', 2],
      ['item', 'Quiz 3', 2],
      ['category', 'Quizzes', 1],
      ['item', 'Periodical exam', 2],
      ['category', 'Exams', 1],
      ['course', s.course.name, 0],
      ['final', 'final', 0],
    ]);
    const line = (name: string) => r.lines.find((l) => l.name === name)!;
    expect(line('Quiz 1')).toMatchObject({ value: 10, min: 0, max: 10, display: '10.00', range: '0.00–10.00', letter: 'A', weight: 0.5 });
    expect(line('Quiz 1').contribution).toBeCloseTo(20, 5);
    expect(line('Quiz 2')).toMatchObject({ value: 5, weight: 0, contribution: 0 });
    // Only items contribute to the course total: category and course rows show "-" (semantics §4).
    expect(line('Quizzes')).toMatchObject({ kind: 'category', value: 90, display: '90.00', letter: 'A-', weight: 0.4, contribution: null });
    expect(line('Exams')).toMatchObject({ kind: 'category', weight: 0.6, contribution: null });
    const course = r.lines.find((l) => l.kind === 'course')!;
    expect(course).toMatchObject({ value: 78, percent: 78, display: '78.00', letter: 'C+', contribution: null });
    // Why is my grade 78: the course total's children with their weights.
    expect(course.explanation?.method).toBe('weightedMean');
    expect(course.explanation?.children.map((c) => [c.id, c.weight])).toEqual([
      [s.quizzes.id, 0.4],
      [s.exams.id, 0.6],
    ]);
    const quizzes = line('Quizzes').explanation!;
    expect(quizzes.limit).toEqual({ rule: 'dropLowest', count: 1 });
    expect(quizzes.children.find((c) => c.id === s.q2.id)).toMatchObject({ status: 'dropped', reason: 'dropLowest' });
    expect(r.names).toMatchObject({ [s.quizzes.id]: 'Quizzes', [s.exams.id]: 'Exams', [s.q2.id]: 'Quiz 2' });
    expect(r.lines.at(-1)).toMatchObject({ kind: 'final', value: 78, display: '78.00 (78.00 %)' });
  });

  it('lets the student, a parent of the child and staff read it; another student or parent gets 404', async () => {
    const { w } = ctx;
    const s = await graded();
    expect((await readReport(parent, s.course.id, w.s1.id)).lines.find((l) => l.kind === 'course')?.value).toBe(78);
    expect((await readReport(teacher, s.course.id, w.s1.id)).released).toBe(true);
    expect((await reportOf(ana, s.course.id, w.s1.id)).statusCode).toBe(404);
    expect((await reportOf(otherParent, s.course.id, w.s1.id)).statusCode).toBe(404);
    expect((await reportOf(otherParent, s.course.id, w.s4.id)).statusCode).toBe(404);
    expect((await reportOf(teacher, s.course.id, w.s4.id)).statusCode).toBe(404);
    expect((await readReport(ana, s.course.id, w.s2.id)).lines.find((l) => l.kind === 'course')?.value).toBeNull();
  });

  it('leaves hidden items out for students and hides totals that contain them (default policy)', async () => {
    const { w, t } = ctx;
    const s = await graded();
    await t.db.update(gradeItems).set({ hidden: true }).where(eq(gradeItems.id, s.e1.id));
    const r = await readReport(jose, s.course.id, w.s1.id);
    expect(r.lines.some((l) => l.id === s.e1.id)).toBe(false);
    expect(r.lines.find((l) => l.id === s.exams.id)).toMatchObject({ value: null, display: '-', hiddenByPolicy: true, explanation: null });
    expect(r.lines.find((l) => l.kind === 'course')).toMatchObject({ value: null, hiddenByPolicy: true });
    expect(r.lines.find((l) => l.kind === 'final')).toMatchObject({ value: null, hiddenByPolicy: true });
    expect(r.lines.find((l) => l.id === s.quizzes.id)?.value).toBe(90);
    expect(JSON.stringify(r)).not.toContain(s.e1.id);
    // Staff see the item and the real totals.
    const staff = await readReport(teacher, s.course.id, w.s1.id);
    expect(staff.lines.find((l) => l.id === s.e1.id)?.value).toBe(70);
    expect(staff.lines.find((l) => l.kind === 'course')?.value).toBe(78);
  });

  it('shows totals without hidden grades or with them, as the gradebook says', async () => {
    const { w, t } = ctx;
    const s = await graded();
    await setGradebookGrade(t.db, { courseId: s.course.id, itemId: s.e1.id, studentId: w.s1.id, value: 70, hidden: true });
    await setPolicy(t.db, s.course.id, { hiddenPolicy: 'showExcluding' });
    const excl = await readReport(jose, s.course.id, w.s1.id);
    expect(excl.lines.some((l) => l.id === s.e1.id)).toBe(false);
    expect(excl.lines.find((l) => l.kind === 'course')?.value).toBeCloseTo(90, 5);
    await setPolicy(t.db, s.course.id, { hiddenPolicy: 'showIncluding' });
    const incl = await readReport(jose, s.course.id, w.s1.id);
    const course = incl.lines.find((l) => l.kind === 'course')!;
    expect(course.value).toBeCloseTo(78, 5);
    // The total counts the hidden exam, but its explanations never name it.
    expect(JSON.stringify(incl)).not.toContain(s.e1.id);
  });

  it('says the grades are not released when the gradebook is hidden (students and parents)', async () => {
    const { w, t } = ctx;
    const s = await graded();
    await setPolicy(t.db, s.course.id, { status: 'hidden' });
    expect(await readReport(jose, s.course.id, w.s1.id)).toMatchObject({ released: false, lines: [], names: {} });
    expect(await readReport(parent, s.course.id, w.s1.id)).toMatchObject({ released: false, lines: [] });
    expect((await readReport(teacher, s.course.id, w.s1.id)).lines.length).toBeGreaterThan(0);
  });

  it('shows a material’s grade and feedback once returned, and nothing of an unpublished material', async () => {
    const { w, t } = ctx;
    const s = await graded();
    const element = await buildElement(t.db, s.course.id, { position: 0 });
    const [essay, draft] = await t.db
      .insert(courseMaterials)
      .values([
        { courseId: s.course.id, elementId: element.id, name: 'Essay', type: 'assignment' as const, position: 0, published: true, maxPoints: 20 },
        { courseId: s.course.id, elementId: element.id, name: 'Secret test', type: 'quiz' as const, position: 1, published: false, maxPoints: 20 },
      ])
      .returning();
    const sub = await buildSubmission(t.db, { materialId: essay!.id, studentId: w.s1.id, grade: 15 });
    await t.db.update(submissions).set({ feedbackHtml: '<p>Good structure.</p>' }).where(eq(submissions.id, sub.id));
    const before = await readReport(jose, s.course.id, w.s1.id);
    expect(before.lines.find((l) => l.materialId === essay!.id)).toMatchObject({ value: null, display: '-', feedbackHtml: null, source: 'assignment' });
    expect(before.lines.some((l) => l.materialId === draft!.id)).toBe(false);
    await t.db.update(submissions).set({ returnedAt: new Date(), status: 'returned' }).where(eq(submissions.id, sub.id));
    const after = await readReport(jose, s.course.id, w.s1.id);
    expect(after.lines.find((l) => l.materialId === essay!.id)).toMatchObject({ value: 15, display: '15.00', feedbackHtml: '<p>Good structure.</p>' });
    expect((await readReport(teacher, s.course.id, w.s1.id)).lines.some((l) => l.materialId === draft!.id)).toBe(true);
  });
});

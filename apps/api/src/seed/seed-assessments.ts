import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { assignmentSettingsForm } from '@klase/core/assignments/contracts';
import { answerValue, questionForm, type AnswerValue, type Question, type QuestionFormValues } from '@klase/core/quizzes/questions';
import { attemptDeadline, quizSettingsForm } from '@klase/core/quizzes/quiz-settings';
import { completeMaterial, saveSettings as saveAssignmentSettings } from '../modules/assignments/assignments.repo.ts';
import { finalizeAttempt, gradeStored, questionMap, storeCombinedGrade } from '../modules/quizzes/grade-store.ts';
import {
  insertAttempt,
  insertQuestions,
  saveAnswer,
  saveSettings as saveQuizSettings,
  setManualGrade,
  syncMaxPoints,
  toQuestion,
} from '../modules/quizzes/quizzes.repo.ts';
import { sanitizeRichText } from '../platform/sanitize.ts';
import type { Db } from '../db/client.ts';
import { assignmentSettings, quizAttempts, quizQuestions, quizSettings, submissions } from '../db/schema/assessments.ts';
import { classes } from '../db/schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';
import {
  D,
  HOUR_MS,
  type DemoActivity,
  type DemoAnswer,
  type DemoAssignment,
  type DemoAttempt,
  type DemoCourseWork,
  type DemoGraded,
  type DemoQuestion,
  type DemoQuiz,
  type DemoStudent,
} from './seed-assessments-shapes.ts';
import { DEMO_WORK } from './seed-assessments-content.ts';
import { DEMO_COURSES } from './seed-courses.ts';

/**
 * The demo's assessments (issue 6), added by `seedDemo` to teacher1's demo courses (seed-courses.ts):
 * assignments (one overdue with late work accepted, one due next week), a quiz and a graded
 * activity per course, with the demo students' work in every state a list shows (submitted on
 * time, late, graded, returned, missing) and quiz attempts graded by core's engine through the
 * quizzes module's own grading (grade-store.ts). Times are relative to the seed, so the demo always
 * looks current. Safe to run again: a graded material that already has settings, questions or work
 * is left alone.
 */

// ---------------------------------------------------------------------------------------------
// Questions and answers

const nth = <T>(list: readonly T[], i: number): T => {
  const v = list[i];
  if (v === undefined) throw new Error(`seed: no item ${i}`);
  return v;
};

/** The saved form of a demo question, parsed as the question editor's request is (random choice and pair ids). */
const formOf = (q: DemoQuestion): QuestionFormValues => {
  const base = { prompt: sanitizeRichText(q.prompt), points: q.points };
  switch (q.type) {
    case 'multipleChoice': {
      const choices = q.choices.map((text) => ({ id: randomUUID(), text }));
      return questionForm.parse({ type: q.type, ...base, choices, multiple: q.correct.length > 1, correct: q.correct.map((i) => nth(choices, i).id) });
    }
    case 'matching':
      return questionForm.parse({ type: q.type, ...base, pairs: q.pairs.map(([left, right]) => ({ id: randomUUID(), leftId: randomUUID(), left, right })) });
    case 'trueFalse':
      return questionForm.parse({ type: q.type, ...base, correct: q.correct });
    case 'shortAnswer':
      return questionForm.parse({ type: q.type, ...base, accepted: q.accepted });
    case 'numeric':
      return questionForm.parse({ type: q.type, ...base, answer: q.answer, tolerance: q.tolerance });
    case 'essay':
      return questionForm.parse({ type: q.type, ...base, guidance: q.guidance });
  }
};

/** A demo answer as the attempt page sends it for the stored question (validated like the request; essays sanitized). */
const answerOf = (q: Question, a: DemoAnswer): AnswerValue | null => {
  if (a === null) return null;
  const value = ((): AnswerValue => {
    if (q.type === 'multipleChoice' && 'pick' in a) return { type: q.type, choiceIds: a.pick.map((i) => nth(q.choices, i).id) };
    if (q.type === 'trueFalse' && 'value' in a) return { type: q.type, value: a.value };
    if (q.type === 'shortAnswer' && 'text' in a) return { type: q.type, text: a.text };
    if (q.type === 'numeric' && 'number' in a) return { type: q.type, value: a.number };
    if (q.type === 'matching' && 'match' in a)
      return { type: q.type, pairs: Object.fromEntries(q.pairs.map((p, i) => [p.leftId, nth(q.pairs, nth(a.match, i)).id])) };
    if (q.type === 'essay' && 'essay' in a) return { type: q.type, html: sanitizeRichText(a.essay) };
    throw new Error(`seed: a demo answer does not fit a ${q.type} question`);
  })();
  return answerValue.parse(value);
};

// ---------------------------------------------------------------------------------------------
// Writing

interface Place {
  db: Db;
  teacherId: string;
  idOf: (username: string) => string | null;
  at: (hours: number) => Date;
}

type MaterialRow = Pick<typeof courseMaterials.$inferSelect, 'id' | 'type' | 'dueAt' | 'maxPoints'>;

const materialColumns = { id: courseMaterials.id, type: courseMaterials.type, dueAt: courseMaterials.dueAt, maxPoints: courseMaterials.maxPoints };

const findMaterial = async (db: Db, courseId: string, name: string): Promise<MaterialRow | null> => {
  const [row] = await db
    .select(materialColumns)
    .from(courseMaterials)
    .where(and(eq(courseMaterials.courseId, courseId), sql`lower(${courseMaterials.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return row ?? null;
};

/** Whether anything of the assessment is already there (settings, questions, work, attempts): then the demo leaves it alone. */
const alreadySetUp = async (db: Db, materialId: string): Promise<boolean> => {
  const counts = await Promise.all([
    db.$count(assignmentSettings, eq(assignmentSettings.materialId, materialId)),
    db.$count(quizSettings, eq(quizSettings.materialId, materialId)),
    db.$count(quizQuestions, eq(quizQuestions.materialId, materialId)),
    db.$count(submissions, eq(submissions.materialId, materialId)),
    db.$count(quizAttempts, eq(quizAttempts.materialId, materialId)),
  ]);
  return counts.some((n) => n > 0);
};

/** The demo material of the course: found by name (of the right type), or added published at the end of its element. */
const materialFor = async (p: Place, courseId: string, m: DemoGraded): Promise<MaterialRow | null> => {
  const found = await findMaterial(p.db, courseId, m.name);
  if (found) return found.type === m.type && !(await alreadySetUp(p.db, found.id)) ? found : null;
  if (!m.create) return null;
  const [element] = await p.db
    .select({ id: courseElements.id })
    .from(courseElements)
    .where(and(eq(courseElements.courseId, courseId), sql`lower(${courseElements.name}) = ${m.element.toLowerCase()}`))
    .limit(1);
  if (!element) return null;
  const [last] = await p.db
    .select({ next: sql<number>`coalesce(max(${courseMaterials.position}) + 1, 0)::int` })
    .from(courseMaterials)
    .where(eq(courseMaterials.elementId, element.id));
  const [made] = await p.db
    .insert(courseMaterials)
    .values({
      courseId,
      elementId: element.id,
      name: m.name,
      type: m.type,
      position: Number(last?.next ?? 0),
      published: true,
      instructions: sanitizeRichText(m.create.instructions),
      maxPoints: m.create.maxPoints,
      dueAt: p.at(m.create.dueInDays * D),
      createdBy: p.teacherId,
      updatedBy: p.teacherId,
    })
    .returning(materialColumns);
  return made ?? null;
};

const studentsOf = <T>(p: Place, record: Partial<Record<DemoStudent, T>>): [string, T][] =>
  Object.entries(record).flatMap(([username, value]) => {
    const id = p.idOf(username);
    return id && value !== undefined ? [[id, value as T]] : [];
  });

const checkPoints = (points: number, material: MaterialRow) => {
  if (points < 0 || points > (material.maxPoints ?? 100)) throw new Error(`seed: ${points} points over the maximum`);
};

/** Settings as the settings form saves them, and each student's work as submitting and grading write it (the material completes on submission). */
const seedAssignment = async (p: Place, material: MaterialRow, m: DemoAssignment): Promise<void> => {
  const s = m.settings;
  const iso = (days: number | undefined) => (days === undefined ? null : p.at(days * D).toISOString());
  const form = assignmentSettingsForm.parse({ ...s, openAt: iso(s.openInDays), lateUntil: iso(s.lateUntilInDays) });
  await saveAssignmentSettings(
    p.db,
    {
      ...form,
      materialId: material.id,
      openAt: form.openAt ? new Date(form.openAt) : null,
      lateUntil: form.lateUntil ? new Date(form.lateUntil) : null,
    },
    { overwrite: true },
    p.teacherId,
  );
  for (const [studentId, w] of studentsOf(p, m.work)) {
    const submittedAt = p.at(w.at);
    const late = material.dueAt !== null && submittedAt.getTime() > material.dueAt.getTime();
    if (late && !form.allowLate) throw new Error(`seed: late work on ${m.name} does not accept it`);
    const g = w.grade;
    if (g) checkPoints(g.points, material);
    const gradedAt = g ? p.at(g.at) : null;
    await p.db.insert(submissions).values({
      materialId: material.id,
      studentId,
      status: g?.returned ? 'returned' : 'submitted',
      textHtml: sanitizeRichText(w.text),
      submittedAt,
      late,
      submitCount: 1,
      grade: g?.points ?? null,
      feedbackHtml: g?.feedback ? sanitizeRichText(g.feedback) : null,
      gradedBy: g ? p.teacherId : null,
      gradedAt,
      returnedAt: g?.returned ? gradedAt : null,
      createdBy: studentId,
      createdAt: submittedAt,
      updatedBy: g ? p.teacherId : studentId,
      updatedAt: gradedAt ?? submittedAt,
    });
    await completeMaterial(p.db, material.id, studentId, submittedAt, true);
  }
};

/** Grades as the activity grid saves them: returned at once, and the material completes for the student. */
const seedActivity = async (p: Place, material: MaterialRow, m: DemoActivity): Promise<void> => {
  if (material.dueAt === null)
    await p.db
      .update(courseMaterials)
      .set({ dueAt: p.at(m.dueInDays * D) })
      .where(eq(courseMaterials.id, material.id));
  for (const [studentId, g] of studentsOf(p, m.grades)) {
    checkPoints(g.points, material);
    const gradedAt = p.at(g.at);
    await p.db.insert(submissions).values({
      materialId: material.id,
      studentId,
      status: 'returned',
      grade: g.points,
      feedbackHtml: g.feedback ? sanitizeRichText(g.feedback) : null,
      gradedBy: p.teacherId,
      gradedAt,
      returnedAt: gradedAt,
      createdBy: p.teacherId,
      createdAt: gradedAt,
      updatedBy: p.teacherId,
      updatedAt: gradedAt,
    });
    await completeMaterial(p.db, material.id, studentId, gradedAt, false);
  }
};

/**
 * Settings and questions as the quiz editor saves them (the material's points follow the
 * questions), then each attempt as the student takes it: started, answers saved, submitted and
 * graded by `finalizeAttempt`; essays the teacher scored are graded as the review page does it
 * (manual score, regrade, combined grade), so every score comes from core's engine.
 */
const seedQuiz = async (p: Place, material: MaterialRow, m: DemoQuiz): Promise<void> => {
  const settings = quizSettingsForm.parse(m.settings);
  await saveQuizSettings(p.db, material.id, settings, p.teacherId, { overwrite: true });
  const rows = await insertQuestions(p.db, material.id, m.questions.map(formOf), p.teacherId);
  await syncMaxPoints(p.db, material.id);
  const questions = rows.map(toQuestion);
  const ids = questions.map((q) => q.id);
  for (const [studentId, attempts] of studentsOf(p, m.attempts)) {
    const essays: { attemptId: string; grade: NonNullable<DemoAttempt['essay']> }[] = [];
    for (const [i, a] of attempts.entries()) {
      const submittedAt = p.at(a.at);
      const startedAt = new Date(submittedAt.getTime() - a.minutes * 60_000);
      const attempt = await insertAttempt(p.db, {
        materialId: material.id,
        studentId,
        number: i + 1,
        status: 'inProgress',
        questionOrder: ids,
        seed: settings.shuffleChoices ? randomUUID() : '',
        startedAt,
        deadlineAt: attemptDeadline(startedAt, settings),
      });
      if (!attempt) throw new Error(`seed: attempt ${i + 1} of ${m.name} not made`);
      for (const [j, q] of questions.entries()) {
        const answer = answerOf(q, a.answers[j] ?? null);
        if (answer) await saveAnswer(p.db, attempt.id, q.id, answer, new Date(startedAt.getTime() + (j + 1) * 60_000));
      }
      await finalizeAttempt(p.db, attempt, submittedAt, false);
      if (a.essay) essays.push({ attemptId: attempt.id, grade: a.essay });
    }
    const byId = await questionMap(p.db, material.id);
    for (const { attemptId, grade } of essays) {
      const gradedAt = p.at(grade.at);
      for (const q of questions.filter((x) => x.type === 'essay')) {
        if (grade.points > q.points) throw new Error(`seed: essay score over ${q.points}`);
        await setManualGrade(p.db, attemptId, q.id, grade.points, grade.feedback, gradedAt);
      }
      const [attempt] = await p.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
      if (!attempt) throw new Error('seed: attempt missing');
      await gradeStored(p.db, attempt, byId);
      await storeCombinedGrade(p.db, material.id, studentId, { gradedBy: p.teacherId, at: gradedAt });
    }
  }
};

/** A student's finished pages, videos and links (as the seed of the courses writes them), kept when already there. */
const seedReads = async (p: Place, courseId: string, reads: DemoCourseWork['reads']): Promise<void> => {
  for (const [studentId, list] of studentsOf(p, reads)) {
    for (const [i, [name, hours]] of list.entries()) {
      const material = await findMaterial(p.db, courseId, name);
      if (!material) continue;
      const at = p.at(hours);
      await p.db
        .insert(materialProgress)
        .values({ materialId: material.id, studentId, firstAccessAt: at, lastAccessAt: at, completedAt: at, timeSpentSeconds: 420 + 90 * i })
        .onConflictDoNothing();
    }
  }
};

/**
 * Adds the demo assessments of DEMO_WORK to teacher1's demo courses of the Rizal classes (found by
 * class and course name); a course or teacher that is not there is skipped, and a graded material
 * already set up (settings, questions or work) is left alone, so this can run again. Answers how
 * many graded materials it set up.
 */
export const seedDemoAssessments = async (db: Db, now = new Date()): Promise<number> => {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, 'RNHS')).limit(1);
  if (!school) return 0;
  const usernames = ['teacher1', 'student1', 'student2', 'student3', 'student4', 'student5', 'student6'];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.schoolId, school.id), inArray(users.username, usernames)));
  const idOf = (name: string) => people.find((u) => u.username === name)?.id ?? null;
  const teacherId = idOf('teacher1');
  if (!teacherId) return 0;
  return db.transaction(async (tx) => {
    const p: Place = { db: tx, teacherId, idOf, at: (hours) => new Date(now.getTime() + hours * HOUR_MS) };
    let setUp = 0;
    for (const w of DEMO_WORK) {
      const demo = DEMO_COURSES.find((c) => c.name === w.course);
      if (!demo) continue;
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .innerJoin(classes, eq(classes.id, courses.classId))
        .where(and(eq(classes.schoolId, school.id), eq(classes.name, demo.className), sql`lower(${courses.name}) = ${w.course.toLowerCase()}`))
        .limit(1);
      if (!course) continue;
      let here = 0;
      for (const m of w.materials) {
        const material = await materialFor(p, course.id, m);
        if (!material) continue;
        if (m.type === 'assignment') await seedAssignment(p, material, m);
        else if (m.type === 'activity') await seedActivity(p, material, m);
        else await seedQuiz(p, material, m);
        here += 1;
      }
      if (here > 0) await seedReads(p, course.id, w.reads);
      setUp += here;
    }
    return setUp;
  });
};

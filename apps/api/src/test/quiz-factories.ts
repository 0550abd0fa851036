import { eq } from 'drizzle-orm';
import { questionForm, type QuestionForm } from '@klase/core/quizzes/questions';
import { quizSettingsForm, type QuizSettingsForm } from '@klase/core/quizzes/quiz-settings';
import { sampleForms, type SampleType } from '@klase/core/quizzes/test-questions';
import type { Db } from '../db/client.ts';
import { quizAttempts } from '../db/schema/assessments.ts';
import { courses } from '../db/schema/courses.ts';
import { insertQuestions, saveSettings, syncMaxPoints } from '../modules/quizzes/quizzes.repo.ts';
import { buildElement, buildMaterial, type ElementAssignment } from './course-factories.ts';
import { uniq } from './factories.ts';

/** Test data for quizzes: a class course with a quiz material, its settings and questions. */

/**
 * A published course of the class with one published element holding a published quiz (after
 * a page when `afterPage`, so a sequential course locks the quiz until the page is done).
 */
export const buildQuizCourse = async (
  db: Db,
  opts: { schoolId: string; classId: string; assign?: ElementAssignment; afterPage?: boolean; published?: boolean; name?: string },
) => {
  const [course] = await db
    .insert(courses)
    .values({ schoolId: opts.schoolId, classId: opts.classId, name: uniq('Quiz course '), code: uniq('Q'), published: true, sequential: true })
    .returning();
  if (!course) throw new Error('course');
  const element = await buildElement(db, course.id, { name: 'Week 1', position: 0, assign: opts.assign });
  const page = opts.afterPage ? await buildMaterial(db, element, { name: 'Reading', position: 0 }) : null;
  const quiz = await buildMaterial(db, element, { name: opts.name ?? 'Quiz 1', type: 'quiz', position: 1, published: opts.published ?? true });
  return { course, element, quiz, page };
};

/** Questions added to the quiz in order (parsed as the API does); the material's points follow. */
export const addQuizQuestions = async (db: Db, materialId: string, forms: readonly QuestionForm[], actorId: string) => {
  const rows = await insertQuestions(
    db,
    materialId,
    forms.map((f) => questionForm.parse(f)),
    actorId,
  );
  await syncMaxPoints(db, materialId);
  return rows;
};

/** One sample question of each named type (core's test questions). */
export const sampleQuestions = (...types: SampleType[]): QuestionForm[] => types.map((t) => sampleForms[t]);

export const setQuizSettings = (db: Db, materialId: string, form: QuizSettingsForm, actorId: string) =>
  saveSettings(db, materialId, quizSettingsForm.parse(form), actorId, { overwrite: true });

/** Moves an attempt's clock: its start and deadline (tests of the time limit). */
export const moveAttempt = async (db: Db, attemptId: string, at: { startedAt?: Date; deadlineAt?: Date | null }) => {
  await db.update(quizAttempts).set(at).where(eq(quizAttempts.id, attemptId));
};

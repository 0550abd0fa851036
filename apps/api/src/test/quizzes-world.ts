import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { AnswerValue, QuestionForm } from '@klase/core/quizzes/questions';
import type { SampleType } from '@klase/core/quizzes/test-questions';
import type { QuizSettingsForm } from '@klase/core/quizzes/quiz-settings';
import type { AttemptView } from '@klase/core/quizzes/contracts';
import { submissions } from '../db/schema/assessments.ts';
import { signIn, type Agent } from './agent.ts';
import type { ElementAssignment } from './course-factories.ts';
import { addQuizQuestions, buildQuizCourse, sampleQuestions, setQuizSettings } from './quiz-factories.ts';
import { useClassWorld } from './class-world.ts';

/** A class world with everyone signed in, and quizzes made to measure for each test. */

export type Who = 'teacher' | 'assistant' | 'otherTeacher' | 'jose' | 'ana' | 'miguel' | 'isabel' | 'parent' | 'teacherB' | 'studentB';

export const useQuizWorld = () => {
  const ctx = useClassWorld();
  const agents = {} as Record<Who, Agent>;
  beforeAll(async () => {
    const { t, w } = ctx;
    const users: Record<Who, string> = {
      teacher: w.teacher.username,
      assistant: w.assistant.username,
      otherTeacher: w.otherTeacher.username,
      jose: w.s1.username,
      ana: w.s2.username,
      miguel: w.s3.username,
      isabel: w.s4.username,
      parent: w.parent.username,
      teacherB: w.teacherB.username,
      studentB: w.studentB.username,
    };
    for (const [who, username] of Object.entries(users)) agents[who as Who] = await signIn(t.app, username);
  });

  /** A quiz in a new course of the class (four auto-graded sample questions unless told otherwise). */
  const makeQuiz = async (
    opts: { settings?: QuizSettingsForm; questions?: QuestionForm[]; assign?: ElementAssignment; afterPage?: boolean; published?: boolean } = {},
  ) => {
    const { t, w } = ctx;
    const built = await buildQuizCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      assign: opts.assign,
      afterPage: opts.afterPage,
      published: opts.published,
    });
    const rows = await addQuizQuestions(
      t.db,
      built.quiz.id,
      opts.questions ?? sampleQuestions('multipleChoice', 'trueFalse', 'shortAnswer', 'numeric'),
      w.teacher.id,
    );
    if (opts.settings) await setQuizSettings(t.db, built.quiz.id, opts.settings, w.teacher.id);
    const ids: Record<string, string> = {};
    for (const r of rows) ids[r.type] ??= r.id;
    return { ...built, materialId: built.quiz.id, questionIds: rows.map((r) => r.id), ids, id: (type: string) => ids[type] ?? '' };
  };

  return {
    get t() {
      return ctx.t;
    },
    get w() {
      return ctx.w;
    },
    as: (who: Who): Agent => agents[who],
    makeQuiz,
  };
};

/** The right answers to core's sample questions. */
export const RIGHT = {
  multipleChoice: { type: 'multipleChoice', choiceIds: ['k3f9'] },
  trueFalse: { type: 'trueFalse', value: true },
  shortAnswer: { type: 'shortAnswer', text: '  jose   RIZAL ' },
  numeric: { type: 'numeric', value: 9.8 },
  matching: { type: 'matching', pairs: { l9c2: 'r7a1', lq0d: 'r2m8', l1zk: 'r5x3', l4wp: 'r0b6' } },
  essay: { type: 'essay', html: '<p>Our barangay rebuilt a house together after the typhoon.</p>' },
} satisfies Record<SampleType, AnswerValue>;

/** Wrong answers to core's sample questions (an essay is never wrong by itself). */
export const WRONG = {
  multipleChoice: { type: 'multipleChoice', choiceIds: ['x81q'] },
  trueFalse: { type: 'trueFalse', value: false },
  shortAnswer: { type: 'shortAnswer', text: 'Andres Bonifacio' },
  numeric: { type: 'numeric', value: 10 },
  matching: { type: 'matching', pairs: { l9c2: 'r7a1', lq0d: 'r5x3', l1zk: 'r2m8', l4wp: 'r0b6' } },
} satisfies Record<Exclude<SampleType, 'essay'>, AnswerValue>;

const byType =
  (answers: Partial<Record<string, AnswerValue>>) =>
  (type: string): AnswerValue | undefined =>
    answers[type];
/** The right answer to a sample question of the type (for `takeQuiz`). */
export const right = byType(RIGHT);
/** A wrong answer to a sample question of the type (none for an essay). */
export const wrong = byType(WRONG);

/** Starts (or resumes) an attempt and answers it. */
export const start = async (agent: Agent, materialId: string, status = 201): Promise<AttemptView> => {
  const res = await agent.req('POST', `/api/materials/${materialId}/attempts`);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<AttemptView>();
};

export const answer = (agent: Agent, attemptId: string, questionId: string, value: AnswerValue) =>
  agent.req('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, value);

/** Answers every question of the attempt with `pick(type)` (skipping undefined) and submits it. */
export const takeQuiz = async (agent: Agent, materialId: string, pick: (type: string) => AnswerValue | undefined) => {
  const attempt = await start(agent, materialId);
  for (const q of attempt.questions) {
    const value = pick(q.type);
    if (value) {
      const res = await answer(agent, attempt.id, q.id, value);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const res = await agent.req('POST', `/api/attempts/${attempt.id}/submit`);
  expect(res.statusCode, res.body).toBe(200);
  return { attempt, result: res.json<{ attempt: { score: number; maxScore: number; pending: boolean } }>() };
};

/** The student's row of the quiz in `submissions`. */
export const submissionRow = async (db: ReturnType<typeof useQuizWorld>['t']['db'], materialId: string, studentId: string) => {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.materialId, materialId), eq(submissions.studentId, studentId)));
  return row ?? null;
};

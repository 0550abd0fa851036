import type { SubmissionType } from '@klase/core/assignments/contracts';
import type { QuizSettingsForm } from '@klase/core/quizzes/quiz-settings';

/**
 * The shapes of the demo's assessments (the content is in seed-assessments-content.ts, which
 * seed-assessments.ts writes): assignments, activities and quizzes with their settings, questions
 * and the demo students' work and answers. Times are offsets in hours from the seed time.
 */
export const HOUR_MS = 60 * 60 * 1000;
/** Offsets are in hours from the seed time; `D` days. */
export const D = 24;

export type DemoStudent = 'student1' | 'student2' | 'student3' | 'student4' | 'student5' | 'student6';

/** A new material's own fields; a demo material that is already in the course keeps its own. */
export interface NewMaterial {
  instructions: string;
  maxPoints: number;
  dueInDays: number;
}

export interface Handed {
  /** When it was submitted (hours from now). */
  at: number;
  text: string;
  /** The teacher's grade; `returned` hands it back (students and parents see it). */
  grade?: { points: number; feedback?: string; at: number; returned: boolean };
}

export interface DemoAssignment {
  type: 'assignment';
  element: string;
  name: string;
  create?: NewMaterial;
  settings: { openInDays?: number; allowLate: boolean; lateUntilInDays?: number; submissionType: SubmissionType; maxFiles?: number; maxFileMb?: number };
  work: Partial<Record<DemoStudent, Handed>>;
}

export interface DemoActivity {
  type: 'activity';
  element: string;
  name: string;
  create?: NewMaterial;
  /** An existing activity without a due date gets this one. */
  dueInDays: number;
  grades: Partial<Record<DemoStudent, { points: number; feedback?: string; at: number }>>;
}

/** A question as the demo writes it: choices and pairs by text (the ids are made as the editor makes them), the key by index. */
export type DemoQuestion = { prompt: string; points: number } & (
  | { type: 'multipleChoice'; choices: string[]; correct: number[] }
  | { type: 'trueFalse'; correct: boolean }
  | { type: 'shortAnswer'; accepted: string[] }
  | { type: 'numeric'; answer: number; tolerance: number }
  | { type: 'matching'; pairs: [left: string, right: string][] }
  | { type: 'essay'; guidance: string }
);

/** A student's answer by index: the picked choices, or for each left (in the teacher's order) the pair whose right side was chosen. */
export type DemoAnswer = { pick: number[] } | { value: boolean } | { text: string } | { number: number } | { match: number[] } | { essay: string } | null;

export interface DemoAttempt {
  /** Submitted at (hours from now), after `minutes` of work. */
  at: number;
  minutes: number;
  answers: DemoAnswer[];
  /** The teacher's score of the essay (none: it waits). */
  essay?: { points: number; feedback: string; at: number };
}

export interface DemoQuiz {
  type: 'quiz';
  element: string;
  name: string;
  create?: NewMaterial;
  settings: QuizSettingsForm;
  questions: DemoQuestion[];
  attempts: Partial<Record<DemoStudent, DemoAttempt[]>>;
}

export type DemoGraded = DemoAssignment | DemoActivity | DemoQuiz;

export interface DemoCourseWork {
  /** A course of DEMO_COURSES taught by teacher1. */
  course: string;
  /** Pages, videos and links students finished before their work (material name, hours from now). */
  reads: Partial<Record<DemoStudent, [material: string, at: number][]>>;
  materials: DemoGraded[];
}

/** The quiz settings of the demo: 20 minutes, two attempts, the higher counts, answers after submitting, 75% to pass. */
export const QUIZ_SETTINGS: QuizSettingsForm = {
  timeLimitMinutes: 20,
  attemptsAllowed: 2,
  gradingMethod: 'highest',
  showAnswers: 'afterSubmit',
  passingPercent: 75,
};

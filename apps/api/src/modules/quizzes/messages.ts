import type { Locale } from '@klase/core/constants';

/** Texts of the quiz answers (`{ message }` answers, statistics' display of true/false), in the caller's language. */
const MESSAGES = {
  questionDeleted: {
    'en-us': 'The question has been deleted.',
    ph: 'Nabura na ang tanong.',
    zh: '题目已删除。',
  },
  questionsReordered: {
    'en-us': 'The order of the questions has been saved.',
    ph: 'Nai-save na ang pagkakasunod-sunod ng mga tanong.',
    zh: '题目顺序已保存。',
  },
  bankDeleted: {
    'en-us': 'The question has been removed from the question bank.',
    ph: 'Naalis na ang tanong sa bangko ng mga tanong.',
    zh: '题目已从题库中移除。',
  },
  true: { 'en-us': 'True', ph: 'Tama', zh: '正确' },
  false: { 'en-us': 'False', ph: 'Mali', zh: '错误' },
} as const satisfies Record<string, Record<Locale, string>>;

export type QuizMessageKey = keyof typeof MESSAGES;

export const quizText = (locale: Locale, key: QuizMessageKey): string => MESSAGES[key][locale];

export const quizMessage = (locale: Locale, key: QuizMessageKey): { message: string } => ({ message: quizText(locale, key) });

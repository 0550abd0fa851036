import type { Locale } from '@klase/core/constants';

/** Success texts of the assignment actions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  fileRemoved: {
    'en-us': 'The file has been removed.',
    ph: 'Naalis na ang file.',
    zh: '文件已删除。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type AssignmentMessageKey = keyof typeof MESSAGES;

export const assignmentMessage = (locale: Locale, key: AssignmentMessageKey): { message: string } => ({ message: MESSAGES[key][locale] });

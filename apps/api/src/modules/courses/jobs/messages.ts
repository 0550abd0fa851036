import type { Locale } from '@klase/core/constants';

/** Success texts of the copy and delete requests (`{ message }` answers), in the caller's language. */
export const COURSE_JOB_MESSAGES = {
  copyStarted: {
    'en-us': 'The course is being copied. It shows in the class as soon as the copy is done.',
    ph: 'Kinokopya na ang kurso. Lalabas ito sa klase sa sandaling matapos ang pagkopya.',
    zh: '正在复制课程。复制完成后，它会立即显示在班级中。',
  },
  deleteStarted: {
    'en-us': 'The course is being deleted. It disappears from the lists once the deletion is done.',
    ph: 'Binubura na ang kurso. Mawawala ito sa mga listahan kapag natapos ang pagbura.',
    zh: '正在删除课程。删除完成后，它将从列表中消失。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type CourseJobMessageKey = keyof typeof COURSE_JOB_MESSAGES;

export const courseJobMessage = (locale: Locale, key: CourseJobMessageKey): { message: string } => ({ message: COURSE_JOB_MESSAGES[key][locale] });

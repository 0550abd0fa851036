import type { Locale } from '@klase/core/constants';

/** Success texts of the grade-setup deletions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  categoryDeleted: {
    'en-us': 'The grading category has been deleted.',
    ph: 'Nabura na ang kategorya ng marka.',
    zh: '评分类别已删除。',
  },
  itemDeleted: {
    'en-us': 'The grade item and its grades have been deleted.',
    ph: 'Nabura na ang grade item at ang mga marka nito.',
    zh: '成绩项目及其成绩已删除。',
  },
  scaleDeleted: {
    'en-us': 'The scale has been deleted.',
    ph: 'Nabura na ang iskala.',
    zh: '等级量表已删除。',
  },
  rubricDeleted: {
    'en-us': 'The rubric has been deleted.',
    ph: 'Nabura na ang rubric.',
    zh: '评分标准已删除。',
  },
  periodDeleted: {
    'en-us': 'The grading period has been deleted.',
    ph: 'Nabura na ang markahan.',
    zh: '评分期已删除。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type SetupMessageKey = keyof typeof MESSAGES;

export const setupMessage = (locale: Locale, key: SetupMessageKey): { message: string } => ({ message: MESSAGES[key][locale] });

import type { Locale } from '@klase/core/constants';

/** Success texts of the class work actions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  groupDeleted: {
    'en-us': 'The group has been deleted. Its students stay in the class.',
    ph: 'Nabura na ang grupo. Mananatili sa klase ang mga mag-aaral nito.',
    zh: '小组已删除。其学生仍留在班级中。',
  },
  groupsGenerated: {
    'en-us': '{{count}} groups have been created.',
    ph: 'Nagawa na ang {{count}} grupo.',
    zh: '已创建 {{count}} 个小组。',
  },
  groupGenerated: {
    'en-us': '1 group has been created.',
    ph: 'Nagawa na ang 1 grupo.',
    zh: '已创建 1 个小组。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ClassWorkMessageKey = keyof typeof MESSAGES;

export const classWorkMessage = (locale: Locale, key: ClassWorkMessageKey, params: Record<string, string | number> = {}): { message: string } => ({
  message: MESSAGES[key][locale].replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all)),
});

import type { Locale } from '@klase/core/constants';

/** Success texts of the material actions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  published: {
    'en-us': 'The material has been published. Students can see it now.',
    ph: 'Nailathala na ang materyal. Makikita na ito ng mga mag-aaral.',
    zh: '资料已发布，学生现在可以看到。',
  },
  unpublished: {
    'en-us': 'The material has been unpublished. Students no longer see it.',
    ph: 'Hindi na nakalathala ang materyal. Hindi na ito makikita ng mga mag-aaral.',
    zh: '资料已取消发布，学生将不再看到。',
  },
  deleted: {
    'en-us': 'The material has been deleted.',
    ph: 'Nabura na ang materyal.',
    zh: '资料已删除。',
  },
  reordered: {
    'en-us': 'The order of the materials has been saved.',
    ph: 'Nai-save na ang pagkakasunod-sunod ng mga materyal.',
    zh: '资料顺序已保存。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MaterialMessageKey = keyof typeof MESSAGES;

export const materialMessage = (locale: Locale, key: MaterialMessageKey): { message: string } => ({ message: MESSAGES[key][locale] });

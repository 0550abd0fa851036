import type { Locale } from '@klase/core/constants';

/** Success texts of the resource library's actions (`message` of the answers), in the caller's language. */
export const RESOURCE_MESSAGES = {
  linkAdded: {
    'en-us': 'The link has been added to the school resources.',
    ph: 'Naidagdag na ang link sa mga sanggunian ng paaralan.',
    zh: '链接已添加到学校资源库。',
  },
  fileAdded: {
    'en-us': 'The file has been uploaded to the school resources.',
    ph: 'Na-upload na ang file sa mga sanggunian ng paaralan.',
    zh: '文件已上传到学校资源库。',
  },
  updated: {
    'en-us': 'The resource has been updated.',
    ph: 'Na-update na ang sanggunian.',
    zh: '资源已更新。',
  },
  deleted: {
    'en-us': 'The resource has been removed from the school resources.',
    ph: 'Inalis na ang sanggunian sa mga sanggunian ng paaralan.',
    zh: '资源已从学校资源库中移除。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ResourceMessageKey = keyof typeof RESOURCE_MESSAGES;

export const resourceMessage = (locale: Locale, key: ResourceMessageKey): string => RESOURCE_MESSAGES[key][locale];

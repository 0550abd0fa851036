import type { Locale } from '@klase/core/constants';

/**
 * Success texts of the class actions (`{ message }` answers), in the caller's language. `{name}`
 * is the class or student name, `{count}` a number; English picks singular or plural by count.
 */
export const CLASS_MESSAGES = {
  classArchived: {
    'en-us': 'The class has been archived. Students can still open it, but nobody can join it.',
    ph: 'Na-archive na ang klase. Mabubuksan pa rin ito ng mga mag-aaral, ngunit wala nang makakasali rito.',
    zh: '班级已归档。学生仍可打开，但任何人都无法再加入。',
  },
  classRestored: {
    'en-us': 'The class is active again.',
    ph: 'Aktibo na muli ang klase.',
    zh: '班级已恢复为活动状态。',
  },
  joined: {
    'en-us': 'You have joined {name}.',
    ph: 'Sumali ka na sa {name}.',
    zh: '您已加入 {name}。',
  },
  studentsAdded: {
    'en-us': '{count} students have been added to the class.',
    ph: 'Naidagdag na sa klase ang {count} mag-aaral.',
    zh: '已将 {count} 名学生加入班级。',
  },
  studentAdded: {
    'en-us': '1 student has been added to the class.',
    ph: 'Naidagdag na sa klase ang 1 mag-aaral.',
    zh: '已将 1 名学生加入班级。',
  },
  noneAdded: {
    'en-us': 'No students were added: they are already in the class.',
    ph: 'Walang naidagdag na mag-aaral: nasa klase na sila.',
    zh: '没有添加学生：他们已经在班级中。',
  },
  studentRemoved: {
    'en-us': '{name} has been removed from the class.',
    ph: 'Inalis na si {name} sa klase.',
    zh: '已将 {name} 移出班级。',
  },
  passwordGenerated: {
    'en-us': 'A new password has been set for {name} and their sessions have ended. Copy it now: it is shown only once.',
    ph: 'May bagong password na si {name} at natapos na ang kanyang mga session. Kopyahin ito ngayon: isang beses lang itong ipapakita.',
    zh: '已为 {name} 设置新密码，其所有会话已结束。请立即复制：密码只显示这一次。',
  },
  resetLinkSent: {
    'en-us': 'A password reset link has been sent to the email address of {name}.',
    ph: 'Naipadala na ang link para i-reset ang password sa email address ni {name}.',
    zh: '密码重置链接已发送到 {name} 的电子邮箱。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ClassMessageKey = keyof typeof CLASS_MESSAGES;

export const classMessage = (locale: Locale, key: ClassMessageKey, params: { name?: string; count?: number } = {}): { message: string } => ({
  message: CLASS_MESSAGES[key][locale].replace(/\{(name|count)\}/g, (_, k: 'name' | 'count') => String(params[k] ?? '')),
});

/** "N students added" with the singular form for one and a plain note for none. */
export const addedMessage = (locale: Locale, count: number): { message: string } =>
  classMessage(locale, count === 0 ? 'noneAdded' : count === 1 ? 'studentAdded' : 'studentsAdded', { count });

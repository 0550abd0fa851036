import type { Locale } from '@klase/core/constants';
import { ROLE } from '@klase/core/roles';

/** Texts the messaging API builds itself (contacts' context, role names, the offline mail), in the reader's language. */
const ROLE_NAMES: Record<number, Record<Locale, string>> = {
  [ROLE.teacher]: { 'en-us': 'Teacher', ph: 'Guro', zh: '教师' },
  [ROLE.assistantTeacher]: { 'en-us': 'Assistant teacher', ph: 'Katuwang na guro', zh: '助理教师' },
  [ROLE.student]: { 'en-us': 'Student', ph: 'Mag-aaral', zh: '学生' },
  [ROLE.parent]: { 'en-us': 'Parent', ph: 'Magulang', zh: '家长' },
  [ROLE.schoolAdmin]: { 'en-us': 'School administrator', ph: 'Tagapangasiwa ng paaralan', zh: '学校管理员' },
};

export const roleName = (roleId: number, locale: Locale): string => ROLE_NAMES[roleId]?.[locale] ?? '';

const PARENT_OF: Record<Locale, (names: string) => string> = {
  'en-us': (n) => `Parent of ${n}`,
  ph: (n) => `Magulang ni ${n}`,
  zh: (n) => `${n} 的家长`,
};

export const parentOf = (locale: Locale, names: string): string => PARENT_OF[locale](names);

interface MailTexts {
  subject: (title: string) => string;
  greeting: (name: string) => string;
  intro: (count: number, title: string) => string;
  attachment: string;
  more: (count: number) => string;
  button: string;
  settings: string;
  signature: string;
}

export const MESSAGE_MAIL: Record<Locale, MailTexts> = {
  'en-us': {
    subject: (t) => `New messages in Klase: ${t}`,
    greeting: (n) => `Hello ${n},`,
    intro: (c, t) => (c === 1 ? `You have a new message in "${t}":` : `You have ${c} new messages in "${t}":`),
    attachment: '(attachment)',
    more: (c) => `…and ${c} more.`,
    button: 'Open the conversation',
    settings: 'You get this mail because you were offline. You can turn these mails off in the message settings of Klase.',
    signature: 'The Klase team',
  },
  ph: {
    subject: (t) => `Mga bagong mensahe sa Klase: ${t}`,
    greeting: (n) => `Magandang araw, ${n},`,
    intro: (c, t) => (c === 1 ? `May bago kang mensahe sa "${t}":` : `May ${c} bago kang mensahe sa "${t}":`),
    attachment: '(kalakip)',
    more: (c) => `…at ${c} pa.`,
    button: 'Buksan ang usapan',
    settings: 'Natanggap mo ang email na ito dahil offline ka. Maaari mo itong i-off sa mga setting ng mensahe sa Klase.',
    signature: 'Ang Klase team',
  },
  zh: {
    subject: (t) => `Klase 新消息：${t}`,
    greeting: (n) => `${n}，您好：`,
    intro: (c, t) => (c === 1 ? `您在“${t}”中有一条新消息：` : `您在“${t}”中有 ${c} 条新消息：`),
    attachment: '（附件）',
    more: (c) => `……还有 ${c} 条。`,
    button: '打开对话',
    settings: '您收到此邮件是因为您当时不在线。您可以在 Klase 的消息设置中关闭此类邮件。',
    signature: 'Klase 团队',
  },
};

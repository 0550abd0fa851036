import type { Locale } from '@klase/core/constants';
import { SCHOOL_TIME_ZONE } from '@klase/core/constants';
import type { NotificationType } from '@klase/core/notifications/contracts';
import type { RenderedMail } from '../../platform/mail-templates.ts';

type Params = Record<string, string | number>;

const TAG: Record<Locale, string> = { 'en-us': 'en-US', ph: 'fil-PH', zh: 'zh-CN' };

/** A parameter as text; `dueAt` (an ISO time) in the recipient's language and the school's time zone. */
const p = (params: Params, name: string, locale: Locale): string => {
  const v = params[name];
  if (v === undefined) return '';
  if (name === 'dueAt' && typeof v === 'string') {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime()))
      return new Intl.DateTimeFormat(TAG[locale], { timeZone: SCHOOL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(d);
  }
  return String(v);
};

type Sentence = (v: (name: string) => string) => string;

/** One sentence per type, the same as the SPA's `notifications:type.<type>`. */
const SENTENCES: Record<Locale, Record<NotificationType, Sentence>> = {
  'en-us': {
    grade: (v) => `Your work "${v('itemName')}" in ${v('courseName')} was graded: ${v('grade')}.`,
    submissionReturned: (v) => `Your submission "${v('materialName')}" in ${v('courseName')} was returned to you.`,
    materialPublished: (v) => `New in ${v('courseName')}: "${v('materialName')}".`,
    dueSoon: (v) => `"${v('materialName')}" in ${v('courseName')} is due ${v('dueAt')}.`,
    announcement: (v) => `Announcement in ${v('className')}: ${v('title')}.`,
    message: (v) => `New message from ${v('senderName')} in "${v('conversationTitle')}".`,
    classJoined: (v) => (v('studentName') ? `${v('studentName')} joined ${v('className')}.` : `You joined ${v('className')}.`),
    childGrade: (v) => `${v('childName')} got a grade for "${v('itemName')}" in ${v('courseName')}: ${v('grade')}.`,
    mention: (v) => `${v('actorName')} mentioned you in "${v('postTitle')}" (${v('courseName')}).`,
  },
  ph: {
    grade: (v) => `Nabigyan na ng marka ang iyong gawang "${v('itemName')}" sa ${v('courseName')}: ${v('grade')}.`,
    submissionReturned: (v) => `Ibinalik sa iyo ang iyong ipinasang "${v('materialName')}" sa ${v('courseName')}.`,
    materialPublished: (v) => `Bago sa ${v('courseName')}: "${v('materialName')}".`,
    dueSoon: (v) => `Ang "${v('materialName')}" sa ${v('courseName')} ay dapat maipasa sa ${v('dueAt')}.`,
    announcement: (v) => `Anunsyo sa ${v('className')}: ${v('title')}.`,
    message: (v) => `Bagong mensahe mula kay ${v('senderName')} sa "${v('conversationTitle')}".`,
    classJoined: (v) => (v('studentName') ? `Sumali si ${v('studentName')} sa ${v('className')}.` : `Sumali ka sa ${v('className')}.`),
    childGrade: (v) => `Nakakuha si ${v('childName')} ng marka para sa "${v('itemName')}" sa ${v('courseName')}: ${v('grade')}.`,
    mention: (v) => `Binanggit ka ni ${v('actorName')} sa "${v('postTitle')}" (${v('courseName')}).`,
  },
  zh: {
    grade: (v) => `你在 ${v('courseName')} 的作业“${v('itemName')}”已评分：${v('grade')}。`,
    submissionReturned: (v) => `你在 ${v('courseName')} 提交的“${v('materialName')}”已退回给你。`,
    materialPublished: (v) => `${v('courseName')} 有新内容：“${v('materialName')}”。`,
    dueSoon: (v) => `${v('courseName')} 的“${v('materialName')}”将于 ${v('dueAt')} 截止。`,
    announcement: (v) => `${v('className')} 的公告：${v('title')}。`,
    message: (v) => `${v('senderName')} 在“${v('conversationTitle')}”中发来新消息。`,
    classJoined: (v) => (v('studentName') ? `${v('studentName')} 加入了 ${v('className')}。` : `你已加入 ${v('className')}。`),
    childGrade: (v) => `${v('childName')} 在 ${v('courseName')} 的“${v('itemName')}”获得成绩：${v('grade')}。`,
    mention: (v) => `${v('actorName')} 在“${v('postTitle')}”（${v('courseName')}）中提到了你。`,
  },
};

const FRAME: Record<
  Locale,
  { subject: string; digestSubject: string; greeting: (n: string) => string; open: string; digestIntro: string; settings: string; signature: string }
> = {
  'en-us': {
    subject: 'Klase: ',
    digestSubject: 'Klase: your summary',
    greeting: (n) => `Hello ${n},`,
    open: 'Open in Klase',
    digestIntro: 'Here is what happened since the last summary:',
    settings: 'You can change which mails you get in Klase under Notifications → Settings.',
    signature: 'The Klase team',
  },
  ph: {
    subject: 'Klase: ',
    digestSubject: 'Klase: ang iyong buod',
    greeting: (n) => `Magandang araw, ${n},`,
    open: 'Buksan sa Klase',
    digestIntro: 'Narito ang mga nangyari mula sa huling buod:',
    settings: 'Mababago mo kung aling mga email ang natatanggap mo sa Klase sa Mga Abiso → Mga Setting.',
    signature: 'Ang Klase team',
  },
  zh: {
    subject: 'Klase：',
    digestSubject: 'Klase：你的摘要',
    greeting: (n) => `${n}，您好：`,
    open: '在 Klase 中打开',
    digestIntro: '以下是自上次摘要以来的动态：',
    settings: '你可以在 Klase 的“通知 → 设置”中更改接收哪些邮件。',
    signature: 'Klase 团队',
  },
};

/** The sentence of a notification in a language. */
export const notificationSentence = (locale: Locale, type: NotificationType, params: Params): string =>
  SENTENCES[locale][type]((name) => p(params, name, locale));

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const assemble = (f: (typeof FRAME)[Locale], name: string, subject: string, body: { text: string; url: string }[], intro: string | null): RenderedMail => {
  const text = [f.greeting(name), '', ...(intro ? [intro, ''] : []), ...body.flatMap((b) => [b.text, b.url, '']), f.settings, '', f.signature].join('\n');
  const html = [
    `<p>${escapeHtml(f.greeting(name))}</p>`,
    ...(intro ? [`<p>${escapeHtml(intro)}</p>`] : []),
    ...body.map((b) => `<p>${escapeHtml(b.text)}<br><a href="${escapeHtml(b.url)}">${escapeHtml(f.open)}</a></p>`),
    `<p>${escapeHtml(f.settings)}</p>`,
    `<p>${escapeHtml(f.signature)}</p>`,
  ].join('\n');
  return { subject, text, html };
};

export interface MailItem {
  type: NotificationType;
  params: Params;
  /** The item's hash route, e.g. `/courses/...`. */
  link: string;
}

const urlOf = (appUrl: string, link: string): string => `${appUrl}/#${link}`;

/** One notification's mail in the recipient's language, with the link to the item. */
export const renderNotificationMail = (locale: Locale, name: string, appUrl: string, item: MailItem): RenderedMail => {
  const f = FRAME[locale];
  const sentence = notificationSentence(locale, item.type, item.params);
  return assemble(f, name, `${f.subject}${sentence}`.slice(0, 200), [{ text: sentence, url: urlOf(appUrl, item.link) }], null);
};

/** A digest: every notification that came since the last one, in one mail. */
export const renderDigestMail = (locale: Locale, name: string, appUrl: string, items: readonly MailItem[]): RenderedMail => {
  const f = FRAME[locale];
  const body = items.map((i) => ({ text: notificationSentence(locale, i.type, i.params), url: urlOf(appUrl, i.link) }));
  return assemble(f, name, f.digestSubject, body, f.digestIntro);
};

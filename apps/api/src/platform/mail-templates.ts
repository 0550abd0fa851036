import type { Locale } from '@klase/core/constants';

export type MailKind = 'activation' | 'reset' | 'verify-email';

export interface MailParams {
  /** First name of the recipient. */
  name: string;
  username: string;
  link: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  greeting: (name: string) => string;
  lines: (p: MailParams) => string[];
  button: string;
  ignore: string;
  signature: string;
}

const TEMPLATES: Record<MailKind, Record<Locale, Template>> = {
  activation: {
    'en-us': {
      subject: 'Activate your Klase account',
      greeting: (n) => `Hello ${n},`,
      lines: (p) => [
        `A Klase account was created for you. Your username is ${p.username}.`,
        'Open the link below to set your password and activate your account. The link is valid for 7 days.',
      ],
      button: 'Activate my account',
      ignore: 'If you did not expect this message, you can ignore it.',
      signature: 'The Klase team',
    },
    ph: {
      subject: 'I-activate ang iyong Klase account',
      greeting: (n) => `Magandang araw, ${n},`,
      lines: (p) => [
        `Gumawa kami ng Klase account para sa iyo. Ang iyong username ay ${p.username}.`,
        'Buksan ang link sa ibaba upang itakda ang iyong password at i-activate ang iyong account. May bisa ang link sa loob ng 7 araw.',
      ],
      button: 'I-activate ang aking account',
      ignore: 'Kung hindi mo inaasahan ang mensaheng ito, maaari mo itong balewalain.',
      signature: 'Ang Klase team',
    },
    zh: {
      subject: '激活您的 Klase 账户',
      greeting: (n) => `${n}，您好：`,
      lines: (p) => [`我们已为您创建了 Klase 账户，您的用户名是 ${p.username}。`, '请打开下面的链接设置密码并激活账户。该链接在 7 天内有效。'],
      button: '激活我的账户',
      ignore: '如果您没有预料到这封邮件，请忽略它。',
      signature: 'Klase 团队',
    },
  },
  reset: {
    'en-us': {
      subject: 'Reset your Klase password',
      greeting: (n) => `Hello ${n},`,
      lines: (p) => [
        `We received a request to reset the password of the Klase account ${p.username}.`,
        'Open the link below to choose a new password. The link is valid for 60 minutes and can be used once.',
      ],
      button: 'Reset my password',
      ignore: 'If you did not ask for this, ignore this message; your password stays the same.',
      signature: 'The Klase team',
    },
    ph: {
      subject: 'I-reset ang iyong Klase password',
      greeting: (n) => `Magandang araw, ${n},`,
      lines: (p) => [
        `Nakatanggap kami ng kahilingang i-reset ang password ng Klase account na ${p.username}.`,
        'Buksan ang link sa ibaba upang pumili ng bagong password. May bisa ang link sa loob ng 60 minuto at isang beses lamang magagamit.',
      ],
      button: 'I-reset ang aking password',
      ignore: 'Kung hindi ikaw ang humiling nito, balewalain ang mensaheng ito; hindi magbabago ang iyong password.',
      signature: 'Ang Klase team',
    },
    zh: {
      subject: '重置您的 Klase 密码',
      greeting: (n) => `${n}，您好：`,
      lines: (p) => [`我们收到了重置 Klase 账户 ${p.username} 密码的请求。`, '请打开下面的链接设置新密码。该链接在 60 分钟内有效，且只能使用一次。'],
      button: '重置我的密码',
      ignore: '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
      signature: 'Klase 团队',
    },
  },
  'verify-email': {
    'en-us': {
      subject: 'Confirm your email address for Klase',
      greeting: (n) => `Hello ${n},`,
      lines: (p) => [
        `Please confirm that this email address belongs to the Klase account ${p.username}.`,
        'Open the link below to confirm it. The link is valid for 48 hours.',
      ],
      button: 'Confirm my email address',
      ignore: 'If you did not change your email address in Klase, you can ignore this message.',
      signature: 'The Klase team',
    },
    ph: {
      subject: 'Kumpirmahin ang iyong email address para sa Klase',
      greeting: (n) => `Magandang araw, ${n},`,
      lines: (p) => [
        `Pakikumpirma na ang email address na ito ay para sa Klase account na ${p.username}.`,
        'Buksan ang link sa ibaba upang kumpirmahin ito. May bisa ang link sa loob ng 48 oras.',
      ],
      button: 'Kumpirmahin ang aking email address',
      ignore: 'Kung hindi mo binago ang iyong email address sa Klase, maaari mong balewalain ang mensaheng ito.',
      signature: 'Ang Klase team',
    },
    zh: {
      subject: '确认您在 Klase 的电子邮箱地址',
      greeting: (n) => `${n}，您好：`,
      lines: (p) => [`请确认此电子邮箱地址属于 Klase 账户 ${p.username}。`, '请打开下面的链接进行确认。该链接在 48 小时内有效。'],
      button: '确认我的电子邮箱',
      ignore: '如果您没有在 Klase 中更改电子邮箱地址，请忽略此邮件。',
      signature: 'Klase 团队',
    },
  },
};

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Renders a transactional mail in the recipient's language (text and HTML). */
export const renderMail = (kind: MailKind, locale: Locale, params: MailParams): RenderedMail => {
  const t = TEMPLATES[kind][locale];
  const lines = t.lines(params);
  const text = [t.greeting(params.name), '', ...lines, '', params.link, '', t.ignore, '', t.signature].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(params.name))}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(params.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(params.link)}</p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
    `<p>${escapeHtml(t.signature)}</p>`,
  ].join('\n');
  return { subject: t.subject, text, html };
};

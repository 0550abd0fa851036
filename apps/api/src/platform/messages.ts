import type { Locale } from '@klase/core/constants';

/** Success texts of `{ ok, message }` answers, in the caller's language. */
const MESSAGES = {
  forgotPassword: {
    'en-us': 'If an active account uses this email address, we have sent it a link to reset the password.',
    ph: 'Kung may aktibong account na gumagamit ng email address na ito, nagpadala kami rito ng link para i-reset ang password.',
    zh: '如果有使用此电子邮箱地址的有效账户，我们已向其发送重置密码的链接。',
  },
  activated: {
    'en-us': 'Your account is now active. You can sign in with your new password.',
    ph: 'Aktibo na ang iyong account. Maaari ka nang mag-sign in gamit ang iyong bagong password.',
    zh: '您的账户已激活。现在可以使用新密码登录。',
  },
  passwordReset: {
    'en-us': 'Your password has been reset. Please sign in with your new password.',
    ph: 'Na-reset na ang iyong password. Mag-sign in gamit ang iyong bagong password.',
    zh: '您的密码已重置。请使用新密码登录。',
  },
  passwordChanged: {
    'en-us': 'Your password has been changed.',
    ph: 'Napalitan na ang iyong password.',
    zh: '您的密码已更改。',
  },
  emailVerified: {
    'en-us': 'Your email address has been verified.',
    ph: 'Na-verify na ang iyong email address.',
    zh: '您的电子邮箱地址已验证。',
  },
  verifyMailSent: {
    'en-us': 'We have sent you a new verification link.',
    ph: 'Nagpadala kami sa iyo ng bagong link para sa pag-verify.',
    zh: '我们已向您发送新的验证链接。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export const okMessage = (locale: Locale, key: MessageKey): { ok: true; message: string } => ({
  ok: true,
  message: MESSAGES[key][locale],
});

import type { Locale } from '@klase/core/constants';

/** Success texts of the administration actions (`{ message }` answers), in the caller's language. */
const MESSAGES = {
  customerEnabled: {
    'en-us': 'The customer has been enabled. Its users can sign in again.',
    ph: 'Na-enable na ang customer. Maaari nang mag-sign in muli ang mga user nito.',
    zh: '客户已启用。其用户可以重新登录。',
  },
  customerDisabled: {
    'en-us': 'The customer has been disabled. Its users have been signed out.',
    ph: 'Na-disable na ang customer. Na-sign out na ang mga user nito.',
    zh: '客户已停用。其用户已被登出。',
  },
  schoolEnabled: {
    'en-us': 'The school has been enabled.',
    ph: 'Na-enable na ang paaralan.',
    zh: '学校已启用。',
  },
  schoolDisabled: {
    'en-us': 'The school has been disabled. Its users have been signed out.',
    ph: 'Na-disable na ang paaralan. Na-sign out na ang mga user nito.',
    zh: '学校已停用。其用户已被登出。',
  },
  userActivated: {
    'en-us': 'The user has been activated.',
    ph: 'Na-activate na ang user.',
    zh: '用户已启用。',
  },
  userDeactivated: {
    'en-us': 'The user has been deactivated and signed out.',
    ph: 'Na-deactivate at na-sign out na ang user.',
    zh: '用户已停用并被登出。',
  },
  activationSent: {
    'en-us': 'The activation email has been sent again.',
    ph: 'Naipadala nang muli ang email para sa pag-activate.',
    zh: '激活邮件已重新发送。',
  },
  signInLockCleared: {
    'en-us': 'The sign-in lock has been cleared. The user can sign in again.',
    ph: 'Naalis na ang pagka-lock ng pag-sign in. Maaari nang mag-sign in muli ang user.',
    zh: '登录锁定已解除。该用户可以重新登录。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type AdminMessageKey = keyof typeof MESSAGES;

export const adminMessage = (locale: Locale, key: AdminMessageKey): { message: string } => ({ message: MESSAGES[key][locale] });

import type { TokenPurpose } from '@klase/core/auth/contracts';
import type { Db } from '../db/client.ts';
import type { Ctx } from '../platform/context.ts';
import { renderMail } from '../platform/mail-templates.ts';
import { userLocale } from '../platform/locale.ts';
import type { UserRow } from '../platform/rows.ts';
import { issueToken } from '../platform/tokens.ts';

const PAGE: Record<TokenPurpose, string> = {
  activation: 'activation',
  reset: 'reset-password',
  'verify-email': 'verify-account',
};

/** The SPA link a mail carries, e.g. `${APP_URL}/#/account/activation?token=...`. */
export const linkFor = (appUrl: string, purpose: TokenPurpose, token: string): string =>
  `${appUrl}/#/account/${PAGE[purpose]}?token=${encodeURIComponent(token)}`;

/**
 * Issues a token and queues its mail in the same transaction, in the recipient's language.
 * `to` defaults to the user's email.
 */
export const queueTokenMail = async (
  ctx: Ctx,
  tx: Db,
  user: UserRow,
  purpose: TokenPurpose,
  opts: { to?: string; data?: Record<string, unknown> } = {},
): Promise<void> => {
  const to = opts.to ?? user.email;
  if (!to) return;
  const token = await issueToken(tx, user.id, purpose, opts.data ?? null);
  const mail = renderMail(purpose, userLocale(user.language, undefined), {
    name: user.firstName,
    username: user.username,
    link: linkFor(ctx.config.appUrl, purpose, token),
  });
  await ctx.mailer.enqueue(tx, { schoolId: user.schoolId, to, ...mail });
};

import type { FastifyBaseLogger } from 'fastify';
import { fullName } from '@klase/core/admin/users';
import type { Locale } from '@klase/core/constants';
import { MESSAGE_EMAIL_WINDOW_MINUTES } from '@klase/core/messaging/contracts';
import type { Ctx, Database } from '../../platform/context.ts';
import { userLocale } from '../../platform/locale.ts';
import { escapeHtml, type RenderedMail } from '../../platform/mail-templates.ts';
import { onlineUsers } from '../../platform/realtime/presence.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { mailCandidates, markMailed, unmailedMessages, userForMail } from './mail.repo.ts';
import { deleteUnsentAttachments, listConversations } from './messaging.repo.ts';
import { MESSAGE_MAIL } from './messages.ts';
import { conversationRows } from './views.ts';

/**
 * Mail to offline recipients (decision 0039): every minute, each member of an unmuted
 * conversation with messages from others they have neither read nor been mailed about, mail on
 * (the default) and no open socket on any node gets one mail through the outbox summarising
 * them, at most once per conversation per `MESSAGE_EMAIL_WINDOW_MINUTES`; messages that arrive
 * within the window go into the next mail. The member row records the mail in the same
 * transaction as the outbox row, guarded so two nodes never both mail.
 */

export const MESSAGE_MAIL_CHANNEL = 'klase_message_mail';
const POLL_MS = 60_000;
const BATCH = 200;
const SHOWN = 5;
const EXCERPT = 200;
/** Unsent attachments are removed after this long. */
export const UNSENT_ATTACHMENT_MS = 24 * 3_600_000;

interface Summary {
  name: string;
  title: string;
  link: string;
  lines: { sender: string; body: string; attachment: boolean }[];
  total: number;
}

const excerpt = (body: string): string => (body.length > EXCERPT ? `${body.slice(0, EXCERPT)}…` : body);

export const renderMessageMail = (locale: Locale, s: Summary): RenderedMail => {
  const t = MESSAGE_MAIL[locale];
  const lines = s.lines.map((l) => `${l.sender}: ${l.body ? excerpt(l.body) : t.attachment}`);
  const more = s.total > s.lines.length ? [t.more(s.total - s.lines.length)] : [];
  const text = [t.greeting(s.name), '', t.intro(s.total, s.title), '', ...lines, ...more, '', `${t.button}: ${s.link}`, '', t.settings, '', t.signature].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(t.greeting(s.name))}</p>`,
    `<p>${escapeHtml(t.intro(s.total, s.title))}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...more.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(s.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.settings)}</p>`,
    `<p>${escapeHtml(t.signature)}</p>`,
  ].join('\n');
  return { subject: t.subject(s.title), text, html };
};

/** Mails one member about one conversation unless another node did it first; answers whether it mailed. */
const mailOne = async (ctx: Ctx, c: { conversationId: string; userId: string; emailedAt: Date | null; from: number }): Promise<boolean> => {
  const user = await userForMail(ctx.db, c.userId);
  const rows = await unmailedMessages(ctx.db, c.conversationId, c.userId, Number(c.from));
  const newest = rows.at(-1);
  if (!user?.email || !newest) return false;
  const [listed] = await listConversations(ctx.db, c.userId, { filter: 'all', q: '', limit: 1, only: [c.conversationId] });
  const [view] = listed ? await conversationRows(ctx.db, c.userId, [listed]) : [];
  const mail = renderMessageMail(userLocale(user.language, undefined), {
    name: user.firstName,
    title: view?.row.title ?? '',
    link: `${ctx.config.appUrl}/#/messages/list/${c.conversationId}`,
    lines: rows.slice(-SHOWN).map((r) => ({ sender: fullName({ firstName: r.senderFirst, lastName: r.senderLast }), body: r.message.body, attachment: false })),
    total: rows.length,
  });
  const to = user.email;
  return ctx.db.transaction(async (tx) => {
    if (!(await markMailed(tx, c.conversationId, c.userId, c.emailedAt, newest.message.id))) return false;
    await ctx.mailer.enqueue(tx, { schoolId: user.schoolId, to, ...mail });
    return true;
  });
};

/** One run: mails who is due (answers how many mails) and removes day-old unsent attachments. */
export const sendMessageMails = async (ctx: Ctx, now = new Date()): Promise<number> => {
  const candidates = await mailCandidates(ctx.db, MESSAGE_EMAIL_WINDOW_MINUTES, BATCH);
  const online = await onlineUsers(
    ctx.db,
    candidates.map((c) => c.userId),
  );
  let mailed = 0;
  for (const c of candidates) if (!online.has(c.userId) && (await mailOne(ctx, c))) mailed += 1;
  const stale = await deleteUnsentAttachments(ctx.db, new Date(now.getTime() - UNSENT_ATTACHMENT_MS));
  for (const f of stale) await ctx.storage.delete(f.fileKey);
  return mailed;
};

/** The minute loop of offline mail (every node may run it; `markMailed` keeps it to one mail). */
export const createMessageMailWorker = (opts: { database: Database; ctx: Ctx; log: FastifyBaseLogger }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: MESSAGE_MAIL_CHANNEL,
    pollMs: POLL_MS,
    log: opts.log,
    name: 'message mail',
    drain: () => sendMessageMails(opts.ctx),
  });

import { fullName } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import { MESSAGE_EVENTS, MESSAGE_FLOOD_PER_MINUTE, type Message, type MessagePage, type SendMessage } from '@klase/core/messaging/contracts';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { hitWindow } from '../../platform/rate-limit.ts';
import { publish, type RealtimeMessage } from '../../platform/realtime/bus.ts';
import type { UserRow } from '../../platform/rows.ts';
import { memberConversation, sendBlockedReason } from './conversations.service.ts';
import {
  advanceRead,
  claimAttachments,
  findMessageByClientId,
  insertMessageTouching,
  listConversations,
  memberIds,
  membersWithMute,
  messagesBefore,
  unreadTotal,
  type ConversationRecord,
  type MessageRecord,
} from './messaging.repo.ts';
import { conversationRows, messageViewOf, messageViews } from './views.ts';
import { personRefOf } from './rules.ts';
import { prepareNotify, readRecipients, type NotifyCtx, type NotifyRecipients } from '../notifications/notifications.service.ts';

/** Messages: the page of a conversation, sending (deduplicated by client id, rate-limited), read state and typing. */

type SendInput = Required<SendMessage>;

const BLOCK_ERRORS = { youBlocked: 'MESSAGE_YOU_BLOCKED', blockedYou: 'MESSAGE_BLOCKED', notAllowed: 'MESSAGE_NOT_ALLOWED' } as const;

const badId = (path: string) => new DomainError('VALIDATION', { fields: [{ path, key: 'invalidChoice' }] });
const numericId = (raw: string, path: string): number => {
  if (!/^\d{1,18}$/.test(raw)) throw badId(path);
  return Number(raw);
};

const oneView = async (db: Db, row: MessageRecord): Promise<Message> => {
  const [view] = await messageViews(db, [row]);
  if (!view) throw new Error('message view');
  return view;
};

/** `GET .../messages?before=&limit=`: oldest first, ending before `before` (default: the newest). */
export const messagePage = async (db: Db, me: UserRow, id: string, q: { before?: string; limit: number }): Promise<MessagePage> => {
  const c = await memberConversation(db, me, id);
  const before = q.before === undefined ? undefined : numericId(q.before, 'before');
  const rows = await messagesBefore(db, c.id, before, q.limit);
  const items = rows.slice(0, q.limit).reverse();
  return { items: await messageViews(db, items), hasMore: rows.length > q.limit };
};

type Member = { id: string; muted: boolean };

/** The members, if the sender may reach them: blocks and rules of a direct conversation (else 403 with the reason). */
const requireCanSend = async (db: Db, me: UserRow, c: ConversationRecord, members: Member[]): Promise<Member[]> => {
  const reason = await sendBlockedReason(db, me, c, members.find((m) => m.id !== me.id)?.id);
  if (reason) throw new DomainError(BLOCK_ERRORS[reason]);
  return members;
};

/** A class or group conversation's title (the same for every member). */
const titleFor = async (db: Db, userId: string, conversationId: string): Promise<string> => {
  const listed = await listConversations(db, userId, { filter: 'all', q: '', limit: 1, only: [conversationId] });
  const [view] = await conversationRows(db, userId, listed);
  return view?.row.title ?? '';
};

/** Who gets the `message` notification: the members but the sender and those who muted the conversation. */
const noticeTo = (members: readonly Member[], senderId: string): string[] => members.filter((m) => !m.muted && m.id !== senderId).map((m) => m.id);

/**
 * What follows a sent message, inside the send transaction: the `message` notification (decision
 * 0041) to the members who did not mute the conversation, one unread notification per
 * conversation (keyed), in-app only (the mail of a message is the batched offline mail of
 * `mail.worker.ts`). Answers its real-time events, which the send publishes together with
 * `message.new` (one `publish`: the members are locked once).
 */
const messageNotice = async (
  tx: Db,
  ctx: NotifyCtx,
  sent: { conversation: ConversationRecord; sender: UserRow; members: readonly Member[]; recipients: NotifyRecipients },
): Promise<RealtimeMessage[]> => {
  const userIds = noticeTo(sent.members, sent.sender.id);
  if (userIds.length === 0) return [];
  const senderName = fullName(sent.sender);
  const conversationTitle = sent.conversation.kind === 'direct' ? senderName : await titleFor(tx, sent.sender.id, sent.conversation.id);
  const notice = await prepareNotify(tx, ctx, {
    userIds,
    schoolId: sent.conversation.schoolId,
    type: 'message',
    params: { senderName, conversationTitle },
    link: `/messages/list/${sent.conversation.id}`,
    actorId: sent.sender.id,
    actor: sent.sender,
    key: `message:${sent.conversation.id}`,
    recipients: sent.recipients,
  });
  return notice.events;
};

/**
 * `POST .../messages`: stores the message and tells every member (`message.new`) in one
 * transaction. A retry with a client id the sender used already answers that message (200) and
 * publishes nothing; the flood limit counts new messages only.
 */
export const sendMessage = async (
  db: Db,
  ctx: NotifyCtx,
  me: UserRow,
  id: string,
  input: SendInput,
  /** False for a message the caller sends to many people at once by one action (the at-risk message, issue 21). */
  countFlood = true,
): Promise<{ created: boolean; message: Message }> => {
  // Read at once: the conversation (with the caller's membership), a message already stored under
  // this client id, and the members. A class or group conversation's members are brought up to
  // date by `memberConversation`, so they are read again after it.
  const [c, again, membersRead] = await concurrently(
    db,
    () => memberConversation(db, me, id),
    () => findMessageByClientId(db, me.id, input.clientId),
    () => membersWithMute(db, id),
  );
  if (again) return repeat(db, c, again);
  const membersNow = c.kind === 'direct' ? membersRead : await membersWithMute(db, c.id);
  // The notification's recipients (with their settings) are read with the checks, before the transaction.
  const [members, recipients] = await concurrently(
    db,
    () => requireCanSend(db, me, c, membersNow),
    () => readRecipients(db, noticeTo(membersNow, me.id)),
  );
  const sent = await db.transaction(async (tx) => {
    // The flood window counts in the send's own transaction (one commit per send, not two).
    const wait = countFlood ? await hitWindow(tx, `messages:${me.id}`, MESSAGE_FLOOD_PER_MINUTE, 60) : null;
    if (wait !== null) return { wait };
    const row = await insertMessageTouching(tx, { conversationId: c.id, senderId: me.id, clientId: input.clientId, body: input.body });
    if (!row) return null;
    const taken = await claimAttachments(tx, me.id, input.attachmentIds, row.id);
    if (taken !== new Set(input.attachmentIds).size) throw badId('attachmentIds');
    // The sender is known and the files are the ones just claimed: no query for the view unless there are files.
    const message = input.attachmentIds.length > 0 ? await oneView(tx, row) : messageViewOf(row, personRefOf(me), []);
    const notices = await messageNotice(tx, ctx, { conversation: c, sender: me, members, recipients });
    const everyone = members.map((m) => m.id);
    await publish(tx, [{ userIds: everyone, type: MESSAGE_EVENTS.new, data: { conversationId: c.id, message } }, ...notices]);
    return { message };
  });
  if (sent && 'wait' in sent) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: sent.wait });
  if (sent) return { created: true, message: sent.message };
  // A retry raced the first request: answer what the first stored.
  const stored = await findMessageByClientId(db, me.id, input.clientId);
  if (!stored) throw new DomainError('NOT_FOUND');
  return repeat(db, c, stored);
};

const repeat = async (db: Db, c: ConversationRecord, stored: MessageRecord) => {
  // A client id is the sender's own: reused in another conversation, it is a mistake, not a retry.
  if (stored.conversationId !== c.id) throw badId('clientId');
  return { created: false, message: await oneView(db, stored) };
};

/**
 * `POST .../read`: the caller read up to `messageId`. The reader's tabs get their new total
 * (badge); the other members get the position (read receipts) without it.
 */
export const markRead = async (db: Db, me: UserRow, id: string, messageId: string): Promise<{ unread: number }> => {
  const c = await memberConversation(db, me, id);
  const target = numericId(messageId, 'messageId');
  return db.transaction(async (tx) => {
    const upTo = await advanceRead(tx, c.id, me.id, target);
    if (upTo === null) throw new DomainError('NOT_FOUND');
    const unread = await unreadTotal(tx, me.id);
    const others = (await memberIds(tx, c.id)).filter((m) => m !== me.id);
    const data = { conversationId: c.id, userId: me.id, messageId: String(upTo) };
    await publish(tx, [
      { userIds: others, type: MESSAGE_EVENTS.read, data },
      { userIds: [me.id], type: MESSAGE_EVENTS.read, data: { ...data, unread } },
    ]);
    return { unread };
  });
};

/** At most one typing event per person and conversation this often (on this node). */
export const TYPING_EVERY_MS = 1000;
const lastTyping = new Map<string, number>();

/** `POST .../typing`: tells the other members, nothing stored beyond the event; repeats within `TYPING_EVERY_MS` are dropped. */
export const typing = async (db: Db, me: UserRow, id: string, now = Date.now()): Promise<void> => {
  const c = await memberConversation(db, me, id);
  const key = `${me.id}:${c.id}`;
  if (now - (lastTyping.get(key) ?? 0) < TYPING_EVERY_MS) return;
  lastTyping.set(key, now);
  if (lastTyping.size > 10_000) for (const [k, at] of lastTyping) if (now - at > TYPING_EVERY_MS) lastTyping.delete(k);
  const others = (await memberIds(db, c.id)).filter((m) => m !== me.id);
  await publish(db, { userIds: others, type: MESSAGE_EVENTS.typing, data: { conversationId: c.id, userId: me.id, name: fullName(me) } });
};

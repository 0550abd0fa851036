import { fullName } from '@klase/core/admin/users';
import type { AttachmentRef, ConversationRow, Message, PersonRef } from '@klase/core/messaging/contracts';
import type { Db } from '../../db/client.ts';
import { classNames, groupNames } from './access.repo.ts';
import {
  attachmentsOf,
  lastMessages,
  membersOf,
  peopleByIds,
  type AttachmentRecord,
  type ListedConversation,
  type MemberPerson,
  type MessageRecord,
} from './messaging.repo.ts';
import { personRefOf } from './rules.ts';

/** How conversations and messages are answered (the shapes of `@klase/core/messaging/contracts`). */

export const attachmentRef = (a: AttachmentRecord): AttachmentRef => ({
  id: a.id,
  name: a.name,
  size: a.size,
  mime: a.mime,
  downloadUrl: `/api/messages/attachments/${a.id}`,
});

const UNKNOWN_PERSON = (id: string): PersonRef => ({ id, name: '', roleId: 0, photoUrl: null });

/** Messages with their senders and attachments, in the given order. */
/** One message as answered, from its row, its sender and its files. */
export const messageViewOf = (m: MessageRecord, sender: PersonRef, files: readonly AttachmentRecord[]): Message => ({
  id: String(m.id),
  conversationId: m.conversationId,
  clientId: m.clientId,
  sender,
  body: m.body,
  attachments: files.map(attachmentRef),
  createdAt: m.createdAt.toISOString(),
});

export const messageViews = async (db: Db, rows: readonly MessageRecord[]): Promise<Message[]> => {
  const senders = new Map((await peopleByIds(db, [...new Set(rows.map((m) => m.senderId))])).map((p) => [p.id, personRefOf(p)]));
  const files = await attachmentsOf(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) =>
    messageViewOf(
      m,
      senders.get(m.senderId) ?? UNKNOWN_PERSON(m.senderId),
      files.filter((f) => f.messageId === m.id),
    ),
  );
};

export interface RowContext {
  row: ConversationRow;
  members: MemberPerson[];
}

/** Conversation rows (title, contact, last message, unread, own star and mute) for the caller. */
export const conversationRows = async (db: Db, meId: string, listed: readonly ListedConversation[]): Promise<RowContext[]> => {
  const ids = listed.map((l) => l.conversation.id);
  const members = await membersOf(db, ids);
  const lasts = await lastMessages(db, ids);
  const lastFiles = new Set(
    (
      await attachmentsOf(
        db,
        lasts.map((l) => l.message.id),
      )
    ).map((f) => f.messageId),
  );
  const classes = new Map(
    (
      await classNames(
        db,
        listed.flatMap((l) => (l.conversation.classId ? [l.conversation.classId] : [])),
      )
    ).map((c) => [c.id, c.name]),
  );
  const groups = new Map(
    (
      await groupNames(
        db,
        listed.flatMap((l) => (l.conversation.groupId ? [l.conversation.groupId] : [])),
      )
    ).map((g) => [g.id, g.name]),
  );
  return listed.map(({ conversation: c, member, unread }) => {
    const mine = members.filter((m) => m.conversationId === c.id);
    const other = c.kind === 'direct' ? mine.find((m) => m.id !== meId) : undefined;
    const className = (c.classId && classes.get(c.classId)) || '';
    const title =
      c.kind === 'direct' ? (other ? fullName(other) : '') : c.kind === 'class' ? className : `${(c.groupId && groups.get(c.groupId)) || ''} · ${className}`;
    const last = lasts.find((l) => l.message.conversationId === c.id);
    return {
      members: mine,
      row: {
        id: c.id,
        kind: c.kind,
        title,
        contact: other ? personRefOf(other) : null,
        memberCount: mine.length,
        lastMessage: last
          ? {
              body: last.message.body,
              senderName: fullName({ firstName: last.senderFirst, lastName: last.senderLast }),
              createdAt: last.message.createdAt.toISOString(),
              hasAttachments: lastFiles.has(last.message.id),
            }
          : null,
        unread: Number(unread),
        starred: member.starred,
        muted: member.muted,
        updatedAt: c.updatedAt.toISOString(),
      },
    };
  });
};

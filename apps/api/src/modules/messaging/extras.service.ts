import { randomUUID } from 'node:crypto';
import { DomainError } from '@klase/core/errors';
import { MESSAGE_SEARCH_HISTORY_MAX, type AttachmentRef, type MessageSettings, type messageSearchHit } from '@klase/core/messaging/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { storeAndRecord } from '../assignments/stored-files.service.ts';
import { memberConversation } from './conversations.service.ts';
import {
  clearSearchHistory,
  findAttachment,
  findSettings,
  insertAttachment,
  listConversations,
  recordSearch,
  saveSettings,
  searchHistory,
  searchMessages,
} from './messaging.repo.ts';
import { attachmentRef, conversationRows, messageViews } from './views.ts';

/** Search with its history, settings, attachments. */

const SEARCH_HITS = 50;

/** `GET /api/messages/search?q=`: the caller's conversations' messages containing `q`, newest first; `q` goes to the history. */
export const searchMyMessages = async (db: Db, me: UserRow, q: string): Promise<{ items: z.infer<typeof messageSearchHit>[] }> => {
  const rows = await searchMessages(db, me.id, q, SEARCH_HITS);
  await recordSearch(db, me.id, q, MESSAGE_SEARCH_HISTORY_MAX);
  const convIds = [...new Set(rows.map((r) => r.message.conversationId))];
  const listed = await listConversations(db, me.id, { filter: 'all', q: '', limit: convIds.length || 1, only: convIds });
  const titles = new Map((await conversationRows(db, me.id, listed)).map((v) => [v.row.id, v.row.title]));
  const views = await messageViews(
    db,
    rows.map((r) => r.message),
  );
  return { items: views.map((message) => ({ message, conversationTitle: titles.get(message.conversationId) ?? '' })) };
};

export const mySearchHistory = async (db: Db, me: UserRow) => ({ items: await searchHistory(db, me.id) });
export const clearMySearchHistory = async (db: Db, me: UserRow) => {
  await clearSearchHistory(db, me.id);
  return { items: [] };
};

export const DEFAULT_SETTINGS: MessageSettings = { enterToSend: true, emailWhenOffline: true };

export const mySettings = async (db: Db, me: UserRow): Promise<MessageSettings> => {
  const row = await findSettings(db, me.id);
  return row ? { enterToSend: row.enterToSend, emailWhenOffline: row.emailWhenOffline } : DEFAULT_SETTINGS;
};

export const saveMySettings = async (db: Db, me: UserRow, v: MessageSettings): Promise<MessageSettings> => {
  await saveSettings(db, me.id, v);
  return mySettings(db, me);
};

/**
 * `POST /api/messages/attachments`: streamed to storage under the sender's school within the
 * course file limit, judged by content like assignment files (programs and scripts are refused,
 * whatever their name says; the stored type is what the bytes show).
 */
export const uploadAttachment = async (ctx: Ctx, me: UserRow, file: IncomingFile, maxBytes: number): Promise<AttachmentRef> => {
  const schoolId = me.schoolId;
  if (!schoolId) throw new DomainError('MESSAGE_NOT_ALLOWED');
  const key = `schools/${schoolId}/messages/${randomUUID()}`;
  return storeAndRecord(ctx.storage, key, file, maxBytes, async (stored) =>
    attachmentRef(await insertAttachment(ctx.db, { ownerId: me.id, schoolId, fileKey: key, name: stored.fileName, size: stored.size, mime: stored.mime })),
  );
};

/** `GET /api/messages/attachments/:id`: members of its conversation (or its uploader before it is sent) only. */
export const attachmentFile = async (ctx: Ctx, me: UserRow, id: string) => {
  const found = await findAttachment(ctx.db, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (found.conversationId) await memberConversation(ctx.db, me, found.conversationId);
  else if (found.attachment.ownerId !== me.id) throw new DomainError('NOT_FOUND');
  const stored = await ctx.storage.getStream(found.attachment.fileKey);
  if (!stored) throw new DomainError('NOT_FOUND');
  return { ...stored, mime: found.attachment.mime, name: found.attachment.name };
};

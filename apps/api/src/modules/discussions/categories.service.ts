import { randomUUID } from 'node:crypto';
import { CATEGORIES_MAX, type DiscussionCategory, type DiscussionSettings } from '@klase/core/discussions/contracts';
import { DomainError } from '@klase/core/errors';
import type { AttachmentRef, PersonRef } from '@klase/core/messaging/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { storeAndRecord } from '../assignments/stored-files.service.ts';
import { deleteStaleAttachments, findAttachment, insertAttachment } from './comments.repo.ts';
import { loadDiscussionAccess, loadPost, requireModerate, requirePost } from './discussion-access.ts';
import {
  countCategories,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  makeDefaultCategories,
  participantsOf,
  readSettings,
  renameCategory,
  saveSettings,
} from './discussions.repo.ts';
import { attachmentView, personOf } from './views.ts';

/** A course's categories, settings, mention candidates and post attachments. */

/** The categories a course starts with (stored names: teachers rename them). */
export const DEFAULT_CATEGORIES = ['General', 'Question', 'Announcement'] as const;
const PARTICIPANTS_MAX = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

const field = (path: string, key: string, params?: Record<string, number>) => new DomainError('VALIDATION', { fields: [{ path, key, params }] });

/** `GET .../discussions/categories`: the first read makes the defaults (once, also under concurrent reads). */
export const categoryList = async (db: Db, me: UserRow, courseId: string, childId?: string): Promise<{ items: DiscussionCategory[] }> => {
  const access = await loadDiscussionAccess(db, me, courseId, childId);
  await makeDefaultCategories(db, access.course.id, DEFAULT_CATEGORIES);
  return { items: await listCategories(db, access.course.id) };
};

const named = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err)) throw field('name', 'duplicateEntry');
    throw err;
  }
};

const managed = async (db: Db, me: UserRow, courseId: string) => {
  const access = await loadDiscussionAccess(db, me, courseId);
  requireModerate(access);
  return access;
};

const categoryOf = async (db: Db, courseId: string, id: string) => {
  const found = await findCategory(db, courseId, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};

/** `POST .../categories` `{ name }` (moderators; at most `CATEGORIES_MAX`, names unique per course). */
export const createCategory = async (db: Db, me: UserRow, courseId: string, name: string): Promise<DiscussionCategory> => {
  const access = await managed(db, me, courseId);
  await makeDefaultCategories(db, access.course.id, DEFAULT_CATEGORIES);
  if ((await countCategories(db, access.course.id)) >= CATEGORIES_MAX) throw field('name', 'notGreaterThan', { limit: CATEGORIES_MAX });
  const row = await named(() => insertCategory(db, access.course.id, name));
  return { id: row.id, name: row.name, postCount: 0 };
};

/** `PUT .../categories/:id` `{ name }`. */
export const updateCategory = async (db: Db, me: UserRow, courseId: string, id: string, name: string): Promise<DiscussionCategory> => {
  const access = await managed(db, me, courseId);
  await categoryOf(db, access.course.id, id);
  await named(() => renameCategory(db, id, name));
  const found = (await listCategories(db, access.course.id)).find((c) => c.id === id);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};

/** `DELETE .../categories/:id`: its posts keep no category. */
export const removeCategory = async (db: Db, me: UserRow, courseId: string, id: string): Promise<void> => {
  const access = await managed(db, me, courseId);
  await categoryOf(db, access.course.id, id);
  await deleteCategory(db, id);
};

/** `GET .../settings` (moderators). */
export const settingsOf = async (db: Db, me: UserRow, courseId: string): Promise<DiscussionSettings> => {
  const access = await managed(db, me, courseId);
  return readSettings(db, access.course.id);
};

/** `PUT .../settings` (moderators). */
export const updateSettings = async (db: Db, me: UserRow, courseId: string, v: DiscussionSettings): Promise<DiscussionSettings> => {
  const access = await managed(db, me, courseId);
  await saveSettings(db, access.course.id, v.parentsRead);
  return readSettings(db, access.course.id);
};

/** `GET .../participants?q=`: the class's teachers and assistants, and its students when the course is published. */
export const participants = async (db: Db, me: UserRow, courseId: string, q: string): Promise<{ items: PersonRef[] }> => {
  const access = await loadDiscussionAccess(db, me, courseId);
  requirePost(access);
  const rows = await participantsOf(db, access.course.classId, access.course.published, q, PARTICIPANTS_MAX);
  return { items: rows.map(personOf) };
};

/**
 * `POST .../discussions/attachments`: participants upload a file for a post, streamed to storage
 * within the course file limit and judged by content like assignment files. The uploader's unused
 * uploads older than a day go on the way.
 */
export const uploadAttachment = async (ctx: Ctx, me: UserRow, courseId: string, file: IncomingFile, maxBytes: number): Promise<AttachmentRef> => {
  const access = await loadDiscussionAccess(ctx.db, me, courseId);
  requirePost(access);
  for (const key of await deleteStaleAttachments(ctx.db, me.id, new Date(Date.now() - DAY_MS))) await ctx.storage.delete(key);
  const key = `schools/${access.course.schoolId}/discussions/${randomUUID()}`;
  const values = { ownerId: me.id, schoolId: access.course.schoolId, courseId: access.course.id, fileKey: key };
  return storeAndRecord(ctx.storage, key, file, maxBytes, async (stored) =>
    attachmentView(await insertAttachment(ctx.db, { ...values, name: stored.fileName, size: stored.size, mime: stored.mime })),
  );
};

/** `GET /api/discussions/attachments/:id`: whoever reads its post (its uploader before it is attached). */
export const attachmentFile = async (ctx: Ctx, me: UserRow, id: string, childId?: string) => {
  const found = await findAttachment(ctx.db, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (found.postId) await loadPost(ctx.db, me, found.postId, childId);
  else if (found.ownerId !== me.id) throw new DomainError('NOT_FOUND');
  const stored = await ctx.storage.getStream(found.fileKey);
  if (!stored) throw new DomainError('NOT_FOUND');
  return { ...stored, mime: found.mime, name: found.name };
};

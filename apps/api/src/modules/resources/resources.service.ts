import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { fullName } from '@klase/core/admin/users';
import type { AuditAction } from '@klase/core/admin/audit';
import type { Locale } from '@klase/core/constants';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import { canOpen } from '@klase/core/guards';
import {
  RESOURCE_FILE_FIELD,
  resourceFileForm,
  type ResourceRow,
  type ResourceSaved,
  type resourceEditForm,
  type resourceLinkForm,
} from '@klase/core/resources/contracts';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { MIME_OF, safeFileName, sniffType } from '@klase/core/upload';
import { toFieldIssues } from '@klase/core/validation/issues';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { StorageLimitError, type FileStorage } from '../../platform/storage.ts';
import { resourceMessage } from './messages.ts';
import {
  deleteResource,
  findListedResource,
  findResource,
  insertResource,
  listResources,
  updateResource,
  type ListedResource,
  type ResourceRecord,
  type ResourcesQuery,
} from './resources.repo.ts';

/**
 * The school's resource library (`#/resources`): everyone of a school reads its resources;
 * teachers and the school admin add links and files; the one who added a resource, or a school
 * admin, edits and removes it. Another school's resource is NOT_FOUND, like a missing one.
 */

type LinkValues = z.output<typeof resourceLinkForm>;
type EditValues = z.output<typeof resourceEditForm>;

const OCTET = 'application/octet-stream';
const SNIFF_BYTES = 16;
/** What the audit log keeps of a resource. */
const AUDITED = ['kind', 'title', 'description', 'gradeLevel', 'subject', 'url', 'fileName', 'fileSize', 'fileMime'] as const;

const invalid = (fields: FieldIssue[]): DomainError => new DomainError('VALIDATION', { fields });
const fileRequired: FieldIssue = { path: RESOURCE_FILE_FIELD, key: 'required' };

/** The caller's school: a parent's is the school of their account. No school: nothing to reach. */
const schoolOf = (user: UserRow): string => {
  if (!user.schoolId) throw new DomainError('NOT_FOUND');
  return user.schoolId;
};

const canEdit = (user: UserRow, r: ResourceRecord): boolean =>
  canOpen('resourcesWrite', user.roleId) && r.schoolId === user.schoolId && (r.createdBy === user.id || user.roleId === ROLE.schoolAdmin);

const toRow = (user: UserRow, { resource: r, adder }: ListedResource): ResourceRow => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  description: r.description,
  gradeLevel: r.gradeLevel,
  subject: r.subject,
  url: r.kind === 'link' ? r.url : null,
  file:
    r.kind === 'file' && r.fileKey
      ? { name: r.fileName ?? 'file', size: r.fileSize ?? 0, mime: r.fileMime ?? OCTET, downloadUrl: `/api/resources/${r.id}/file` }
      : null,
  addedBy: adder && r.createdBy ? { id: r.createdBy, name: fullName(adder) } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  can: { edit: canEdit(user, r) },
});

/** A resource of the caller's school (anything else: NOT_FOUND). */
const resourceOfSchool = async (db: Db, user: UserRow, id: string): Promise<ResourceRecord> => {
  const schoolId = schoolOf(user);
  const found = await findResource(db, id);
  if (!found || found.schoolId !== schoolId) throw new DomainError('NOT_FOUND');
  return found;
};

/** A resource the caller may change: of their school (else 404), added by them or they administer the school (else 403). */
const editableResource = async (db: Db, user: UserRow, id: string): Promise<ResourceRecord> => {
  const found = await resourceOfSchool(db, user, id);
  if (!canEdit(user, found)) throw new DomainError('FORBIDDEN');
  return found;
};

const saved = async (db: Db, user: UserRow, id: string, message: string): Promise<ResourceSaved> => {
  const found = await findListedResource(db, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return { resource: toRow(user, found), message };
};

const auditResource = (
  tx: Db,
  actor: UserRow,
  action: AuditAction,
  r: ResourceRecord,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) => auditChange(tx, { schoolId: r.schoolId, actorId: actor.id, action, targetType: 'resource', targetId: r.id, ...diff });

const detailColumns = (v: { title: string; description: string; gradeLevel: string | null; subject: string }) => ({
  title: v.title,
  description: v.description,
  gradeLevel: v.gradeLevel,
  subject: v.subject === '' ? null : v.subject,
});

/** The caller's school's library; an account without a school has an empty one. */
export const listSchoolResources = async (db: Db, user: UserRow, q: ResourcesQuery): Promise<TablePage<ResourceRow>> => {
  if (!user.schoolId) return { data: [], pagination: { page: q.page, totalcount: 0 } };
  const { rows, total } = await listResources(db, user.schoolId, q);
  return { data: rows.map((r) => toRow(user, r)), pagination: { page: q.page, totalcount: total } };
};

const create = async (ctx: Ctx, actor: UserRow, values: Parameters<typeof insertResource>[1]): Promise<ResourceRecord> =>
  ctx.db.transaction(async (tx) => {
    const row = await insertResource(tx, values);
    await auditResource(tx, actor, 'resource.created', row, { before: null, after: pick(row, AUDITED) });
    return row;
  });

export const addLink = async (ctx: Ctx, actor: UserRow, v: LinkValues, locale: Locale): Promise<ResourceSaved> => {
  const schoolId = schoolOf(actor);
  const row = await create(ctx, actor, { schoolId, kind: 'link', ...detailColumns(v), url: v.url, createdBy: actor.id, updatedBy: actor.id });
  return saved(ctx.db, actor, row.id, resourceMessage(locale, 'linkAdded'));
};

/** One file part of a multipart request. */
export interface IncomingFile {
  stream: Readable;
  fileName: string;
  /** True when the multipart parser cut the file at its own limit. */
  truncated: () => boolean;
}

const parseFileFields = (fields: Record<string, string>) => resourceFileForm.safeParse({ ...fields, gradeLevel: fields.gradeLevel ? fields.gradeLevel : null });

/** No file part came with the upload: 400 with the fields' issues and `file: required`. */
export const refuseWithoutFile = (fields: Record<string, string>): never => {
  const parsed = parseFileFields(fields);
  throw invalid([...(parsed.success ? [] : toFieldIssues(parsed.error.issues)), fileRequired]);
};

/** The type of stored bytes, from their first bytes (unknown kinds: application/octet-stream). */
const storedType = async (storage: FileStorage, key: string): Promise<string> => {
  const stored = await storage.getStream(key);
  let head = Buffer.alloc(0);
  if (stored) {
    for await (const chunk of stored.stream as AsyncIterable<Buffer>) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= SNIFF_BYTES) break;
    }
  }
  const kind = sniffType(head);
  return kind === 'unknown' ? OCTET : MIME_OF[kind];
};

/**
 * Streams the file to storage under the school (at most `maxBytes`), takes its type from the
 * stored content and records the resource. The fields are checked before the first byte is
 * stored; any failure afterwards removes the stored file, so nothing is left half-made.
 */
export const addFile = async (
  ctx: Ctx,
  actor: UserRow,
  fields: Record<string, string>,
  file: IncomingFile,
  maxBytes: number,
  locale: Locale,
): Promise<ResourceSaved> => {
  const schoolId = schoolOf(actor);
  const parsed = parseFileFields(fields);
  if (!parsed.success) throw invalid(toFieldIssues(parsed.error.issues));
  const v = parsed.data;
  const key = `schools/${schoolId}/resources/${randomUUID()}`;
  let size: number;
  try {
    size = await ctx.storage.putStream(key, file.stream, { maxBytes });
  } catch (err) {
    if (err instanceof StorageLimitError) throw new DomainError('UPLOAD_TOO_LARGE');
    throw err;
  }
  let row: ResourceRecord;
  try {
    if (file.truncated()) throw new DomainError('UPLOAD_TOO_LARGE');
    if (size === 0) throw invalid([fileRequired]);
    const fileMime = await storedType(ctx.storage, key);
    row = await create(ctx, actor, {
      schoolId,
      kind: 'file',
      ...detailColumns(v),
      fileKey: key,
      fileName: safeFileName(file.fileName),
      fileSize: size,
      fileMime,
      createdBy: actor.id,
      updatedBy: actor.id,
    });
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
  return saved(ctx.db, actor, row.id, resourceMessage(locale, 'fileAdded'));
};

/** A link needs its address; a file has none. */
const urlFor = (r: ResourceRecord, url: string | undefined): string | null => {
  if (r.kind === 'file') {
    if (url) throw invalid([{ path: 'url', key: 'invalidChoice' }]);
    return null;
  }
  if (!url) throw invalid([{ path: 'url', key: 'required' }]);
  return url;
};

export const editResource = async (ctx: Ctx, actor: UserRow, id: string, v: EditValues, locale: Locale): Promise<ResourceSaved> => {
  const before = await editableResource(ctx.db, actor, id);
  const url = urlFor(before, v.url);
  await ctx.db.transaction(async (tx) => {
    const current = await findResource(tx, id);
    const row = current ? await updateResource(tx, id, { ...detailColumns(v), url, updatedBy: actor.id }) : null;
    if (!current || !row) throw new DomainError('NOT_FOUND');
    await auditResource(tx, actor, 'resource.updated', row, changes(current, row, AUDITED));
  });
  return saved(ctx.db, actor, id, resourceMessage(locale, 'updated'));
};

/** Removes the resource; its stored file leaves storage once the row is gone. */
export const removeResource = async (ctx: Ctx, actor: UserRow, id: string, locale: Locale): Promise<{ message: string }> => {
  await editableResource(ctx.db, actor, id);
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await deleteResource(tx, id);
    if (!row) throw new DomainError('NOT_FOUND');
    await auditResource(tx, actor, 'resource.deleted', row, { before: pick(row, AUDITED), after: null });
    return row;
  });
  if (removed.fileKey) await ctx.storage.delete(removed.fileKey);
  return { message: resourceMessage(locale, 'deleted') };
};

/** The stored file of a file resource of the caller's school (checked on every download). */
export const resourceFile = async (ctx: Ctx, user: UserRow, id: string) => {
  const r = await resourceOfSchool(ctx.db, user, id);
  if (r.kind !== 'file' || !r.fileKey) throw new DomainError('NOT_FOUND');
  const stored = await ctx.storage.getStream(r.fileKey);
  if (!stored) throw new DomainError('NOT_FOUND');
  return { ...stored, mime: r.fileMime ?? OCTET, name: r.fileName ?? 'file' };
};

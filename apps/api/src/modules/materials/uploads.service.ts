import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { UploadAnswer } from '@klase/core/materials/contracts';
import { DomainError } from '@klase/core/errors';
import { MIME_OF, safeFileName, sniffType } from '@klase/core/upload';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { StorageLimitError } from '../../platform/storage.ts';
import { requireManage, type CourseAccess } from '../courses/course-access.ts';
import { openMaterial } from './material-access.ts';
import { deleteStaleUploads, insertUpload } from './materials.repo.ts';

/** File uploads of a course (streamed to storage) and the download of a file material. */

const SNIFF_BYTES = 16;
const DAY_MS = 24 * 60 * 60 * 1000;
const OCTET = 'application/octet-stream';

/** Passes the stream through, keeping its first bytes for the type check. */
const headOf = (source: Readable): { stream: Readable; head: () => Buffer } => {
  let head = Buffer.alloc(0);
  const stream = Readable.from(
    (async function* () {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        yield chunk;
      }
    })(),
  );
  return { stream, head: () => head };
};

export interface IncomingFile {
  stream: Readable;
  fileName: string;
  /** True when the multipart parser cut the file at its own limit. */
  truncated: () => boolean;
}

/**
 * Streams one file to storage under the course; over `maxBytes` nothing is kept and the answer
 * is 413 UPLOAD_TOO_LARGE. The type comes from the content (unknown kinds are stored and served
 * as application/octet-stream, whatever the browser claimed). Unused uploads of the course older
 * than a day are cleared on the way.
 */
export const storeUpload = async (ctx: Ctx, access: CourseAccess, actor: UserRow, file: IncomingFile, maxBytes: number): Promise<UploadAnswer> => {
  requireManage(access);
  const courseId = access.course.id;
  const key = `courses/${courseId}/files/${randomUUID()}`;
  const { stream, head } = headOf(file.stream);
  let size: number;
  try {
    size = await ctx.storage.putStream(key, stream, { maxBytes });
  } catch (err) {
    if (err instanceof StorageLimitError) throw new DomainError('UPLOAD_TOO_LARGE');
    throw err;
  }
  if (file.truncated()) {
    await ctx.storage.delete(key);
    throw new DomainError('UPLOAD_TOO_LARGE');
  }
  if (size === 0) {
    await ctx.storage.delete(key);
    throw new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] });
  }
  const kind = sniffType(head());
  const mime = kind === 'unknown' ? OCTET : MIME_OF[kind];
  const fileName = safeFileName(file.fileName);
  let row;
  try {
    row = await insertUpload(ctx.db, { courseId, storageKey: key, fileName, size, mime, createdBy: actor.id });
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
  const stale = await deleteStaleUploads(ctx.db, courseId, new Date(Date.now() - DAY_MS));
  for (const k of stale) await ctx.storage.delete(k);
  return { uploadId: row.id, fileName, size, mime };
};

/** The file of a file material, checked exactly like the material itself (locked → 403). */
export const materialFile = async (ctx: Ctx, user: UserRow, materialId: string) => {
  const { material } = await openMaterial(ctx.db, user, materialId);
  if (!material.fileKey) throw new DomainError('NOT_FOUND');
  const stored = await ctx.storage.getStream(material.fileKey);
  if (!stored) throw new DomainError('NOT_FOUND');
  return { ...stored, mime: material.fileMime ?? OCTET, name: material.fileName ?? 'file' };
};

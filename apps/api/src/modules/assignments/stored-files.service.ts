import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FileInfo } from '@klase/core/assignments/contracts';
import { DomainError } from '@klase/core/errors';
import { MIME_OF, sniffType } from '@klase/core/upload';
import type { FileStorage } from '../../platform/storage.ts';
import { StorageLimitError } from '../../platform/storage.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { safeFileName } from '@klase/core/upload';
import type { IncomingFile } from '../materials/uploads.service.ts';

/**
 * The files of assignments (the teacher's attachments, students' work, the teacher's feedback):
 * streamed to storage under a byte limit, judged by their content (programs and scripts are
 * refused, the type stored is the one the bytes show), and served as attachments that are never
 * sniffed. A file that fails on the way (too large, forbidden, a dropped connection) leaves no
 * stored object; the caller writes its row afterwards and removes the object if that fails.
 */

const SNIFF_BYTES = 16;
const OCTET = 'application/octet-stream';

const starts = (head: Uint8Array, bytes: readonly number[]): boolean => bytes.every((b, i) => head[i] === b);

/** Windows (MZ), ELF and Mach-O executables and scripts with a `#!` line, by their first bytes. */
export const isProgram = (head: Uint8Array): boolean =>
  starts(head, [0x4d, 0x5a]) ||
  starts(head, [0x7f, 0x45, 0x4c, 0x46]) ||
  starts(head, [0xfe, 0xed, 0xfa, 0xce]) ||
  starts(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
  starts(head, [0xce, 0xfa, 0xed, 0xfe]) ||
  starts(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
  starts(head, [0xca, 0xfe, 0xba, 0xbe]) ||
  starts(head, [0x23, 0x21]);

/** Passes the stream through, failing with FILE_FORBIDDEN as soon as its first bytes show a program. */
const guarded = (source: Readable, seen: { head: Buffer }): Readable =>
  Readable.from(
    (async function* () {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (seen.head.length < SNIFF_BYTES) {
          seen.head = Buffer.concat([seen.head, chunk.subarray(0, SNIFF_BYTES - seen.head.length)]);
          if (seen.head.length >= 4 && isProgram(seen.head)) throw new DomainError('FILE_FORBIDDEN');
        }
        yield chunk;
      }
      if (isProgram(seen.head)) throw new DomainError('FILE_FORBIDDEN');
    })(),
  );

export interface StoredFile {
  storageKey: string;
  fileName: string;
  size: number;
  mime: string;
}

/** Where a material's assignment files live: kernel/file-refs.ts, which course copies and deletions share. */
export { fileKey } from '../../kernel/file-refs.ts';

/**
 * Streams one file to `key`: over `maxBytes` → `tooLarge()`; a program → FILE_FORBIDDEN; empty →
 * VALIDATION. Nothing is kept when it fails.
 */
export const storeFile = async (storage: FileStorage, key: string, file: IncomingFile, maxBytes: number, tooLarge: () => DomainError): Promise<StoredFile> => {
  const seen = { head: Buffer.alloc(0) };
  let size: number;
  try {
    size = await storage.putStream(key, guarded(file.stream, seen), { maxBytes });
  } catch (err) {
    if (err instanceof StorageLimitError) throw tooLarge();
    throw err;
  }
  if (file.truncated() || size === 0) {
    await storage.delete(key);
    throw size === 0 ? new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] }) : tooLarge();
  }
  const kind = sniffType(seen.head);
  return { storageKey: key, fileName: safeFileName(file.fileName), size, mime: kind === 'unknown' ? OCTET : MIME_OF[kind] };
};

/** Runs the row's write; when it fails the stored object goes too. */
export const keepOrRemove = async <T>(storage: FileStorage, key: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
};

/** Removes stored objects whose rows are gone (a leftover object is harmless: nothing points to it). */
export const removeStored = async (storage: FileStorage, keys: readonly string[]): Promise<void> => {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
};

export const toFileInfo = (f: { id: string; fileName: string; size: number; mime: string }, downloadUrl: string): FileInfo => ({
  id: f.id,
  name: f.fileName,
  size: f.size,
  mime: f.mime,
  downloadUrl,
});

export const attachmentUrl = (materialId: string, fileId: string): string => `/api/materials/${materialId}/attachments/${fileId}`;
export const submissionFileUrl = (materialId: string, fileId: string): string => `/api/materials/${materialId}/submission-files/${fileId}`;

/** Sends a stored file as a download (404 when the object is gone). */
export const sendStored = async (
  reply: FastifyReply,
  storage: FileStorage,
  f: { storageKey: string; fileName: string; mime: string },
): Promise<FastifyReply> => {
  const stored = await storage.getStream(f.storageKey);
  if (!stored) throw new DomainError('NOT_FOUND');
  return sendDownload(reply, { stream: stored.stream, size: stored.size, mime: f.mime, name: f.fileName });
};

/** `storeFile`, then `record` its row (a new upload answers 413 UPLOAD_TOO_LARGE over `maxBytes`); the object is removed when `record` fails. */
export const storeAndRecord = async <T>(
  storage: FileStorage,
  key: string,
  file: IncomingFile,
  maxBytes: number,
  record: (stored: StoredFile) => Promise<T>,
): Promise<T> => {
  const stored = await storeFile(storage, key, file, maxBytes, () => new DomainError('UPLOAD_TOO_LARGE'));
  try {
    return await record(stored);
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
};

import type { FastifyRequest } from 'fastify';
import { DomainError } from '@klase/core/errors';
import type { Readable } from 'node:stream';

/** One uploaded file as a handler streams it (the parser cut it at its limit when `truncated()`). */
export interface UploadedFile {
  stream: Readable;
  fileName: string;
  truncated: () => boolean;
}

/**
 * Hands the first file part of a multipart request named `field` to `handle` while it streams
 * (the parser's own file limit is one byte past `maxBytes`, so storage sees the overflow and
 * keeps nothing). No multipart body, no file part or another name: field error `required`.
 */
export const withOneFile = async <T>(request: FastifyRequest, field: string, maxBytes: number, handle: (file: UploadedFile) => Promise<T>): Promise<T> => {
  const noFile = () => new DomainError('VALIDATION', { fields: [{ path: field, key: 'required' }] });
  if (!request.isMultipart()) throw noFile();
  const options = { throwFileSizeLimit: false, limits: { fileSize: maxBytes + 1, files: 1, parts: 2 } };
  for await (const part of request.parts(options)) {
    if (part.type === 'field') continue;
    if (part.fieldname !== field) break;
    return handle({ stream: part.file, fileName: part.filename, truncated: () => part.file.truncated });
  }
  throw noFile();
};

import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { safeFileName } from '@klase/core/upload';

/** `Content-Disposition: attachment` with an ASCII fallback name and the exact name in UTF-8 (RFC 6266). */
export const attachmentHeader = (raw: string): string => {
  const name = safeFileName(raw);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
};

/**
 * Sends a stored file as a download: always an attachment (never rendered by the browser, whatever
 * the bytes are), the type sniffed when it was stored, `nosniff`, and no caching (access is checked
 * on every request). Used by every file route (materials, attachments, students' work, resources).
 */
export const sendDownload = (reply: FastifyReply, file: { stream: Readable; size: number; mime: string; name: string }): FastifyReply =>
  reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentHeader(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);

import { parentPort, workerData } from 'node:worker_threads';
import { DomainError, type ErrorCode, type FieldIssue } from '@klase/core/errors';
import { parseUpload, type ParsedUpload } from './bulk-parse.ts';

/** The worker thread that reads one uploaded file (see `platform/isolated.ts`). */

export type ParseReply = { ok: true; upload: ParsedUpload } | { ok: false; code: ErrorCode; fields?: FieldIssue[] };

const data = workerData as { input: ArrayBuffer };

const reply = async (): Promise<ParseReply> => {
  try {
    return { ok: true, upload: await parseUpload(Buffer.from(data.input)) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, ...(err.fields ? { fields: err.fields } : {}) };
    return { ok: false, code: 'IMPORT_MALFORMED' };
  }
};

parentPort?.postMessage(await reply());

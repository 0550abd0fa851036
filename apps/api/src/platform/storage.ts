import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stream went past the `maxBytes` given to `putStream`; nothing of it was kept. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream exceeds ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

/**
 * Where uploads live: a local folder (`createLocalStorage`, the default) or an S3-compatible bucket
 * (`createS3Storage` in storage-s3.ts, when S3_BUCKET is set). Both pass the same contract suite
 * (storage-contract.ts).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Writes a stream chunk by chunk (never held whole in memory) and answers the bytes written.
   * Past `maxBytes` it stops reading, removes what it wrote and throws StorageLimitError; any
   * other failure of the source removes the partial file too.
   */
  putStream(key: string, source: Readable, opts: { maxBytes: number }): Promise<number>;
  /** The stored bytes as a stream with their size; null when the key does not exist. */
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
}

const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Keys are slash-separated names of letters, digits, `_`, `-` and `.`, never `.` or `..`. */
export const checkStorageKey = (key: string): string => {
  if (!KEY_RE.test(key) || key.split('/').some((p) => p === '..' || p === '.')) throw new Error(`bad storage key ${key}`);
  return key;
};

const missing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Counts the bytes that pass and fails the pipeline at the first byte over the limit. */
export const byteLimit = (maxBytes: number): Transform & { bytes: number } => {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) done(new StorageLimitError(maxBytes));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
};

export const createLocalStorage = (root: string): FileStorage => {
  const resolve = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async putStream(key, source, { maxBytes }) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const limit = byteLimit(maxBytes);
      const out = createWriteStream(file);
      try {
        await pipeline(source, limit, out);
      } catch (err) {
        // A source failing at once can end the pipeline before the file is even opened; the write
        // stream still creates it when the open completes. Wait for it to close, then remove it.
        if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
        await rm(file, { force: true });
        throw err;
      }
      return limit.bytes;
    },
    async getStream(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
  };
};

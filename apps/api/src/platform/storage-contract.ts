import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config.ts';
import { StorageLimitError, type FileStorage } from './storage.ts';

/** One backend under the shared contract suite, with what the suite cannot see through FileStorage. */
export interface StorageUnderTest {
  storage: FileStorage;
  /** Bytes of `key` the backend has received so far, also while its putStream still runs. */
  received(key: string): Promise<number>;
  /** Anything a write of `key` left behind besides the finished object (partial files, multipart uploads not aborted). */
  leftovers(key: string): Promise<string[]>;
  close(): Promise<void>;
}

const CHUNK = 256 * 1024;
const MB = 1024 * 1024;

/** `count` chunks of 256 kB, chunk i filled with i % 256, made on demand; `beforeChunk` may hold the stream back. */
export const generated = (count: number, beforeChunk?: (i: number) => Promise<void>, chunkBytes = CHUNK): Readable =>
  Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        await beforeChunk?.(i);
        yield Buffer.alloc(chunkBytes, i % 256);
      }
    })(),
  );

/** A source that sends `bytes` and then fails like a dropped connection. */
const failingAfter = (bytes: number): Readable =>
  Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += CHUNK) yield Buffer.alloc(Math.min(CHUNK, bytes - sent), 1);
      throw new Error('connection reset');
    })(),
  );

export const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

const waitUntil = async (check: () => Promise<boolean>, failure: string, timeoutMs = 10_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A fake S3 server (s3rver, the real protocol over HTTP) on a random local port with one empty bucket. */
export const startS3Server = async (): Promise<{ config: S3Config; close(): Promise<void> }> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'klase-s3-'));
  const bucket = 'klase-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    // s3rver's built-in account.
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

/** Streams in and out, and the size limit, which may stop a stream after parts of it were stored. */
const streamCases = (get: () => { under: StorageUnderTest; storage: FileStorage }) => {
  it('streams a multi-MB file in while reading it, then out with its size, byte for byte', async () => {
    const { under, storage } = get();
    const key = 'courses/c1/files/big';
    const chunks = 48; // 12 MB: more than two multipart parts
    const holdAt = 32; // after 8 MB the source waits until the backend shows it has received data
    const source = generated(chunks, async (i) => {
      if (i !== holdAt) return;
      await waitUntil(
        async () => (await under.received(key)) > 0,
        `nothing reached the backend after ${(holdAt * CHUNK) / MB} MB: the stream is held in memory`,
      );
    });
    const written = await storage.putStream(key, source, { maxBytes: chunks * CHUNK });
    expect(written).toBe(chunks * CHUNK);
    const out = await storage.getStream(key);
    expect(out?.size).toBe(written);
    const data = await readAll(out?.stream ?? Readable.from([]));
    expect(data.length).toBe(written);
    for (let i = 0; i < chunks; i++) expect(data.subarray(i * CHUNK, (i + 1) * CHUNK).equals(Buffer.alloc(CHUNK, i % 256))).toBe(true);
    expect((await storage.get(key))?.length).toBe(written);
    await storage.delete(key);
    expect(await storage.getStream(key)).toBeNull();
  });

  it('keeps a stream of exactly maxBytes and refuses one byte more, leaving nothing behind', async () => {
    const { under, storage } = get();
    expect(await storage.putStream('courses/c2/files/exact', generated(4, undefined, 1000), { maxBytes: 4000 })).toBe(4000);
    expect((await storage.get('courses/c2/files/exact'))?.length).toBe(4000);
    const over = Readable.from([Buffer.alloc(4000, 2), Buffer.alloc(1, 3)]);
    await expect(storage.putStream('courses/c2/files/over', over, { maxBytes: 4000 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.getStream('courses/c2/files/over')).toBeNull();
    expect(await under.leftovers('courses/c2/files/over')).toEqual([]);
  });

  it('stops a large stream at the limit, after parts of it were already stored, and removes them', async () => {
    const { under, storage } = get();
    const key = 'courses/c3/files/too-big';
    const err = await storage.putStream(key, generated(40), { maxBytes: 7 * MB }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageLimitError);
    expect((err as StorageLimitError).maxBytes).toBe(7 * MB);
    expect(await storage.getStream(key)).toBeNull();
    expect(await under.leftovers(key)).toEqual([]);
  });
};

/** The behaviour every FileStorage must have, run against one backend. */
export const describeFileStorage = (name: string, make: () => Promise<StorageUnderTest>): void => {
  describe(`${name} file storage (shared contract)`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;
    beforeAll(async () => {
      under = await make();
      storage = under.storage;
    });
    afterAll(() => under.close());

    it('keeps whole buffers: put, get, overwrite, delete', async () => {
      await storage.put('photos/a/1.png', Buffer.from('png'));
      expect((await storage.get('photos/a/1.png'))?.toString()).toBe('png');
      await storage.put('photos/a/1.png', Buffer.from('second'));
      expect((await storage.get('photos/a/1.png'))?.toString()).toBe('second');
      await storage.delete('photos/a/1.png');
      expect(await storage.get('photos/a/1.png')).toBeNull();
    });

    it('answers null for a missing key and deletes a missing key quietly', async () => {
      expect(await storage.get('photos/none/none.png')).toBeNull();
      expect(await storage.getStream('courses/none/files/none')).toBeNull();
      await expect(storage.delete('courses/none/files/none')).resolves.toBeUndefined();
    });

    streamCases(() => ({ under, storage }));

    it('removes what it wrote when the source fails midway', async () => {
      for (const [key, bytes] of [
        ['courses/c4/files/broken-small', 10_000],
        ['courses/c4/files/broken-large', 6 * MB],
      ] as const) {
        await expect(storage.putStream(key, failingAfter(bytes), { maxBytes: 100 * MB })).rejects.toThrow('connection reset');
        expect(await storage.getStream(key)).toBeNull();
        expect(await under.leftovers(key)).toEqual([]);
      }
    });

    it('refuses keys that could leave their place, in every operation', async () => {
      for (const bad of ['../outside', 'courses/../../etc', '/absolute', 'a//b', 'courses/./x', '', 'a b', 'x\\y']) {
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('bad storage key');
        await expect(storage.get(bad)).rejects.toThrow('bad storage key');
        await expect(storage.delete(bad)).rejects.toThrow('bad storage key');
        await expect(storage.getStream(bad)).rejects.toThrow('bad storage key');
        await expect(storage.putStream(bad, generated(1), { maxBytes: 10 * MB })).rejects.toThrow('bad storage key');
      }
    });
  });
};

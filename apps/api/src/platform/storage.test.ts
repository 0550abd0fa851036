import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, StorageLimitError, type FileStorage } from './storage.ts';

/** A stream of `chunks` chunks of 64 kB, each filled with its index, produced on demand. */
const generated = (chunks: number): Readable =>
  Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, i % 256);
    })(),
  );

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

describe('local file storage', () => {
  let root: string;
  let storage: FileStorage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'klase-storage-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps put, get and delete of whole buffers', async () => {
    await storage.put('photos/a/1.png', Buffer.from('png'));
    expect((await storage.get('photos/a/1.png'))?.toString()).toBe('png');
    await storage.delete('photos/a/1.png');
    expect(await storage.get('photos/a/1.png')).toBeNull();
  });

  it('streams a file in and out, answering the bytes written and the size', async () => {
    const written = await storage.putStream('courses/c1/files/big', generated(40), { maxBytes: 40 * 64 * 1024 });
    expect(written).toBe(40 * 64 * 1024);
    const out = await storage.getStream('courses/c1/files/big');
    expect(out?.size).toBe(written);
    const data = await readAll(out?.stream ?? Readable.from([]));
    expect(data.length).toBe(written);
    expect(data[0]).toBe(0);
    expect(data[39 * 64 * 1024]).toBe(39);
  });

  it('refuses a stream past the limit and leaves nothing behind', async () => {
    await expect(storage.putStream('courses/c1/files/too-big', generated(5), { maxBytes: 4 * 64 * 1024 + 10 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.getStream('courses/c1/files/too-big')).toBeNull();
    expect(await readdir(path.join(root, 'courses', 'c1', 'files'))).toEqual(['big']);
  });

  it('removes the partial file when the source fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('first part');
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.putStream('courses/c2/files/broken', failing, { maxBytes: 1000 })).rejects.toThrow('connection reset');
    expect(await storage.getStream('courses/c2/files/broken')).toBeNull();
  });

  it('answers null for a missing key and refuses keys that leave the root', async () => {
    expect(await storage.getStream('courses/none/files/none')).toBeNull();
    await expect(storage.putStream('../outside', generated(1), { maxBytes: 10 })).rejects.toThrow('bad storage key');
    await expect(storage.getStream('courses/../../etc')).rejects.toThrow('bad storage key');
  });
});

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFileStorage, generated } from './storage-contract.ts';
import { createLocalStorage } from './storage.ts';

/** Names in the key's folder that start with the key's last part (the partial file itself, here). */
const filesOf = async (root: string, key: string): Promise<string[]> => {
  const file = path.join(root, ...key.split('/'));
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(path.basename(file)));
};

describeFileStorage('local', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'klase-storage-'));
  return {
    storage: createLocalStorage(root),
    received: async (key) => (await stat(path.join(root, ...key.split('/'))).catch(() => null))?.size ?? 0,
    leftovers: (key) => filesOf(root, key),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local file storage', () => {
  it('keeps each key as a file at the same path under its folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'klase-storage-'));
    try {
      const storage = createLocalStorage(root);
      await storage.put('photos/u1/avatar.png', Buffer.from('png'));
      await storage.putStream('courses/c1/files/f1', generated(2), { maxBytes: 1024 * 1024 });
      expect((await readFile(path.join(root, 'photos', 'u1', 'avatar.png'))).toString()).toBe('png');
      expect((await stat(path.join(root, 'courses', 'c1', 'files', 'f1'))).size).toBe(2 * 256 * 1024);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('leaves no file behind when the source fails at its first chunk (the file may open after the failure)', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'klase-storage-'));
    try {
      const storage = createLocalStorage(root);
      for (let i = 0; i < 50; i++) {
        // Like the program check of uploads: the first chunk is read, then the source fails.
        const failing = Readable.from(
          (async function* () {
            yield Buffer.from('MZ\x90\x00');
            throw new Error('refused at once');
          })(),
        );
        await expect(storage.putStream(`work/m1/f${i}`, failing, { maxBytes: 1024 })).rejects.toThrow('refused at once');
      }
      // Give a late open every chance to land: nothing may appear afterwards either.
      await sleep(50);
      expect(await readdir(path.join(root, 'work', 'm1')).catch(() => [])).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

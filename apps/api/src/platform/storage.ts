import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploads live. Local folder now; an S3 implementation can follow the same interface. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export const createLocalStorage = (root: string): FileStorage => {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key) || key.split('/').some((p) => p === '..' || p === '.')) throw new Error(`bad storage key ${key}`);
    return path.join(root, ...key.split('/'));
  };
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
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
};

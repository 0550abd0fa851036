import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@klase/core/constants';
import { ChunkLoadError, isChunkLoadError, lazyPage, withChunkTimeout } from './lazy-page.ts';

afterEach(() => vi.useRealTimers());

describe('route code loading', () => {
  it('gives the named component of the loaded module', async () => {
    const Page = () => null;
    await expect(lazyPage(async () => ({ LoginPage: Page }), 'LoginPage')()).resolves.toEqual({ Component: Page });
  });

  it('turns a failed load into a ChunkLoadError', async () => {
    const err = await withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(isChunkLoadError(err)).toBe(true);
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}));
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(ChunkLoadError);
  });
});

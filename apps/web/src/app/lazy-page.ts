import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@klase/core/constants';
import { loadRouteNamespace } from '../i18n/i18n.ts';
import type { RouteNamespace } from '../i18n/namespaces.ts';

/** Raised when a route's code cannot be loaded (network failure or the 120 s timeout). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('CHUNK_LOAD');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError => e instanceof ChunkLoadError;

/** Rejects with ChunkLoadError when `load` fails or takes longer than `timeoutMs`. */
export const withChunkTimeout = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error('timeout'))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });

/**
 * A react-router `lazy` function for a page module with a named component export:
 * `lazy: lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage')`. With `ns`, the
 * page's route namespace (i18n/namespaces.ts) loads alongside, so its texts are there at first render.
 */
export const lazyPage =
  <M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K, ns?: RouteNamespace) =>
  async (): Promise<{ Component: ComponentType }> => {
    const [mod] = await Promise.all([withChunkTimeout(load), ns ? withChunkTimeout(() => loadRouteNamespace(ns)) : undefined]);
    return { Component: mod[name] as ComponentType };
  };

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, isOnline } from '../api/http.ts';
import { OFFLINE_HEADER } from './offline-rules.ts';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

describe('an answer the service worker kept for offline reading', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the page its data and still marks the app offline; a fresh answer marks it online again', async () => {
    fetchMock.mockResolvedValueOnce(json({ name: 'Lesson 1' }, { [OFFLINE_HEADER]: '1' }));
    await expect(apiFetch('/api/materials/m1')).resolves.toEqual({ name: 'Lesson 1' });
    expect(isOnline()).toBe(false);
    fetchMock.mockResolvedValueOnce(json({ name: 'Lesson 1' }));
    await apiFetch('/api/materials/m1');
    expect(isOnline()).toBe(true);
  });
});

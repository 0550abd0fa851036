import { afterEach, beforeEach, vi } from 'vitest';
import { apiFetch } from '../api/http.ts';
import { jsonResponse } from './test-utils.tsx';
import { startConnectionMonitor } from '../lib/connection.ts';
import { resetSessionStore } from '../lib/session-store.ts';

/**
 * For tests of the connection monitor: a mocked `fetch`, fake timers, a fresh session store, and
 * after each test the monitor stopped and the HTTP client's own flags brought back to online.
 */
export const connectionTestSetup = (timers: Parameters<typeof vi.useFakeTimers>[0] = {}) => {
  const fetchMock = vi.fn<typeof fetch>();
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers(timers);
    resetSessionStore();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    stop();
    stop = () => {};
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok' }));
    await apiFetch('/api/health');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return {
    fetchMock,
    /** Starts the monitor; it is stopped after the test. */
    start: (opts: Parameters<typeof startConnectionMonitor>[0] = {}) => {
      stop = startConnectionMonitor(opts);
    },
  };
};

import { describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/http.ts';
import { jsonResponse } from '../test/test-utils.tsx';
import { backoffDelay, getConnectionPhase } from './connection.ts';
import { getSession } from './session-store.ts';
import { connectionTestSetup } from '../test/test-connection.ts';

const { fetchMock, start } = connectionTestSetup();

describe('connection monitor', () => {
  it('grows the retry delay up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });

  it('shows offline, then connecting while it polls /api/health, and recovers by itself', async () => {
    const onRecovered = vi.fn();
    start({ onRecovered });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/account/profile')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(getConnectionPhase()).toBe('offline');
    expect(getSession().online).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(getConnectionPhase()).toBe('connecting');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/health');

    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', database: 'postgres' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(getConnectionPhase()).toBe('online');
    expect(getSession().online).toBe(true);
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });

  it('a 503 (the database is away) means connecting: it polls /api/health while that answers 503, and recovers when it answers 200', async () => {
    const onRecovered = vi.fn();
    start({ onRecovered });
    const down = () => jsonResponse({ code: 'UNAVAILABLE', message: 'Connecting...', retryAfterSeconds: 2 }, 503);
    fetchMock.mockResolvedValue(down());
    await expect(apiFetch('/api/classes')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503, message: 'Connecting...' });
    expect(getConnectionPhase()).toBe('unavailable');
    expect(getSession().online).toBe(false);

    fetchMock.mockImplementation(() => Promise.resolve(down()));
    await vi.advanceTimersByTimeAsync(1000);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/health');
    expect(getConnectionPhase()).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock.mock.calls.filter((c) => String(c[0]) === '/api/health')).toHaveLength(2);
    expect(onRecovered).not.toHaveBeenCalled();

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ status: 'ok', database: 'postgres' })));
    await vi.advanceTimersByTimeAsync(4000);
    expect(getConnectionPhase()).toBe('online');
    expect(getSession().online).toBe(true);
    expect(onRecovered).toHaveBeenCalledTimes(1);
  });
});

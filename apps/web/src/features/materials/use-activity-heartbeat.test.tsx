import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { HEARTBEAT_PATH } from '@klase/core/reports/contracts';
import { useActivityHeartbeat } from './use-activity-heartbeat.ts';

const MATERIAL = '11111111-1111-4111-8111-111111111111';
const fetchMock = vi.fn<typeof fetch>();
let visibility: DocumentVisibilityState = 'visible';
let onLine = true;

const beats = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    keepalive: init?.keepalive ?? false,
    body: JSON.parse(String(init?.body)) as { materialId: string; seconds: number },
    csrfHeader: new Headers(init?.headers).has('x-requested-with'),
  }));
const secondsSent = () => beats().map((b) => b.body.seconds);

const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  onLine = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useActivityHeartbeat', () => {
  it('beats every interval while visible with the visible seconds, as a POST to the heartbeat path', () => {
    const hook = renderHook(() => useActivityHeartbeat(MATERIAL, 30));
    vi.advanceTimersByTime(29_999);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(30_000);
    expect(beats()).toEqual([
      { url: HEARTBEAT_PATH, keepalive: false, body: { materialId: MATERIAL, seconds: 30 }, csrfHeader: true },
      { url: HEARTBEAT_PATH, keepalive: false, body: { materialId: MATERIAL, seconds: 30 }, csrfHeader: true },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    hook.unmount();
  });

  it('pauses while hidden: hiding flushes the visible seconds, hidden time is not counted, beats resume when visible', () => {
    const hook = renderHook(() => useActivityHeartbeat(MATERIAL, 30));
    vi.advanceTimersByTime(12_000);
    setVisibility('hidden');
    expect(beats().map((b) => [b.body.seconds, b.keepalive])).toEqual([[12, true]]);
    vi.advanceTimersByTime(120_000);
    expect(secondsSent()).toEqual([12]);
    setVisibility('visible');
    // The interval keeps its rhythm (ticks at 150 s and 180 s); only the visible 18 s and 30 s count.
    vi.advanceTimersByTime(18_000);
    vi.advanceTimersByTime(30_000);
    expect(secondsSent()).toEqual([12, 18, 30]);
    hook.unmount();
  });

  it('flushes the remaining seconds when the material is left, and never sends less than one second', () => {
    const hook = renderHook(() => useActivityHeartbeat(MATERIAL, 30));
    vi.advanceTimersByTime(500);
    setVisibility('hidden');
    expect(fetchMock).not.toHaveBeenCalled();
    setVisibility('visible');
    vi.advanceTimersByTime(4_700);
    hook.unmount();
    expect(beats().map((b) => [b.body.seconds, b.keepalive])).toEqual([[5, true]]);
  });

  it('caps a beat at the maximum seconds (e.g. after timers were throttled)', () => {
    const hook = renderHook(() => useActivityHeartbeat(MATERIAL, 30));
    // A throttled background timer: the clock moves 200 s with no tick in between.
    vi.setSystemTime(Date.now() + 200_000);
    vi.advanceTimersByTime(30_000);
    expect(secondsSent()).toEqual([60]);
    vi.advanceTimersByTime(30_000);
    expect(secondsSent()).toEqual([60, 30]);
    hook.unmount();
  });

  it('sends nothing while offline, and a failed beat is swallowed', async () => {
    fetchMock.mockResolvedValue(new Response('{"code":"INTERNAL"}', { status: 500 }));
    const hook = renderHook(() => useActivityHeartbeat(MATERIAL, 30));
    vi.advanceTimersByTime(30_000);
    expect(secondsSent()).toEqual([30]);
    await vi.runOnlyPendingTimersAsync();
    onLine = false;
    fetchMock.mockClear();
    vi.advanceTimersByTime(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    hook.unmount();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing without a material', () => {
    const hook = renderHook(() => useActivityHeartbeat(null, 30));
    vi.advanceTimersByTime(90_000);
    hook.unmount();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

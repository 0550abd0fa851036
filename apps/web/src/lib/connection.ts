import { useSyncExternalStore } from 'react';
import { apiFetch, onServerStatus } from '../api/http.ts';
import { setSessionState } from './session-store.ts';

/**
 * Connection monitor (spec section 8, "Network error"). When a call cannot reach the server the
 * app shows "No internet connection", then "Connecting..." while it polls `GET /api/health` with
 * a growing delay, and recovers by itself as soon as the server answers. A 503 (the server is
 * reachable but its database is away: a restart, a failover) is `unavailable`: "Connecting..."
 * while the same probe runs, until health answers 200. The session store's `online` flag mirrors
 * this: true only while the server answers normally. See docs/decisions (dbresil).
 */
export type ConnectionPhase = 'online' | 'offline' | 'connecting' | 'unavailable';

export const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000] as const;
export const backoffDelay = (attempt: number): number => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 15000;

let phase: ConnectionPhase = 'online';
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const recoveredCallbacks = new Set<() => void>();

const setPhase = (next: ConnectionPhase) => {
  if (phase === next) return;
  phase = next;
  setSessionState({ online: next === 'online' });
  for (const l of listeners) l();
};

export const getConnectionPhase = () => phase;

const probe = async () => {
  timer = null;
  if (phase === 'offline') setPhase('connecting');
  try {
    await apiFetch<unknown>('/api/health');
  } catch {
    // No answer keeps us connecting; a 503 keeps us unavailable (http.ts reports both).
  }
  if (phase !== 'online') schedule();
};

const schedule = () => {
  if (timer) return;
  timer = setTimeout(() => void probe(), backoffDelay(attempt));
  attempt += 1;
};

const wentOffline = () => {
  if (phase === 'online' || phase === 'unavailable') setPhase('offline');
  schedule();
};

/** The server answered 503: reachable, but not ready (its database is away); poll until it is. */
const unavailable = () => {
  if (phase !== 'unavailable') {
    // From offline the retry delay starts again: the server is there, only busy.
    if (phase !== 'online' && timer) clearTimeout(timer);
    if (phase !== 'online') {
      timer = null;
      attempt = 0;
    }
    setPhase('unavailable');
  }
  schedule();
};

const cameBack = () => {
  if (timer) clearTimeout(timer);
  timer = null;
  attempt = 0;
  const was = phase;
  setPhase('online');
  if (was !== 'online') for (const cb of recoveredCallbacks) cb();
};

/** Starts listening to the HTTP client and the browser; returns a stop function. */
export const startConnectionMonitor = (opts: { onRecovered?: () => void } = {}) => {
  const unsubscribe = onServerStatus((status) => (status === 'online' ? cameBack() : status === 'offline' ? wentOffline() : unavailable()));
  const onBrowserOffline = () => wentOffline();
  const onBrowserOnline = () => {
    // The browser has a network again: check the server now instead of waiting for the timer.
    if (timer) clearTimeout(timer);
    timer = null;
    if (phase !== 'online') void probe();
  };
  window.addEventListener('offline', onBrowserOffline);
  window.addEventListener('online', onBrowserOnline);
  if (opts.onRecovered) recoveredCallbacks.add(opts.onRecovered);
  return () => {
    unsubscribe();
    window.removeEventListener('offline', onBrowserOffline);
    window.removeEventListener('online', onBrowserOnline);
    if (opts.onRecovered) recoveredCallbacks.delete(opts.onRecovered);
    if (timer) clearTimeout(timer);
    timer = null;
    attempt = 0;
    phase = 'online';
  };
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export const useConnectionPhase = () => useSyncExternalStore(subscribe, getConnectionPhase, getConnectionPhase);

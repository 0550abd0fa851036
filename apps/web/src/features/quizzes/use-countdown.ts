import { useEffect, useRef, useState } from 'react';

/** When the time left is announced to screen readers (minutes, smallest first). */
export const ANNOUNCE_AT_MINUTES = [1, 5] as const;
const TICK_MS = 500;

export interface CountdownClock {
  /** The attempt's end (ISO). */
  deadlineAt: string;
  /** The server's clock when it answered (ISO) and the device's clock at that moment (ms). */
  serverNow: string;
  receivedAt: number;
}

/** Milliseconds left at device time `now`, on the server's clock (the device's may be wrong). */
export const msLeft = (clock: CountdownClock, now: number): number => {
  const serverTime = Date.parse(clock.serverNow) + (now - clock.receivedAt);
  return Math.max(0, Date.parse(clock.deadlineAt) - serverTime);
};

/** "12:05", or "1:02:05" past an hour. */
export const formatLeft = (ms: number): string => {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
};

/**
 * The time left of a timed attempt, counted from the server's clock: `onMinutes(n)` when fewer
 * than 5 and 1 minutes are left (once each), `onZero` once at the end. Null clock: no countdown.
 */
export const useCountdown = (clock: CountdownClock | null, handlers: { onMinutes: (minutes: number) => void; onZero: () => void }) => {
  const [left, setLeft] = useState<number | null>(() => (clock ? Math.max(0, Date.parse(clock.deadlineAt) - Date.parse(clock.serverNow)) : null));
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!clock) return;
    const announced = new Set<number>();
    let ended = false;
    const tick = () => {
      const ms = msLeft(clock, Date.now());
      setLeft(ms);
      // The smallest mark crossed speaks once for the larger ones too (a page opened with 30 s left says 1 minute, once).
      const at = ANNOUNCE_AT_MINUTES.find((m) => ms > 0 && ms <= m * 60_000 && !announced.has(m));
      if (at !== undefined) {
        for (const m of ANNOUNCE_AT_MINUTES) if (m >= at) announced.add(m);
        latest.current.onMinutes(Math.ceil(ms / 60_000));
      }
      if (ms <= 0 && !ended) {
        ended = true;
        latest.current.onZero();
      }
    };
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [clock]);
  return left;
};

import { useEffect } from 'react';
import { HEARTBEAT_INTERVAL_S, HEARTBEAT_MAX_SECONDS, HEARTBEAT_PATH } from '@klase/core/reports/contracts';
import { apiFetch, isOnline } from '../../api/http.ts';

const visible = () => document.visibilityState === 'visible';
const offline = () => !navigator.onLine || !isOnline();

/**
 * Time on an open material (issue 21): every `HEARTBEAT_INTERVAL_S` while the page is visible, sends
 * the seconds it was visible since the last beat (1 to `HEARTBEAT_MAX_SECONDS`). Hidden time does not
 * count; hiding the page or leaving the material sends what is left (a keepalive fetch, so it outlives
 * the page; `sendBeacon` cannot carry the CSRF header). Nothing is sent offline, and a failed beat is
 * dropped silently: it is a measurement, not the user's work.
 */
export const useActivityHeartbeat = (materialId: string | null | undefined, intervalS: number = HEARTBEAT_INTERVAL_S) => {
  useEffect(() => {
    if (!materialId) return;
    /** Visible milliseconds not yet reported, and since when the page has been visible (null: hidden). */
    let pendingMs = 0;
    let visibleSince: number | null = visible() ? Date.now() : null;

    const collect = () => {
      const now = Date.now();
      if (visibleSince !== null) pendingMs += now - visibleSince;
      visibleSince = visible() ? now : null;
    };

    const beat = (keepalive: boolean) => {
      collect();
      const seconds = Math.min(HEARTBEAT_MAX_SECONDS, Math.floor(pendingMs / 1000));
      if (seconds < 1) return;
      // The remainder under a second waits for the next beat; time over the cap is not reported.
      pendingMs = seconds === HEARTBEAT_MAX_SECONDS ? 0 : pendingMs - seconds * 1000;
      if (offline()) return;
      apiFetch(HEARTBEAT_PATH, { method: 'POST', body: { materialId, seconds }, keepalive }).catch(() => undefined);
    };

    const timer = window.setInterval(() => {
      if (visible()) beat(false);
    }, intervalS * 1000);
    const onVisibility = () => {
      if (visible()) visibleSince = Date.now();
      else beat(true);
    };
    const onPageHide = () => beat(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      beat(true);
    };
  }, [materialId, intervalS]);
};

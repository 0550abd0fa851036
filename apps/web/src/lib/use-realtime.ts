import { useEffect, useRef } from 'react';
import { realtime, type RealtimeHandler } from '../api/realtime.ts';

/**
 * Calls `handler` for every real-time event of `type` while the component is mounted (the tab's
 * one shared socket; see api/realtime.ts). The latest handler is used without resubscribing.
 */
export const useRealtime = (type: string, handler: RealtimeHandler): void => {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime().subscribe(type, (event) => latest.current(event)), [type]);
};

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

/** Calls `handler` each time the tab's socket opens again after a drop (screens reload what they show). */
export const useRealtimeReconnect = (handler: () => void): void => {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime().onReconnect(() => latest.current()), []);
};

import { useSyncExternalStore } from 'react';
import { VisuallyHidden } from '@mantine/core';

let message = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const set = (text: string) => {
  message = text;
  for (const l of listeners) l();
};

/**
 * Says `text` to screen-reader users through the app's polite live region (e.g. "Grade saved").
 * The region is emptied first, so the same text said twice in a row is announced twice.
 */
export const announce = (text: string) => {
  set('');
  window.setTimeout(() => set(text), 50);
};

/** The app's one polite live region (rendered once by the root layout). */
export const LiveAnnouncer = () => {
  const text = useSyncExternalStore(
    subscribe,
    () => message,
    () => message,
  );
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </VisuallyHidden>
  );
};

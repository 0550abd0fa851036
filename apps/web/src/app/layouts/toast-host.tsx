import { Suspense, lazy, useEffect, useState } from 'react';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Runs `cb` when the browser is idle (or after a short delay where idle callbacks do not exist). */
const whenIdle = (cb: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(cb, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(cb, 300);
  return () => window.clearTimeout(id);
};

/**
 * `<Notifications position="top-right" />`, loaded once the first page has rendered so the toast
 * container is not part of the first download. Toasts shown before it mounts wait in Mantine's
 * notifications store and appear as soon as it does.
 */
export const ToastHost = () => {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
};

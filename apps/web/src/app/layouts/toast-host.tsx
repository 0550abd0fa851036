import { useEffect, useState } from 'react';
import { useNotifications, type Notifications } from '@mantine/notifications';

type Host = typeof Notifications;

let loading: Promise<Host> | null = null;
/** The toast container's code, fetched once; a failed fetch (offline) is tried again next time. */
const loadHost = (): Promise<Host> =>
  (loading ??= import('./toast-container.ts').then(
    (m) => m.Notifications,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/**
 * `<Notifications position="top-right" />`, loaded only when it is needed: when the first toast is
 * shown, or earlier, at the first key press or touch (toasts answer the person's actions, so its
 * code is usually there before the first one). A page that is only read never downloads it.
 * Toasts shown before it mounts wait in Mantine's notifications store and appear as soon as it does.
 */
export const ToastHost = () => {
  const { notifications, queue } = useNotifications();
  const wanted = notifications.length + queue.length > 0;
  const [host, setHost] = useState<{ Host: Host } | null>(null);

  useEffect(() => {
    if (host) return;
    let live = true;
    const load = () =>
      void loadHost().then(
        (Host) => live && setHost({ Host }),
        () => undefined, // offline: the next toast or input tries again
      );
    if (wanted) {
      load();
      return () => {
        live = false;
      };
    }
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      live = false;
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, [host, wanted]);

  if (!host) return null;
  return <host.Host position="top-right" />;
};

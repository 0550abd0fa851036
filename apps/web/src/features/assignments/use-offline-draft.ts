import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/http.ts';
import { useConnectionPhase } from '../../lib/connection.ts';
import { useSession } from '../../lib/session-store.ts';
import { unsentStore } from '../../lib/unsent.ts';

/** `offline`: kept on this device, sent when the connection returns; `sent`: the server has it. */
export type DraftSync = 'offline' | 'sent' | null;

const TEXT = 'text';
const isNetwork = (e: unknown) => isApiError(e) && e.code === 'NETWORK';

/**
 * An assignment's written answer saved without a connection: it goes to the device first
 * (lib/unsent.ts, per student and material), then to the server with the idempotent
 * `PUT my-submission`; a network failure leaves it on the device ("Saved on this device, will
 * send when online") and it is sent as soon as the app is back online, also after the page was
 * closed and opened again (`kept` is the text to show then).
 */
export const useOfflineDraft = (materialId: string, send: (text: string) => Promise<void>) => {
  const userId = useSession((s) => s.profile?.id ?? '');
  const [store] = useState(() => unsentStore<string>(`assignment.${userId}.${materialId}`));
  const [kept, setKept] = useState<string | null>(() => store.all()[TEXT] ?? null);
  const [sync, setSync] = useState<DraftSync>(() => (kept === null ? null : 'offline'));
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  /** Sends the text kept on the device; `offline` when the network failed (it stays kept); a refusal is thrown. */
  const deliver = useCallback(
    async (text: string): Promise<'saved' | 'offline'> => {
      try {
        await sendRef.current(text);
      } catch (e) {
        if (isNetwork(e)) {
          setSync('offline');
          return 'offline';
        }
        store.remove(TEXT, text);
        setKept(null);
        setSync(null);
        throw e;
      }
      store.remove(TEXT, text);
      setKept(null);
      setSync('sent');
      return 'saved';
    },
    [store],
  );

  /** Saves `text`: to the device first, then to the server (see `deliver`). */
  const save = (text: string) => {
    store.set(TEXT, text);
    setKept(text);
    return deliver(text);
  };

  // Back online (or opened with text left on the device): send it.
  const phase = useConnectionPhase();
  useEffect(() => {
    if (phase !== 'online') return;
    const timer = setTimeout(() => {
      const text = store.all()[TEXT];
      if (text === undefined) return;
      deliver(text).catch(() => {
        // Refused for good (the work was closed meanwhile): the page's own save shows why on the next try.
      });
    }, 0);
    return () => clearTimeout(timer);
  }, [phase, store, deliver]);

  return { kept, sync, save };
};

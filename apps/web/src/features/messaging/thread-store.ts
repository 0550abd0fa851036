import type { Message } from '@klase/core/messaging/contracts';
import { mergeMessages, type ThreadItem } from './thread-state.ts';

export interface ThreadSnapshot {
  items: ThreadItem[];
  hasMore: boolean;
  loading: boolean;
  error: unknown;
}

type PageLoader = (before?: string) => Promise<{ items: Message[]; hasMore: boolean }>;

/**
 * One open conversation's messages outside React (read with `useSyncExternalStore`): the newest
 * page, older pages on demand, and every other arrival (events, send answers, a reload after a
 * reconnect) merged by id and clientId (thread-state.ts).
 */
export const createThreadStore = (loadPage: PageLoader) => {
  let state: ThreadSnapshot = { items: [], hasMore: false, loading: true, error: null };
  const listeners = new Set<() => void>();
  let firstLoad = true;
  let olderBusy = false;
  const set = (patch: Partial<ThreadSnapshot>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: () => state,
    merge: (messages: readonly Message[]) => set({ items: mergeMessages(state.items, messages) }),
    update: (change: (items: ThreadItem[]) => ThreadItem[]) => set({ items: change(state.items) }),
    /** The newest page (at open, and again after a reconnect: what was missed is merged in, nothing twice). */
    async loadNewest() {
      try {
        const page = await loadPage();
        // A reload after a reconnect keeps what older pages said about the rest.
        set({ items: mergeMessages(state.items, page.items), error: null, loading: false, ...(firstLoad ? { hasMore: page.hasMore } : {}) });
        firstLoad = false;
      } catch (error) {
        set({ error, loading: false });
      }
    },
    /** The page before the oldest loaded message. */
    async loadOlder() {
      const oldest = state.items.find((i) => i.state === 'sent');
      if (!oldest || olderBusy || !state.hasMore) return;
      olderBusy = true;
      try {
        const page = await loadPage(oldest.id);
        set({ items: mergeMessages(state.items, page.items), hasMore: page.hasMore });
      } catch (error) {
        set({ error });
      } finally {
        olderBusy = false;
      }
    },
  };
};
export type ThreadStore = ReturnType<typeof createThreadStore>;

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGE_EVENTS, type AttachmentRef, type PersonRef } from '@klase/core/messaging/contracts';
import { announce } from '../../components/live-announcer.tsx';
import { useRealtime, useRealtimeReconnect } from '../../lib/use-realtime.ts';
import { getMessages, markReadCall, messageKeys, sendMessageCall } from './messaging-api.ts';
import { newClientId } from '../../lib/client-id.ts';
import { useRefreshUnread, type NewMessageEvent, type TypingEvent } from './messaging-hooks.ts';
import { addPending, newestStoredId, pendingMessage, setSendState, type ThreadItem } from './thread-state.ts';
import { createThreadStore } from './thread-store.ts';

/** Looks this many pages back for a message opened from the search. */
const MAX_PAGES_TO_FIND = 10;
const TYPING_SHOWN_MS = 5000;

interface Outgoing {
  body: string;
  attachments: AttachmentRef[];
}

/** The newest page, then older pages on demand; live messages merged in; a reconnect reloads the newest page. */
const useThreadPages = (conversationId: string) => {
  const [store] = useState(() => createThreadStore((before) => getMessages(conversationId, before)));
  const snapshot = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    void store.loadNewest();
  }, [store]);
  return { ...snapshot, store, loadOlder: store.loadOlder, loadNewest: store.loadNewest };
};

/** Typing indicator of the other members: the name, for a few seconds after each event. */
const useTypingName = (conversationId: string, myId: string) => {
  const [typing, setTyping] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setTyping(null);
  }, []);
  useRealtime(MESSAGE_EVENTS.typing, (event) => {
    const data = event.data as TypingEvent;
    if (data.conversationId !== conversationId || data.userId === myId) return;
    setTyping(data.name);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
  });
  useEffect(() => () => clear(), [clear]);
  return { typing, clearTyping: clear };
};

/**
 * The open conversation: its messages (oldest first, older pages on demand), live arrivals,
 * optimistic sending with retry by the same clientId, read marking, and the typing indicator.
 */
export const useThread = (conversationId: string, me: PersonRef, unreadAtOpen: number) => {
  const { t } = useTranslation('messaging');
  const client = useQueryClient();
  const pages = useThreadPages(conversationId);
  const { store } = pages;
  const { typing, clearTyping } = useTypingName(conversationId, me.id);
  const outgoing = useRef(new Map<string, Outgoing>());

  useRealtime(MESSAGE_EVENTS.new, (event) => {
    const data = event.data as NewMessageEvent;
    if (data.conversationId !== conversationId || !data.message) return;
    store.merge([data.message]);
    if (data.message.sender.id !== me.id) {
      clearTyping();
      announce(t('thread.incoming', { name: data.message.sender.name, body: data.message.body.slice(0, 140) }));
    }
  });
  useRealtimeReconnect(() => void store.loadNewest());

  const deliver = useCallback(
    async (clientId: string) => {
      const out = outgoing.current.get(clientId);
      if (!out) return;
      store.update((prev) => setSendState(prev, clientId, 'sending'));
      try {
        const stored = await sendMessageCall(conversationId, { clientId, body: out.body, attachmentIds: out.attachments.map((a) => a.id) });
        outgoing.current.delete(clientId);
        store.merge([stored]);
        void client.invalidateQueries({ queryKey: messageKeys.lists });
      } catch {
        store.update((prev) => setSendState(prev, clientId, 'failed'));
      }
    },
    [client, conversationId, store],
  );

  const send = (body: string, attachments: AttachmentRef[]) => {
    const clientId = newClientId();
    outgoing.current.set(clientId, { body, attachments });
    const item = pendingMessage({ conversationId, clientId, sender: me, body, attachments, createdAt: new Date().toISOString() });
    store.update((prev) => addPending(prev, item));
    void deliver(clientId);
  };

  useMarkRead(conversationId, pages.items, me.id, unreadAtOpen);

  return { ...pages, typing, send, retry: deliver };
};

/** Marks the conversation read up to its newest message whenever someone else's message is the newest (and once at open when it had unread ones). */
const useMarkRead = (conversationId: string, items: readonly ThreadItem[], myId: string, unreadAtOpen: number) => {
  const refreshUnread = useRefreshUnread();
  const marked = useRef<string | null>(null);
  const newest = newestStoredId(items);
  const newestItem = items.find((i) => i.id === newest);
  const fromOther = newestItem ? newestItem.sender.id !== myId : false;
  useEffect(() => {
    if (!newest || marked.current === newest) return;
    if (!fromOther && !(marked.current === null && unreadAtOpen > 0)) return;
    marked.current = newest;
    markReadCall(conversationId, newest).then(refreshUnread, () => {
      marked.current = null;
    });
  }, [refreshUnread, conversationId, newest, fromOther, unreadAtOpen]);
};

/** Loads older pages until `messageId` is loaded (a search result), at most `MAX_PAGES_TO_FIND` pages. */
export const useFindMessage = (messageId: string | null, thread: ReturnType<typeof useThread>) => {
  const tries = useRef(0);
  const { items, hasMore, loading, loadOlder } = thread;
  const found = messageId !== null && items.some((i) => i.id === messageId);
  useEffect(() => {
    if (!messageId || loading || found || !hasMore || tries.current >= MAX_PAGES_TO_FIND) return;
    tries.current += 1;
    void loadOlder();
  }, [messageId, loading, found, hasMore, loadOlder]);
  return found;
};

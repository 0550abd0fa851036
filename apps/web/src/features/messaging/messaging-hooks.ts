import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_EVENTS, type Message } from '@klase/core/messaging/contracts';
import { useSession } from '../../lib/session-store.ts';
import { useRealtime, useRealtimeReconnect } from '../../lib/use-realtime.ts';
import { getSettings, getUnreadCount, messageKeys } from './messaging-api.ts';

export interface NewMessageEvent {
  conversationId: string;
  message: Message;
}
export interface ReadEvent {
  conversationId: string;
  userId: string;
  messageId: string;
  unread: number;
}
export interface TypingEvent {
  conversationId: string;
  userId: string;
  name: string;
}

/** The caller's messaging settings (enter to send, email when offline). */
export const useMessageSettings = () => useQuery({ queryKey: messageKeys.settings, queryFn: getSettings });

/**
 * Asks the server for the badge's count again (and for the conversation lists). What changes the
 * count (a new message from someone else, a read in any tab, mute or block) always asks again rather
 * than taking a number from an event or an answer: a number carried by an event can be older than
 * a count already on its way, and whichever lands last would win. Asking again cancels the request
 * in flight, so the newest request decides (decision 0069).
 */
export const useRefreshUnread = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: messageKeys.unread });
    void client.invalidateQueries({ queryKey: messageKeys.lists });
  }, [client]);
};

/** The unread count of the drawer's badge, kept live (see `useRefreshUnread`). */
export const useUnreadCount = () => {
  const client = useQueryClient();
  const myId = useSession((s) => s.profile?.id);
  const query = useQuery({ queryKey: messageKeys.unread, queryFn: ({ signal }) => getUnreadCount(signal) });
  const refresh = useRefreshUnread();
  useRealtime(MESSAGE_EVENTS.new, (event) => {
    const data = event.data as NewMessageEvent;
    if (data.message?.sender.id !== myId) refresh();
    else void client.invalidateQueries({ queryKey: messageKeys.lists });
  });
  useRealtime(MESSAGE_EVENTS.read, (event) => {
    if ((event.data as ReadEvent).userId === myId) refresh();
  });
  useRealtime(MESSAGE_EVENTS.conversationUpdated, refresh);
  useRealtimeReconnect(refresh);
  return query.data?.count ?? 0;
};

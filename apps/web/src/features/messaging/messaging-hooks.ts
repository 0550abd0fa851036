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
 * The unread count of the drawer's badge, kept live: a new message from someone else or a change
 * of a conversation (mute, block) asks again; a read answers the new total itself.
 */
export const useUnreadCount = () => {
  const client = useQueryClient();
  const myId = useSession((s) => s.profile?.id);
  const query = useQuery({ queryKey: messageKeys.unread, queryFn: getUnreadCount });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: messageKeys.unread });
    void client.invalidateQueries({ queryKey: messageKeys.lists });
  };
  useRealtime(MESSAGE_EVENTS.new, (event) => {
    const data = event.data as NewMessageEvent;
    if (data.message?.sender.id !== myId) refresh();
    else void client.invalidateQueries({ queryKey: messageKeys.lists });
  });
  useRealtime(MESSAGE_EVENTS.read, (event) => {
    const data = event.data as ReadEvent;
    if (data.userId !== myId) return;
    client.setQueryData(messageKeys.unread, { count: data.unread });
    void client.invalidateQueries({ queryKey: messageKeys.lists });
  });
  useRealtime(MESSAGE_EVENTS.conversationUpdated, refresh);
  useRealtimeReconnect(refresh);
  return query.data?.count ?? 0;
};

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

/** A client id for a message (a v4 UUID), also where `crypto.randomUUID` is missing (plain http on a school network). */
export const newClientId = (): string => {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

import type { Message } from '@klase/core/messaging/contracts';
import { schoolDay, toDate } from '../../lib/dates.ts';

/**
 * The open conversation's messages as the page holds them: the server's messages, plus the
 * caller's own ones on their way (optimistic send). A message is known by its `clientId` (made by
 * the sender's tab) before the server gives it an id; whatever brings the stored message first
 * (the POST's answer, the `message.new` event, a page reload after a reconnect) replaces the
 * pending one, and the second arrival changes nothing. So a message never shows twice.
 */
export type SendState = 'sent' | 'sending' | 'failed';
export interface ThreadItem extends Message {
  state: SendState;
}

const order = (a: ThreadItem, b: ThreadItem) => {
  // Pending messages stay below every stored one (they are the newest the user sees).
  if ((a.state === 'sent') !== (b.state === 'sent')) return a.state === 'sent' ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** Adds stored messages (a page, an event, a send's answer): by id, else by clientId over the pending one; oldest first. */
export const mergeMessages = (current: readonly ThreadItem[], incoming: readonly Message[]): ThreadItem[] => {
  if (incoming.length === 0) return [...current];
  const next = [...current];
  for (const m of incoming) {
    const stored: ThreadItem = { ...m, state: 'sent' };
    const byId = next.findIndex((x) => x.state === 'sent' && x.id === m.id);
    if (byId >= 0) {
      next[byId] = stored;
      continue;
    }
    const byClient = next.findIndex((x) => x.clientId === m.clientId);
    if (byClient >= 0) next[byClient] = stored;
    else next.push(stored);
  }
  return next.sort(order);
};

/** A message of the caller's on its way: shown at once as "Sending…". */
export const pendingMessage = (m: Omit<Message, 'id'>): ThreadItem => ({ ...m, id: `pending:${m.clientId}`, state: 'sending' });

export const addPending = (current: readonly ThreadItem[], item: ThreadItem): ThreadItem[] =>
  current.some((x) => x.clientId === item.clientId) ? [...current] : [...current, item];

/** The pending message's state (failed after an error, sending again on retry); a stored one is left alone. */
export const setSendState = (current: readonly ThreadItem[], clientId: string, state: 'sending' | 'failed'): ThreadItem[] =>
  current.map((x) => (x.clientId === clientId && x.state !== 'sent' ? { ...x, state } : x));

/** The id of the newest stored message (what "read up to" points at), or null. */
export const newestStoredId = (items: readonly ThreadItem[]): string | null => {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i];
    if (item && item.state === 'sent') return item.id;
  }
  return null;
};

/**
 * The caller's own message that gets "Seen": the newest of theirs at or before the message the
 * other person read up to. Null when the other has read none of them (or the id is not loaded).
 */
export const seenMessageId = (items: readonly ThreadItem[], myId: string, readUpTo: string | null): string | null => {
  if (!readUpTo) return null;
  const upTo = items.findIndex((x) => x.state === 'sent' && x.id === readUpTo);
  if (upTo < 0) return null;
  for (let i = upTo; i >= 0; i -= 1) {
    const item = items[i];
    if (item && item.sender.id === myId && item.state === 'sent') return item.id;
  }
  return null;
};

/** Whether a day separator goes above `items[index]` (the first message, or the first of a new school day). */
export const startsDay = (items: readonly ThreadItem[], index: number): boolean => {
  const item = items[index];
  if (!item) return false;
  const prev = items[index - 1];
  if (!prev) return true;
  const a = toDate(prev.createdAt);
  const b = toDate(item.createdAt);
  return !a || !b ? false : schoolDay(a) !== schoolDay(b);
};

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  /** An input method is composing (Chinese, for one): Enter picks the characters, it never sends. */
  isComposing?: boolean;
}

/**
 * What a key press in the composer does. With enter-to-send on: Enter sends, Shift+Enter is a new
 * line. With it off: Enter is a new line, Ctrl+Enter or Cmd+Enter sends (in both modes).
 */
export const composerKeyAction = (e: ComposerKey, enterToSend: boolean): 'send' | 'newline' | 'none' => {
  if (e.key !== 'Enter' || e.isComposing || e.altKey) return 'none';
  if (e.ctrlKey || e.metaKey) return 'send';
  if (e.shiftKey) return 'newline';
  return enterToSend ? 'send' : 'newline';
};

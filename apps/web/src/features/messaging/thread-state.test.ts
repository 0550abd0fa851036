import { describe, expect, it } from 'vitest';
import type { Message } from '@klase/core/messaging/contracts';
import {
  addPending,
  composerKeyAction,
  mergeMessages,
  newestStoredId,
  pendingMessage,
  seenMessageId,
  setSendState,
  startsDay,
  type ThreadItem,
} from './thread-state.ts';

const ana = { id: 'u-ana', name: 'Ana', roleId: 5, photoUrl: null };
const ben = { id: 'u-ben', name: 'Ben', roleId: 3, photoUrl: null };

const msg = (id: string, clientId: string, createdAt: string, sender = ana, body = id): Message => ({
  id,
  conversationId: 'c1',
  clientId,
  sender,
  body,
  attachments: [],
  createdAt,
});

const bodies = (items: ThreadItem[]) => items.map((i) => `${i.body}:${i.state}`);

describe('optimistic send merged by clientId', () => {
  it('shows a pending message at once and replaces it with the stored one, never twice', () => {
    let items = mergeMessages([], [msg('m1', 'k1', '2026-11-27T01:00:00Z')]);
    items = addPending(
      items,
      pendingMessage({ conversationId: 'c1', clientId: 'k2', sender: ana, body: 'hi', attachments: [], createdAt: '2026-11-27T02:00:00Z' }),
    );
    expect(bodies(items)).toEqual(['m1:sent', 'hi:sending']);

    // The event arrives first, then the POST's answer with the same message.
    const stored = msg('m2', 'k2', '2026-11-27T02:00:01Z', ana, 'hi');
    items = mergeMessages(items, [stored]);
    items = mergeMessages(items, [stored]);
    expect(bodies(items)).toEqual(['m1:sent', 'hi:sent']);
    expect(items.map((i) => i.id)).toEqual(['m1', 'm2']);
  });

  it('keeps a failed message, retries it with the same clientId and settles it once', () => {
    let items = addPending(
      [],
      pendingMessage({ conversationId: 'c1', clientId: 'k9', sender: ana, body: 'retry me', attachments: [], createdAt: '2026-11-27T02:00:00Z' }),
    );
    items = setSendState(items, 'k9', 'failed');
    expect(bodies(items)).toEqual(['retry me:failed']);
    // A retry does not add a second pending row.
    items = addPending(
      items,
      pendingMessage({ conversationId: 'c1', clientId: 'k9', sender: ana, body: 'retry me', attachments: [], createdAt: '2026-11-27T02:00:05Z' }),
    );
    items = setSendState(items, 'k9', 'sending');
    expect(bodies(items)).toEqual(['retry me:sending']);
    items = mergeMessages(items, [msg('m5', 'k9', '2026-11-27T02:00:06Z', ana, 'retry me')]);
    // A late failure of the first attempt does not mark the stored message as failed.
    items = setSendState(items, 'k9', 'failed');
    expect(bodies(items)).toEqual(['retry me:sent']);
  });

  it('merges a reloaded page after a reconnect by id: missed messages appear once, in order', () => {
    const first = [msg('m1', 'a', '2026-11-27T01:00:00Z'), msg('m2', 'b', '2026-11-27T01:01:00Z', ben)];
    let items = mergeMessages([], first);
    const reloaded = [...first, msg('m3', 'c', '2026-11-27T01:02:00Z', ben), msg('m4', 'd', '2026-11-27T01:03:00Z')];
    items = mergeMessages(items, reloaded);
    // The replayed event of m3 comes too.
    items = mergeMessages(items, [reloaded[2]!]);
    expect(items.map((i) => i.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('keeps pending messages below the stored ones, and older pages above', () => {
    let items = addPending(
      [],
      pendingMessage({ conversationId: 'c1', clientId: 'p', sender: ana, body: 'mine', attachments: [], createdAt: '2026-11-27T00:00:00Z' }),
    );
    items = mergeMessages(items, [msg('m7', 'x', '2026-11-27T03:00:00Z', ben), msg('m6', 'y', '2026-11-27T02:00:00Z', ben)]);
    expect(items.map((i) => i.body)).toEqual(['m6', 'm7', 'mine']);
    expect(newestStoredId(items)).toBe('m7');
  });
});

describe('read receipts and day separators', () => {
  const items = mergeMessages(
    [],
    [
      msg('m1', 'a', '2026-11-26T01:00:00Z', ana),
      msg('m2', 'b', '2026-11-27T01:00:00Z', ben),
      msg('m3', 'c', '2026-11-27T02:00:00Z', ana),
      msg('m4', 'd', '2026-11-27T03:00:00Z', ana),
    ],
  );

  it('puts "Seen" under the newest own message the other read', () => {
    expect(seenMessageId(items, ana.id, 'm3')).toBe('m3');
    expect(seenMessageId(items, ana.id, 'm2')).toBe('m1');
    expect(seenMessageId(items, ana.id, 'm4')).toBe('m4');
    expect(seenMessageId(items, ana.id, null)).toBeNull();
    expect(seenMessageId(items, ben.id, 'm1')).toBeNull();
  });

  it('starts a day at the first message and at each new school day (Manila time)', () => {
    expect(items.map((_, i) => startsDay(items, i))).toEqual([true, true, false, false]);
  });
});

describe('enter to send', () => {
  const key = (over: Partial<Parameters<typeof composerKeyAction>[0]> = {}) => ({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, ...over });

  it('sends on Enter and makes a new line on Shift+Enter when the setting is on', () => {
    expect(composerKeyAction(key(), true)).toBe('send');
    expect(composerKeyAction(key({ shiftKey: true }), true)).toBe('newline');
  });

  it('makes a new line on Enter and sends on Ctrl/Cmd+Enter when the setting is off', () => {
    expect(composerKeyAction(key(), false)).toBe('newline');
    expect(composerKeyAction(key({ ctrlKey: true }), false)).toBe('send');
    expect(composerKeyAction(key({ metaKey: true }), false)).toBe('send');
  });

  it('never sends while an input method is composing, nor on other keys', () => {
    expect(composerKeyAction(key({ isComposing: true }), true)).toBe('none');
    expect(composerKeyAction(key({ key: 'a' }), true)).toBe('none');
  });
});

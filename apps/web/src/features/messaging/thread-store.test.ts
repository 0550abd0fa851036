import { describe, expect, it } from 'vitest';
import type { Message } from '@klase/core/messaging/contracts';
import { createThreadStore } from './thread-store.ts';

const sender = { id: 'u1', name: 'Ana', roleId: 5, photoUrl: null };
const msg = (n: number): Message => ({
  id: `m${n}`,
  conversationId: 'c1',
  clientId: `k${n}`,
  sender,
  body: `body ${n}`,
  attachments: [],
  createdAt: `2026-11-27T01:${String(n).padStart(2, '0')}:00Z`,
});

describe('thread store', () => {
  it('loads the newest page, then older pages, and a reload after a reconnect adds only what was missed', async () => {
    let server = [1, 2, 3, 4, 5].map(msg);
    const calls: (string | undefined)[] = [];
    const store = createThreadStore(async (before) => {
      calls.push(before);
      const end = before ? server.findIndex((m) => m.id === before) : server.length;
      const start = Math.max(0, end - 2);
      return { items: server.slice(start, end), hasMore: start > 0 };
    });
    await store.loadNewest();
    expect(store.get().items.map((i) => i.id)).toEqual(['m4', 'm5']);
    expect(store.get().hasMore).toBe(true);
    await store.loadOlder();
    expect(store.get().items.map((i) => i.id)).toEqual(['m2', 'm3', 'm4', 'm5']);

    // An event arrives live, then the socket drops while two more are sent; the reload after the reconnect merges.
    server = [...server, msg(6)];
    store.merge([msg(6)]);
    server = [...server, msg(7), msg(8)];
    await store.loadNewest();
    expect(store.get().items.map((i) => i.id)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    // The reload did not forget that older messages remain.
    expect(store.get().hasMore).toBe(true);
    await store.loadOlder();
    expect(store.get().items.map((i) => i.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    expect(store.get().hasMore).toBe(false);
    expect(calls).toEqual([undefined, 'm4', undefined, 'm2']);
  });

  it('keeps the error of a failed load and tells subscribers of every change', async () => {
    const store = createThreadStore(() => Promise.reject(new Error('down')));
    let changes = 0;
    store.subscribe(() => {
      changes += 1;
    });
    await store.loadNewest();
    expect(store.get().loading).toBe(false);
    expect(store.get().error).toBeInstanceOf(Error);
    expect(changes).toBe(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, REALTIME_PING_MS, type RealtimeEvent, type SocketEvents, type SocketLike } from './realtime.ts';

/** A fake socket: the test plays the server (open, frames, close) and reads what the client sent. */
class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedByClient = false;
  private open = false;
  constructor(
    readonly url: string,
    private readonly on: SocketEvents,
  ) {}
  get isOpen() {
    return this.open;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.serverClose(1005);
  }
  serverOpen() {
    this.open = true;
    this.on.open();
  }
  frame(value: unknown) {
    this.on.message(JSON.stringify(value));
  }
  event(id: number, type = 'message.new', data: unknown = { id }) {
    this.frame({ kind: 'event', id, type, data, at: '2026-11-27T00:00:00.000Z' });
  }
  serverClose(code: number) {
    this.open = false;
    this.on.close(code);
  }
}

const URL = 'ws://klase.test/api/realtime';

const setup = () => {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: URL,
    open: (url, on) => {
      const s = new FakeSocket(url, on);
      sockets.push(s);
      return s;
    },
    random: () => 1,
  });
  const last = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error('no socket');
    return s;
  };
  return { client, sockets, last };
};

/** A client with a subscriber for each type, whose socket the server has accepted. */
const connected = (...types: string[]) => {
  const world = setup();
  const stops = types.map((type) => world.client.subscribe(type, () => undefined));
  world.last().serverOpen();
  return { ...world, stops };
};

describe('the real-time client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one socket between subscribers and hands each event to the handlers of its type', () => {
    const { client, sockets, last } = setup();
    const messages: number[] = [];
    const grades: number[] = [];
    client.subscribe('message.new', (e) => messages.push(e.id));
    client.subscribe('grade.changed', (e) => grades.push(e.id));
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe(URL);
    last().serverOpen();
    last().frame({ kind: 'hello', lastId: 40 });
    last().event(41);
    last().event(42, 'grade.changed');
    last().event(43, 'other.kind');
    expect(messages).toEqual([41]);
    expect(grades).toEqual([42]);
    expect(client.lastId).toBe(43);
  });

  it('after a drop it reconnects with growing delays and resumes from the last id, dropping what it has seen', async () => {
    const { client, sockets, last } = setup();
    const got: RealtimeEvent[] = [];
    client.subscribe('message.new', (e) => got.push(e));
    last().serverOpen();
    last().frame({ kind: 'hello', lastId: 0 });
    last().event(5);
    last().event(6);
    /** The socket drops; the next one opens exactly `ms` later, resuming after 6. */
    const dropThenReopenAfter = async (ms: number) => {
      const before = sockets.length;
      last().serverClose(1006);
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(sockets).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(before + 1);
      expect(last().url).toBe(`${URL}?after=6`);
    };
    await dropThenReopenAfter(500);
    // The server is away: the next attempt waits longer.
    await dropThenReopenAfter(1000);
    last().serverOpen();
    last().frame({ kind: 'hello', lastId: 6 });
    // A duplicate (6) and an old id (5) are dropped; the missed 7 and 8 and the live 9 arrive once.
    for (const id of [6, 7, 5, 8, 9, 9]) last().event(id);
    expect(got.map((e) => e.id)).toEqual([5, 6, 7, 8, 9]);
    expect(got[2]).toEqual({ id: 7, type: 'message.new', data: { id: 7 }, at: '2026-11-27T00:00:00.000Z' });
    // A good connection starts the delays over.
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(4);
    expect(last().url).toBe(`${URL}?after=9`);
  });

  it('does not reconnect after the server closed for a signed-out session (4401)', async () => {
    const { sockets, last } = connected('message.new');
    last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('closes the socket after the last subscriber leaves, and reopens for the next one', async () => {
    const { client, sockets, last, stops } = connected('message.new', 'message.read');
    const [stopA, stopB] = stops;
    last().frame({ kind: 'hello', lastId: 12 });
    stopA?.();
    expect(last().closedByClient).toBe(false);
    stopB?.();
    expect(last().closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    client.subscribe('message.new', () => undefined);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe(`${URL}?after=12`);
  });

  it('pings, and drops and reopens a socket that stayed silent for a whole ping interval', async () => {
    const { sockets, last } = connected('message.new');
    await vi.advanceTimersByTimeAsync(REALTIME_PING_MS);
    expect(last().sent).toEqual([JSON.stringify({ kind: 'ping' })]);
    await vi.advanceTimersByTimeAsync(REALTIME_PING_MS);
    expect(sockets[0]?.closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(2);
  });
});

describe('reconnect listeners', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are told each time the socket opens again after a drop, not on the first open', async () => {
    const { client, last } = connected('message.new');
    let reconnects = 0;
    const stop = client.onReconnect(() => {
      reconnects += 1;
    });
    expect(reconnects).toBe(0);
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(500);
    last().serverOpen();
    expect(reconnects).toBe(1);
    stop();
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(500);
    last().serverOpen();
    expect(reconnects).toBe(1);
  });
});

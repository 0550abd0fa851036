// The clients of the real-time messaging benchmark (bench/realtime.ts): signed-in users, each with
// one WebSocket on `GET /api/realtime` of its node, sending direct messages to its partner over
// HTTP and recording, for every message, when the send started, when it was answered and when the
// partner's (and the sender's own) socket got its `message.new` event. Everything is counted at
// the frame level: an event id seen twice on one socket, a message id seen twice, two messages
// with one clientId, an event id below the last one seen (out of order).
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';

export type Phase = 'warm-up' | 'steady' | 'reconnect';

export interface NodeRef {
  name: 'A' | 'B';
  port: number;
}

/** One message, from the start of its send to its arrival on the partner's socket. */
export interface SentMessage {
  clientId: string;
  sender: number;
  to: number;
  phase: Phase;
  /** performance.now() when the send call started (the first attempt). */
  t0: number;
  attempts: number;
  /** When the send was answered 200/201 (the last attempt), and the message id it answered. */
  acceptedAt?: number;
  messageId?: string;
  error?: string;
  /** When the partner's socket got it; when the sender's own socket got it (the echo to its other tabs). */
  recvAt?: number;
  echoAt?: number;
}

export interface Counters {
  /** The same event id twice on one socket (the server sent it twice). */
  dupEvents: number;
  /** The same message id twice on one socket, in different events. */
  dupMessages: number;
  /** Two different messages with one clientId reached a partner (a retried send stored twice). */
  dupClientIds: number;
  /** An event id not above the last one a socket saw. */
  outOfOrder: number;
  /** A message.new whose clientId no client sent, or that reached someone who is neither sender nor partner. */
  strays: number;
  /** The partner got another message id than the one the send answered. */
  idMismatch: number;
  sendErrors: number;
}

export interface Peer {
  index: number;
  userId: string;
  cookie: string;
  csrf: string;
  node: NodeRef;
  partner: number;
  conversationId?: string;
  socket: WebSocket | null;
  /** The highest event id this peer's sockets got (the `after` of a reconnect). */
  lastEventId: number;
  helloSeen: boolean;
  eventIds: Set<number>;
  messageIds: Set<string>;
  /** Close → next hello, per reconnect. */
  reconnectMs: number[];
  /** Set at the end, so a close is not followed by a reconnect. */
  stopping: boolean;
}

type Delivered = { id: string; clientId: string; sender: { id: string } };
interface Frame {
  kind: string;
  id?: number;
  type?: string;
  data?: { conversationId?: string; message?: Delivered };
  lastId?: number;
}

/** The event type of `--mode channel`: published by the bench itself straight into the channel (no messaging route). */
export const CHANNEL_EVENT = 'bench.ping';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** The messages and counters of one run, and what the peers do with them. */
export const createRecorder = () => {
  const sent = new Map<string, SentMessage>();
  const counters: Counters = { dupEvents: 0, dupMessages: 0, dupClientIds: 0, outOfOrder: 0, strays: 0, idMismatch: 0, sendErrors: 0 };
  const errorSamples: string[] = [];

  const onMessageNew = (peer: Peer, m: Delivered, at: number) => {
    if (peer.messageIds.has(m.id)) return void counters.dupMessages++;
    peer.messageIds.add(m.id);
    const rec = sent.get(m.clientId);
    if (!rec) return void counters.strays++;
    if (rec.sender === peer.index) {
      rec.echoAt ??= at;
    } else if (rec.to === peer.index) {
      if (rec.recvAt !== undefined) return void counters.dupClientIds++;
      rec.recvAt = at;
      if (rec.messageId !== undefined && rec.messageId !== m.id) counters.idMismatch++;
    } else counters.strays++;
  };

  /** Records one frame; answers its kind. */
  const onFrame = (peer: Peer, raw: string): string => {
    const at = performance.now();
    const f = JSON.parse(raw) as Frame;
    if (f.kind === 'hello') {
      peer.helloSeen = true;
      peer.lastEventId = Math.max(peer.lastEventId, f.lastId ?? 0);
    }
    if (f.kind !== 'event' || f.id === undefined) return f.kind;
    frameEvent(peer, f as Frame & { id: number }, at);
    return f.kind;
  };

  const frameEvent = (peer: Peer, f: Frame & { id: number }, at: number) => {
    if (peer.eventIds.has(f.id)) return void counters.dupEvents++;
    if (f.id <= peer.lastEventId) counters.outOfOrder++;
    peer.eventIds.add(f.id);
    peer.lastEventId = Math.max(peer.lastEventId, f.id);
    if ((f.type === 'message.new' || f.type === CHANNEL_EVENT) && f.data?.message) onMessageNew(peer, f.data.message, at);
  };

  const noteError = (what: string) => {
    counters.sendErrors++;
    if (errorSamples.length < 5) errorSamples.push(what);
  };

  return { sent, counters, errorSamples, onFrame, noteError };
};
export type Recorder = ReturnType<typeof createRecorder>;

const headersOf = (peer: Peer): Record<string, string> => ({
  cookie: peer.cookie,
  'x-csrf-token': peer.csrf,
  'x-requested-with': 'klase',
  'content-type': 'application/json',
});

/** A JSON call as the signed-in peer, on its node; status 0 when the node did not answer. */
export const call = async (peer: Peer, method: string, url: string, body?: unknown): Promise<{ status: number; text: string }> => {
  try {
    const res = await fetch(`http://127.0.0.1:${peer.node.port}${url}`, {
      method,
      headers: headersOf(peer),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 0, text: String(err) };
  }
};

/**
 * Opens the peer's socket and resolves at its `hello` (rejects when the node refuses or is down).
 * After the first hello every open resumes with `?after=<last event id seen>`. When the socket
 * closes, `onClose` runs (the caller reconnects unless the peer is stopping).
 */
export const openSocket = (peer: Peer, rec: Recorder, onClose: () => void): Promise<void> =>
  new Promise((resolve, reject) => {
    const base = `ws://127.0.0.1:${peer.node.port}/api/realtime`;
    const url = peer.helloSeen ? `${base}?after=${peer.lastEventId}` : base;
    const socket = new WebSocket(url, { headers: { cookie: peer.cookie, origin: `http://127.0.0.1:${peer.node.port}` } });
    let hello = false;
    socket.on('message', (raw) => {
      const kind = rec.onFrame(peer, String(raw));
      if (!hello && kind === 'hello') {
        hello = true;
        resolve();
      }
    });
    socket.on('unexpected-response', (_req, res) => {
      socket.terminate();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    socket.on('error', (err) => {
      if (!hello) reject(err);
    });
    socket.on('close', () => {
      if (peer.socket === socket) peer.socket = null;
      if (hello) onClose();
      else reject(new Error('closed before hello'));
    });
    peer.socket = socket;
  });

/**
 * Keeps a peer connected: after a close it waits a random part of `jitterMs`, then opens again
 * (every `retryMs` while the node is away), and notes how long the way back took.
 */
export const keepConnected = (peer: Peer, rec: Recorder, retryMs: number, jitterMs: number) => {
  const reopen = async (closedAt: number) => {
    await sleep(Math.random() * jitterMs);
    while (!peer.stopping) {
      try {
        await openSocket(peer, rec, () => void reopen(performance.now()));
        peer.reconnectMs.push(performance.now() - closedAt);
        return;
      } catch {
        await sleep(retryMs);
      }
    }
  };
  return { first: () => openSocket(peer, rec, () => void reopen(performance.now())) };
};

export interface SendOptions {
  retryMs: number;
  giveUpMs: number;
  body: string;
  /** `--mode channel`: publish this event instead of calling the messaging route. */
  publish?: (m: SentMessage, data: { message: Delivered }) => Promise<unknown>;
  senderId: string;
}

/** `--mode channel`: one event to the sender and the partner, published by the bench in its own transaction. */
const publishOne = async (m: SentMessage, rec: Recorder, opts: SendOptions & { publish: NonNullable<SendOptions['publish']> }) => {
  m.attempts++;
  try {
    await opts.publish(m, { message: { id: m.clientId, clientId: m.clientId, sender: { id: opts.senderId } } });
    m.acceptedAt = performance.now();
    m.messageId = m.clientId;
  } catch (err) {
    m.error = String(err);
    rec.noteError(`publish: ${m.error}`);
  }
};

/**
 * Sends one message to the partner's conversation. A send the node did not answer, or answered
 * with a 5xx, is sent again with the same clientId (the server answers the stored message to a
 * repeat): after the 503's `retryAfterSeconds`, else after `retryMs`; for at most `giveUpMs`.
 */
export const sendOne = async (peer: Peer, rec: Recorder, phase: Phase, opts: SendOptions) => {
  const m: SentMessage = { clientId: randomUUID(), sender: peer.index, to: peer.partner, phase, t0: performance.now(), attempts: 0 };
  rec.sent.set(m.clientId, m);
  if (opts.publish) return publishOne(m, rec, { ...opts, publish: opts.publish });
  for (;;) {
    m.attempts++;
    const r = await call(peer, 'POST', `/api/messages/conversations/${peer.conversationId}/messages`, { clientId: m.clientId, body: opts.body });
    if (r.status === 200 || r.status === 201) {
      m.acceptedAt = performance.now();
      m.messageId = (JSON.parse(r.text) as { id: string }).id;
      return;
    }
    const retry = r.status === 0 || r.status >= 500;
    if (!retry || performance.now() - m.t0 > opts.giveUpMs) {
      m.error = `${r.status} ${r.text.slice(0, 160)}`;
      rec.noteError(`send: ${m.error}`);
      return;
    }
    // A 503 says when to come back (`retryAfterSeconds`), as the app does; a node that is down is tried again soon.
    const after = r.status === 503 ? (JSON.parse(r.text) as { retryAfterSeconds?: number }).retryAfterSeconds : undefined;
    await sleep(after === undefined ? opts.retryMs : after * 1000);
  }
};

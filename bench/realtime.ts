// Real-time messaging benchmark (issue 16): two API nodes on one PostgreSQL, 200 signed-in clients
// exchanging direct messages, half on each node, every pair split across the nodes. Target: p99
// delivery under 100 ms on loopback (send call start → the partner's socket gets `message.new`),
// and none lost or duplicated across a forced reconnect.
//
// The nodes are the real server (`node --import tsx apps/api/src/server.ts`, as `npm start` runs
// it) on two ports with the same DATABASE_URL: a scratch database made and dropped on the server of
// BENCH_DATABASE_URL (or TEST_DATABASE_URL). Before they start, the bench fills it with one school,
// `--clients` students in `--classes` classes (partners share a class, so the messaging rules allow
// the pair) and one session per student, created in the database the way the API's tests do (the
// sign-in is rate-limited per address and costs ~8 ms of argon2id each, which is not measured here).
// This process is the clients: one WebSocket each on `GET /api/realtime` of its node (session
// cookie, Origin), sends over HTTP to its own node (`POST /api/messages/conversations/:id/messages`).
//
// Phases, one after the other while every client sends one message every `--interval` ms (open
// loop, the clients' send times spread evenly over the interval):
//   warm-up    (`--warmup` s, not measured against the target);
//   steady     (`--steady` s): the delivery latency against the target;
//   reconnect  (`--reconnect-window` s): at 20 % of it the sockets of node B's clients are cut
//              (`--reconnect kill`), at 50 % node B is killed (SIGKILL) and started again
//              (`--reconnect restart`); `both` (default) does the two, `none` neither. The clients
//              reconnect with `?after=<last event id>`; sends to a node that is down are repeated
//              with the same clientId until it answers.
// Then it waits until every accepted message has arrived (or 15 s), reads every conversation back
// over the API, and counts losses and duplicates by event id, message id and clientId.
//
// Usage: BENCH_DATABASE_URL=postgres://klase:klase@127.0.0.1:5432/klase npm run bench:realtime
//          [-- --clients 200 --classes 8 --interval 3000 --warmup 5 --steady 60 --reconnect-window 30
//              --reconnect both|kill|restart|none --mode messages|channel --synchronous-commit off --keep]
//        --mode channel: the bench publishes its own events (platform `publish`) instead of calling the
//          messaging route, to time the channel's delivery path alone;
//        --synchronous-commit off: the scratch database's commits stop waiting for the WAL flush
//          (profiling only: how much of the time is the disk).
// Prints a table and one JSON line; writes bench/results/realtime-latest.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ROLE } from '../packages/core/src/roles.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client.ts';
import { realtimeEvents } from '../apps/api/src/db/schema/platform.ts';
import { publish } from '../apps/api/src/platform/realtime/bus.ts';
import { createSession, SESSION_COOKIE, type NewSession } from '../apps/api/src/platform/sessions.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildSchool, buildUser } from '../apps/api/src/test/factories.ts';
import {
  call,
  CHANNEL_EVENT,
  createRecorder,
  keepConnected,
  sendOne,
  sleep,
  type NodeRef,
  type Peer,
  type Phase,
  type Recorder,
  type SendOptions,
  type SentMessage,
} from './realtime-peers.ts';
import { adminQuery } from '../apps/api/src/test/pg-admin.ts';
import { openBenchDatabase } from './scratch-db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_P99_MS = 100;

const strArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const numArg = (name: string, dflt: number): number => Number(strArg(name) ?? dflt);
const RECONNECT_MODES = ['both', 'kill', 'restart', 'none'] as const;
type ReconnectMode = (typeof RECONNECT_MODES)[number];
const MODES = ['messages', 'channel'] as const;

const options = () => {
  const reconnect = (strArg('reconnect') ?? 'both') as ReconnectMode;
  if (!RECONNECT_MODES.includes(reconnect)) throw new Error(`--reconnect must be one of ${RECONNECT_MODES.join(', ')}`);
  const mode = (strArg('mode') ?? 'messages') as (typeof MODES)[number];
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}`);
  const clients = numArg('clients', 200);
  if (clients < 2 || clients % 2) throw new Error('--clients must be an even number ≥ 2');
  return {
    clients,
    classes: numArg('classes', 8),
    intervalMs: numArg('interval', 3000),
    warmupMs: numArg('warmup', 5) * 1000,
    steadyMs: numArg('steady', 60) * 1000,
    reconnectMs: reconnect === 'none' ? 0 : numArg('reconnect-window', 30) * 1000,
    reconnect,
    mode,
    /** Profiling: `off` sets synchronous_commit off on the scratch database (commits stop waiting for the WAL flush). */
    synchronousCommit: strArg('synchronous-commit') === 'off' ? 'off' : 'on',
    keep: process.argv.includes('--keep'),
  };
};
type Options = ReturnType<typeof options>;

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round = (x: number, d = 1): number => Number(x.toFixed(d));
const stats = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: round(quantile(s, 0.5)), p95: round(quantile(s, 0.95)), p99: round(quantile(s, 0.99)), max: round(s[s.length - 1] ?? NaN) };
};
const load = () => round(os.loadavg()[0] ?? NaN, 2);

// ---------------------------------------------------------------------------------------------
// Data: one school, the students in classes (partners i and i + n/2 in the same class), sessions

const buildWorld = async (db: Db, opts: Options) => {
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const half = opts.clients / 2;
  const students = [];
  for (let i = 0; i < opts.clients; i++) {
    students.push(
      await buildUser(db, {
        roleId: ROLE.student,
        schoolId: school.id,
        customerId: school.customerId,
        email: null,
        username: `bench.rt.s${i}`,
        lastName: `Student ${i}`,
      }),
    );
  }
  for (let c = 0; c < opts.classes; c++) {
    const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: `Grade 8 - Section ${c + 1}` });
    await enrol(
      db,
      cls.id,
      students.filter((_, i) => (i % half) % opts.classes === c),
    );
  }
  const config = loadConfig(process.env);
  const sessions: NewSession[] = [];
  for (const s of students) sessions.push(await createSession(db, config, s.id, { ip: '127.0.0.1', userAgent: 'klase-realtime-bench' }));
  return students.map((s, i) => ({ userId: s.id, cookie: `${SESSION_COOKIE}=${sessions[i]?.token}`, csrf: sessions[i]?.csrfToken ?? '' }));
};

// ---------------------------------------------------------------------------------------------
// The two nodes: the real server process each

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The node processes being stopped on purpose. */
const stopping = new WeakSet<ChildProcess>();

interface ServerNode {
  ref: NodeRef;
  child: ChildProcess;
}

const startNode = async (ref: NodeRef, env: Record<string, string>): Promise<ServerNode> => {
  // Profiling: BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (node refuses --cpu-prof in NODE_OPTIONS).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(ref.port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A node that ends on its own (not by stopNode) is said at once, with the time: its clients' sends fail from then on.
  child.once('exit', (code, signal) => {
    if (!stopping.has(child))
      console.error(`node ${ref.name} (pid ${child.pid}) exited by itself: code ${code}, signal ${signal}, at ${new Date().toISOString()}`);
  });
  const t0 = Date.now();
  // Generous: at load 18 on 2 cores a start (tsx transpiling the API) took over 2 minutes.
  while (Date.now() - t0 < 600_000) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`node ${ref.name} exited while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${ref.port}/api/health`)).ok) return { ref, child };
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`node ${ref.name} did not start`);
};

/** Starts both nodes at once; if one fails, the other is stopped. */
const startBoth = async (refA: NodeRef, refB: NodeRef, env: Record<string, string>) => {
  const [a, b] = await Promise.allSettled([startNode(refA, env), startNode(refB, env)]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return { a: a.value, b: b.value };
  for (const s of [a, b]) if (s.status === 'fulfilled') await stopNode(s.value);
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
};

const stopNode = (node: ServerNode, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> =>
  new Promise((resolve) => {
    const { child } = node;
    stopping.add(child);
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });

/** CPU seconds (user + system) of a process so far, from /proc (Linux); NaN elsewhere. */
const cpuSeconds = async (pid: number | undefined): Promise<number> => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

// ---------------------------------------------------------------------------------------------
// The run

/** Runs `fn` for every index with at most `limit` at a time. */
const pool = async (n: number, limit: number, fn: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
};

const RETRY_MS = 250;
/** A send keeps being repeated this long (a client keeps an unsent message; node B can take 45 s to start on a busy machine). */
const GIVE_UP_MS = 120_000;
/** A cut socket waits up to this long (random per client) before it reconnects, so events pile up meanwhile. */
const RECONNECT_JITTER_MS = 1000;

/** Every client connects (20 at a time); the first of each pair starts the direct conversation (not in channel mode). */
const connectAll = async (peers: Peer[], rec: Recorder, opts: Options) => {
  await pool(peers.length, 20, async (i) => {
    const peer = peers[i] as Peer;
    await keepConnected(peer, rec, RETRY_MS, RECONNECT_JITTER_MS).first();
  });
  if (opts.mode === 'channel') return;
  const half = peers.length / 2;
  await pool(half, 10, async (k) => {
    const peer = peers[k] as Peer;
    const partner = peers[peer.partner] as Peer;
    const r = await call(peer, 'POST', '/api/messages/conversations', { kind: 'direct', userId: partner.userId });
    if (r.status !== 200 && r.status !== 201) throw new Error(`start conversation: ${r.status} ${r.text.slice(0, 300)}`);
    peer.conversationId = partner.conversationId = (JSON.parse(r.text) as { id: string }).id;
  });
};

interface Timeline {
  /** Offsets from the start of the sends (ms). */
  steadyAt: number;
  reconnectAt: number;
  endAt: number;
  /** What happened in the reconnect phase, with performance.now() stamps. */
  events: { what: string; at: number; ms?: number }[];
  load: Record<string, number>;
}

/** `--mode channel`: how a peer's event is published (by the bench, into the database both nodes listen on). */
type Publisher = (peer: Peer) => SendOptions['publish'];

const phaseAt = (t: number, tl: Timeline): Phase => (t < tl.steadyAt ? 'warm-up' : t < tl.reconnectAt ? 'steady' : 'reconnect');

/** Every client sends one message per interval, each at its time on the schedule (open loop); resolves when every send settled. */
const sendAll = async (peers: Peer[], rec: Recorder, opts: Options, tl: Timeline, start: number, publish?: Publisher): Promise<void> => {
  const all: Promise<void>[] = [];
  const schedule = async (peer: Peer) => {
    const offset = (peer.index / peers.length) * opts.intervalMs;
    for (let j = 0; offset + j * opts.intervalMs < tl.endAt; j++) {
      const at = offset + j * opts.intervalMs;
      await sleep(start + at - performance.now());
      const body = `Message ${j} from student ${peer.index}: kumusta, may tanong ako tungkol sa takdang-aralin.`;
      all.push(sendOne(peer, rec, phaseAt(at, tl), { retryMs: RETRY_MS, giveUpMs: GIVE_UP_MS, body, senderId: peer.userId, publish: publish?.(peer) }));
    }
  };
  await Promise.all(peers.map(schedule));
  await Promise.all(all);
};

/** The reconnect phase's disruptions of node B: its clients' sockets cut, then the node killed and started again. */
const disrupt = async (peers: Peer[], opts: Options, tl: Timeline, start: number, nodes: { b: ServerNode }, restart: () => Promise<ServerNode>) => {
  const onB = peers.filter((p) => p.node.name === 'B');
  if (opts.reconnect === 'both' || opts.reconnect === 'kill') {
    await sleep(start + tl.reconnectAt + 0.2 * opts.reconnectMs - performance.now());
    tl.events.push({ what: `cut the sockets of node B's ${onB.length} clients`, at: performance.now() });
    for (const p of onB) p.socket?.terminate();
  }
  if (opts.reconnect === 'both' || opts.reconnect === 'restart') {
    await sleep(start + tl.reconnectAt + 0.5 * opts.reconnectMs - performance.now());
    const t0 = performance.now();
    await stopNode(nodes.b, 'SIGKILL');
    nodes.b = await restart();
    tl.events.push({ what: 'node B killed (SIGKILL) and started again', at: t0, ms: round(performance.now() - t0) });
  }
};

/** Waits until every accepted message reached its partner and its sender's socket (at most `ms`). */
const drain = async (rec: Recorder, ms: number) => {
  const t0 = performance.now();
  const open = () => [...rec.sent.values()].filter((m) => m.messageId !== undefined && (m.recvAt === undefined || m.echoAt === undefined)).length;
  while (open() > 0 && performance.now() - t0 < ms) await sleep(100);
  return round(performance.now() - t0);
};

interface ReadBack {
  stored: number;
  dupStored: number;
}

/** `--mode channel`: the bench's events in the store, by clientId (each must be stored once per recipient: twice). */
const readChannelEvents = async (db: Db): Promise<ReadBack> => {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.type, CHANNEL_EVENT))
    .groupBy(sql`${realtimeEvents.data}->'message'->>'clientId'`);
  const counts = rows.map((r) => r.n);
  return { stored: counts.length, dupStored: counts.filter((n) => n !== 2).length };
};

/** Reads every conversation back over the API: stored messages, and clientIds stored more than once. */
const readEveryConversation = async (peers: Peer[]): Promise<ReadBack> => {
  let stored = 0;
  let dupStored = 0;
  await pool(peers.length / 2, 10, async (k) => {
    const peer = peers[k] as Peer;
    const seen = new Set<string>();
    let before = '';
    for (;;) {
      const r = await call(peer, 'GET', `/api/messages/conversations/${peer.conversationId}/messages?limit=100${before}`);
      if (r.status !== 200) throw new Error(`read back: ${r.status} ${r.text.slice(0, 200)}`);
      const page = JSON.parse(r.text) as { items: { id: string; clientId: string }[]; hasMore: boolean };
      for (const m of page.items) {
        stored++;
        if (seen.has(m.clientId)) dupStored++;
        seen.add(m.clientId);
      }
      if (!page.hasMore || !page.items[0]) break;
      before = `&before=${page.items[0].id}`;
    }
  });
  return { stored, dupStored };
};

/** CPU seconds so far of each PostgreSQL backend serving the scratch database (the nodes' pools, LISTEN connections). */
const backendCpu = async (url: string): Promise<Map<number, number>> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Map(await Promise.all(rows.map(async (r) => [r.pid, await cpuSeconds(r.pid)] as const)));
  } finally {
    await c.end();
  }
};

const cpuSample = async (nodes: { a: ServerNode; b: ServerNode }, url: string) => ({
  a: await cpuSeconds(nodes.a.child.pid),
  b: await cpuSeconds(nodes.b.child.pid),
  bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  backends: await backendCpu(url),
  at: performance.now(),
});

/** CPU the backends used between two samples (a backend that started in between: all of its CPU). */
const backendDelta = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, cpu]) => sum + (Number.isNaN(cpu) ? 0 : cpu - (before.get(pid) ?? 0)), 0);

/** The three phases with their disruptions; samples load and CPU around the steady phase. */
const runPhases = async (
  peers: Peer[],
  rec: Recorder,
  opts: Options,
  nodes: { a: ServerNode; b: ServerNode },
  restartB: () => Promise<ServerNode>,
  url: string,
  publish?: Publisher,
) => {
  const tl: Timeline = {
    steadyAt: opts.warmupMs,
    reconnectAt: opts.warmupMs + opts.steadyMs,
    endAt: opts.warmupMs + opts.steadyMs + opts.reconnectMs,
    events: [],
    load: { start: load() },
  };
  const start = performance.now() + 100;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const around = (async () => {
    await sleep(start + tl.steadyAt - performance.now());
    loop.enable();
    const before = await cpuSample(nodes, url);
    await sleep(start + tl.reconnectAt - performance.now());
    loop.disable();
    const after = await cpuSample(nodes, url);
    tl.load.steadyEnd = load();
    const secs = (after.at - before.at) / 1000;
    const pct = (x: number, y: number) => round(((y - x) / secs) * 100, 0);
    return {
      nodeA: pct(before.a, after.a),
      postgres: pct(0, backendDelta(before.backends, after.backends)),
      nodeB: pct(before.b, after.b),
      bench: pct(before.bench, after.bench),
      benchLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
    };
  })();
  const [, , cpu] = await Promise.all([sendAll(peers, rec, opts, tl, start, publish), disrupt(peers, opts, tl, start, nodes, restartB), around]);
  tl.load.end = load();
  const drainMs = await drain(rec, 15_000);
  return { tl, cpu, drainMs, start };
};

const phaseResult = (msgs: SentMessage[]) => {
  const accepted = msgs.filter((m) => m.messageId !== undefined);
  const delivered = accepted.filter((m) => m.recvAt !== undefined);
  return {
    sent: msgs.length,
    accepted: accepted.length,
    delivered: delivered.length,
    lost: accepted.length - delivered.length,
    echoLost: accepted.filter((m) => m.echoAt === undefined).length,
    retried: msgs.filter((m) => m.attempts > 1).length,
    delivery: stats(delivered.map((m) => (m.recvAt ?? NaN) - m.t0)),
    answered: stats(accepted.map((m) => (m.acceptedAt ?? NaN) - m.t0)),
    /** From the send's answer to the partner's frame (the hub's share, roughly; below 0 when the event beat the answer). */
    afterAnswer: stats(delivered.map((m) => (m.recvAt ?? NaN) - (m.acceptedAt ?? NaN))),
  };
};
type PhaseResult = ReturnType<typeof phaseResult>;

const PHASES: Phase[] = ['warm-up', 'steady', 'reconnect'];

const printReport = (r: Awaited<ReturnType<typeof collect>>) => {
  const row = (name: string, p: PhaseResult) =>
    `| ${name} | ${p.sent} | ${p.accepted} | ${p.delivered} | ${p.lost} | ${p.retried} | ${p.delivery.p50} | ${p.delivery.p95} | ${p.delivery.p99} | ${p.delivery.max} | ${p.answered.p50} / ${p.answered.p99} | ${p.afterAnswer.p50} / ${p.afterAnswer.p99} |`;
  console.log(
    [
      '',
      `Real-time messaging: ${r.clients} clients (half on node A, half on node B, every pair across), one message every ${r.intervalMs} ms each (${r.ratePerSecond}/s in all)`,
      '',
      '| phase | sent | accepted | delivered to partner | lost | sends repeated | delivery p50 ms | p95 | p99 | max | send answered p50 / p99 ms | answer → partner p50 / p99 ms |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...PHASES.map((p) => row(p, r.phases[p])),
      row('all', r.all),
      '',
      `Duplicates: event ids ${r.counters.dupEvents}, message ids ${r.counters.dupMessages}, clientIds delivered twice ${r.counters.dupClientIds}, stored twice ${r.readBack.dupStored}; out of order ${r.counters.outOfOrder}; strays ${r.counters.strays}; id mismatches ${r.counters.idMismatch}; echo to the sender lost ${r.all.echoLost}; send errors ${r.counters.sendErrors}${r.errorSamples.length ? ` (${r.errorSamples.join(' | ')})` : ''}.`,
      `Stored (read back ${r.mode === 'channel' ? 'from realtime_events' : 'over the API'}): ${r.readBack.stored} messages, accepted ${r.all.accepted}.`,
      `Reconnect phase: ${r.events.map((e) => `${e.what}${e.ms === undefined ? '' : ` (${e.ms} ms to healthy)`}`).join('; ') || 'none'}; sockets reopened ${r.reconnects.n}, close → hello p50 ${r.reconnects.p50} ms, max ${r.reconnects.max} ms; drained in ${r.drainMs} ms.`,
      `Steady phase CPU (% of one core): node A ${r.cpu.nodeA}, node B ${r.cpu.nodeB}, PostgreSQL backends of the scratch database ${r.cpu.postgres}, bench clients ${r.cpu.bench}; bench event loop delay p99 ${r.cpu.benchLoopDelayP99Ms} ms. Load average (1 min): ${Object.entries(
        r.load,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} on ${r.cpus} cores.`,
      `Target p99 < ${TARGET_P99_MS} ms (steady phase) and none lost or duplicated: ${r.targetMet ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n'),
  );
};

const collect = async (peers: Peer[], rec: Recorder, opts: Options, run: Awaited<ReturnType<typeof runPhases>>, readBack: ReadBack) => {
  const msgs = [...rec.sent.values()];
  const phases = Object.fromEntries(PHASES.map((p) => [p, phaseResult(msgs.filter((m) => m.phase === p))])) as Record<Phase, PhaseResult>;
  const all = phaseResult(msgs);
  const dups = rec.counters.dupEvents + rec.counters.dupMessages + rec.counters.dupClientIds + readBack.dupStored;
  const steady = phases.steady.delivery.p99;
  return {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    node: process.version,
    clients: opts.clients,
    intervalMs: opts.intervalMs,
    ratePerSecond: round((opts.clients * 1000) / opts.intervalMs),
    mode: opts.mode,
    synchronousCommit: opts.synchronousCommit,
    reconnectMode: opts.reconnect,
    phases,
    all,
    counters: rec.counters,
    errorSamples: rec.errorSamples,
    readBack,
    reconnects: stats(peers.flatMap((p) => p.reconnectMs)),
    events: run.tl.events.map((e) => ({ what: e.what, atMs: round(e.at - run.start), ms: e.ms })),
    drainMs: run.drainMs,
    cpu: run.cpu,
    load: run.tl.load,
    targetMet: steady < TARGET_P99_MS && all.lost === 0 && dups === 0 && readBack.stored === all.accepted,
  };
};

const newPeer = (index: number, w: { userId: string; cookie: string; csrf: string }, node: NodeRef, partner: number): Peer => ({
  index,
  ...w,
  node,
  partner,
  socket: null,
  lastEventId: 0,
  helloSeen: false,
  eventIds: new Set(),
  messageIds: new Set(),
  reconnectMs: [],
  stopping: false,
});

const main = async () => {
  const opts = options();
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!pgUrl) throw new Error('two nodes need one PostgreSQL: set BENCH_DATABASE_URL=postgres://... (a scratch database is made and dropped there)');
  const scratch = await openBenchDatabase('postgres', pgUrl, { keep: opts.keep });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-rtbench-'));
  let nodes: { a: ServerNode; b: ServerNode } | undefined;
  let peers: Peer[] = [];
  try {
    console.log(`seeding one school with ${opts.clients} students in ${opts.classes} classes, and their sessions`);
    const world = await buildWorld(scratch.database.db, opts);
    const env = { DATABASE_URL: scratch.url ?? '', DATA_DIR: dataDir };
    if (opts.synchronousCommit === 'off') await adminQuery(pgUrl, `ALTER DATABASE ${new URL(env.DATABASE_URL).pathname.slice(1)} SET synchronous_commit = off`);
    const refA: NodeRef = { name: 'A', port: await freePort() };
    const refB: NodeRef = { name: 'B', port: await freePort() };
    console.log(`starting node A on port ${refA.port} and node B on port ${refB.port}`);
    const live = (nodes = await startBoth(refA, refB, env));
    const half = opts.clients / 2;
    peers = world.map((w, i) => newPeer(i, w, i < half ? refA : refB, (i + half) % opts.clients));
    const rec = createRecorder();
    await connectAll(peers, rec, opts);
    console.log(`${peers.length} sockets open, ${half} pairs (${opts.mode}); sending for ${(opts.warmupMs + opts.steadyMs + opts.reconnectMs) / 1000} s`);
    const db = scratch.database.db;
    const publisher: Publisher = (peer) => (_m, data) =>
      publish(db, { userIds: [peer.userId, (peers[peer.partner] as Peer).userId], type: CHANNEL_EVENT, data });
    const run = await runPhases(peers, rec, opts, live, () => startNode(refB, env), env.DATABASE_URL, opts.mode === 'channel' ? publisher : undefined);
    const readBack = opts.mode === 'channel' ? await readChannelEvents(db) : await readEveryConversation(peers);
    const result = await collect(peers, rec, opts, run, readBack);
    printReport(result);
    console.log(JSON.stringify(result));
    await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(path.join(ROOT, 'bench/results/realtime-latest.json'), JSON.stringify(result, null, 2));
  } finally {
    for (const p of peers) {
      p.stopping = true;
      p.socket?.terminate();
    }
    if (nodes) await Promise.all([stopNode(nodes.a), stopNode(nodes.b)]);
    // A failed drop must not hide the error that ended the run.
    await scratch.drop().catch((err: unknown) => console.error('could not drop the scratch database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();

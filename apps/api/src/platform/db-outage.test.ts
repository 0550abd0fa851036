import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildClassWorld, type ClassWorld } from '../test/class-factories.ts';
import { bulkUploadInterrupted, courseCopyInterrupted, simulatedTermination } from '../test/outage.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { visitor } from '../test/agent.ts';
import { isConnectionError, retryWhileUnavailable } from './db-errors.ts';
import { createSessionCache } from './session-cache.ts';
import type { AuthState } from './types.ts';
import { createWorkerLoop } from './worker-loop.ts';

/**
 * The database going away, on every driver: how errors are told apart, what a request answers,
 * what the session cache and the worker loop do, and how interrupted jobs resume. The real cuts
 * on a PostgreSQL server are in db-outage.pg.test.ts.
 */
const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('telling a lost database from a bad statement', () => {
  it('connection failures are, whatever wraps them', () => {
    expect(isConnectionError(terminated())).toBe(true);
    expect(isConnectionError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: terminated() }))).toBe(true);
  });
  it('statement errors are not', () => {
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionError(new Error('connect ECONNREFUSED 10.0.0.5:5432'))).toBe(false);
    expect(isConnectionError('57P01')).toBe(false);
  });
  it('bookkeeping is retried while the database is away, and only then', async () => {
    let calls = 0;
    const back = await retryWhileUnavailable(async () => {
      calls += 1;
      if (calls < 3) throw terminated();
      return 'written';
    });
    expect([back, calls]).toEqual(['written', 3]);
    let bad = 0;
    await expect(
      retryWhileUnavailable(async () => {
        bad += 1;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(bad).toBe(1);
    await expect(retryWhileUnavailable(() => Promise.reject(terminated()), 0)).rejects.toThrow('terminating connection');
  });
});

describe('the session cache while notifications are away', () => {
  it('serves and stores nothing, and forgets what it had', () => {
    let live = true;
    const c = createSessionCache({ ttlMs: 60_000, live: () => live });
    const auth = {
      user: { id: 'u1' },
      session: { idleExpiresAt: new Date(10_000), absoluteExpiresAt: new Date(20_000) },
      schoolName: null,
    } as unknown as AuthState;
    c.set('t', auth, 0);
    expect(c.get('t', 1)?.user.id).toBe('u1');
    live = false;
    expect(c.get('t', 1)).toBeUndefined();
    expect(c.size).toBe(0);
    c.set('t', auth, 2);
    expect(c.size).toBe(0);
    live = true;
    expect(c.get('t', 3)).toBeUndefined();
  });
});

describe('the database going away under the API (simulated on any driver)', () => {
  let t: TestApp;
  let w: ClassWorld;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 }, {}, (app) => {
      app.get('/api/test/db-away', { config: { policy: { access: 'public' } } }, async () => {
        throw new Error('Failed query: insert into classes', { cause: terminated() });
      });
    });
    w = await buildClassWorld(t.db);
  });
  afterAll(() => t.close());

  it('a request whose database went away answers 503 "Connecting..." in the caller\'s language, with a retry delay', async () => {
    const en = await visitor(t.app, 'GET', '/api/test/db-away');
    expect(en.statusCode).toBe(503);
    expect(en.headers['retry-after']).toBe('2');
    expect(en.json()).toEqual({ code: 'UNAVAILABLE', message: 'Connecting...', retryAfterSeconds: 2 });
    const zh = await visitor(t.app, 'GET', '/api/test/db-away', undefined, { 'accept-language': 'zh' });
    expect(zh.json()).toMatchObject({ code: 'UNAVAILABLE', message: '正在连接...' });
    const ph = await visitor(t.app, 'GET', '/api/test/db-away', undefined, { 'accept-language': 'ph' });
    expect(ph.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'Kumokonekta...' });
  });

  it('an API node whose PostgreSQL cannot be reached starts, answers 503 "Connecting..." and keeps trying to listen', async () => {
    const events: string[] = [];
    const node = await buildApp({ ...t.config, databaseUrl: 'postgres://klase:klase@127.0.0.1:1/klase', sessionCacheMs: 60_000 });
    node.database.onEvent((e) => events.push(e.type));
    await node.ready();
    try {
      expect(node.database.listening).toBe(false);
      const health = await node.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'ph' } });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'down', code: 'UNAVAILABLE', message: 'Kumokonekta...', retryAfterSeconds: 2 });
      const session = await node.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'klase_sid=abc', 'x-requested-with': 'klase' } });
      expect(session.statusCode).toBe(503);
      expect(session.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'Connecting...' });
      expect(events).toEqual([]);
    } finally {
      await node.close();
    }
  });

  it('a started worker loop whose run failed tries again by itself, well before its poll', async () => {
    let runs = 0;
    const loop = createWorkerLoop({
      database: t.app.database,
      channel: 'klase_test_outage',
      pollMs: 60_000,
      log: t.app.log,
      name: 'test worker',
      drain: async () => {
        runs += 1;
        if (runs === 1) throw terminated();
        return 0;
      },
    });
    await loop.start();
    const t0 = Date.now();
    while (runs < 2 && Date.now() - t0 < 3000) await new Promise((r) => setTimeout(r, 20));
    await loop.stop();
    expect(runs).toBe(2);
  });

  it('a course copy cut off mid-job is put back and another node copies it exactly once', async () => {
    await courseCopyInterrupted(t, w, simulatedTermination);
  });

  it('a bulk upload cut off mid-job resumes on another node from the rows not yet imported, each row once', async () => {
    await bulkUploadInterrupted(t, w, simulatedTermination);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/platform.ts';
import { loginFrom } from '../../test/agent.ts';
import { buildUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('sign-in throttling (kept in the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '10.1.1.1') => loginFrom(t.app, username, password, ip);

  /** Ends every running lock (as if the time had passed), keeping the failure counts. */
  const expireLocks = () =>
    t.db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.blockedUntil} is not null`);

  it('locks an account after 5 failures in a row from one address, even for the right password, for 1 minute', async () => {
    const user = await buildUser(t.db);
    for (let i = 1; i <= 4; i += 1) {
      expect((await login(user.username, `Wrong#${i}pass`)).json().code).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await login(user.username, 'Wrong#5pass');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: 60 });
    expect(fifth.json().message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    const right = await login(user.username.toUpperCase(), TEST_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json().retryAfterSeconds).toBeGreaterThan(50);
    expect(right.headers['retry-after']).toBe(String(right.json().retryAfterSeconds));
    expect(right.cookies).toHaveLength(0);

    // When the lock runs out, the right password works again.
    await expireLocks();
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('each further failure doubles the wait, up to 15 minutes', async () => {
    const user = await buildUser(t.db);
    const waits: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const res = await login(user.username, 'Wrong#pass1', '10.3.3.3');
      if (res.statusCode === 423) waits.push(res.json().retryAfterSeconds);
      await expireLocks();
    }
    expect(waits).toEqual([60, 120, 240, 480, 900]);
    const minutes = await login(user.username, 'Wrong#pass1', '10.3.3.3');
    expect(minutes.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it('the username and the email of one account share one counter', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 3; i += 1) expect((await login(user.username, 'Wrong#pass1')).statusCode).toBe(401);
    expect((await login(user.email ?? '', 'Wrong#pass1')).statusCode).toBe(401);
    expect((await login((user.email ?? '').toUpperCase(), 'Wrong#pass1')).json().code).toBe('ACCOUNT_LOCKED');
    expect((await login(user.username, TEST_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
    expect((await login(user.email ?? '', TEST_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
  });

  it('a lock from one client address does not stop the owner from another; their success ends it', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 5; i += 1) await login(user.username, 'Wrong#pass1', '10.4.0.1');
    expect((await login(user.username, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(423);
    expect((await login(user.username, TEST_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
    expect((await login(user.username, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('behind a proxy (TRUST_PROXY) the address is the forwarded one', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const user = await buildUser(proxied.db);
      const via = (from: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-requested-with': 'klase', 'x-forwarded-for': from },
          payload: { username: user.username, password },
        });
      for (let i = 0; i < 5; i += 1) await via('203.0.113.7', 'Wrong#pass1');
      expect((await via('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(423);
      expect((await via('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('20 failures from many addresses lock the account everywhere for 15 minutes', async () => {
    const user = await buildUser(t.db);
    const codes: string[] = [];
    for (let ip = 1; ip <= 5; ip += 1) {
      for (let i = 0; i < 4; i += 1) codes.push((await login(user.username, 'Wrong#pass1', `10.5.0.${ip}`)).json().code);
    }
    expect(codes.slice(0, 19).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes[19]).toBe('ACCOUNT_LOCKED');
    const elsewhere = await login(user.username, TEST_PASSWORD, '10.5.9.9');
    expect(elsewhere.statusCode).toBe(423);
    expect(elsewhere.json().retryAfterSeconds).toBeGreaterThan(890);
  });

  it('answers the same for an unknown username, so existence is never revealed', async () => {
    const name = 'ghost.user.never.existed';
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await login(name, 'Wrong#pass1')).json().code);
    expect(codes).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
  });

  it('a success resets the consecutive failures', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 4; i += 1) await login(user.username, 'Wrong#pass1');
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(user.username, 'Wrong#pass1')).statusCode).toBe(401);
  });

  it('limits failed attempts per client address (30 per 10 minutes); successes do not count', async () => {
    const user = await buildUser(t.db);
    const ip = '10.9.9.9';
    for (let i = 0; i < 40; i += 1) expect((await login(user.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await login(`nobody.${i % 10}.${Math.floor(i / 10)}`, 'Wrong#pass1', ip)).statusCode).toBe(401);
    const limited = await login(user.username, TEST_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.json().retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(limited.headers['retry-after']).toBe(String(limited.json().retryAfterSeconds));
    expect((await login(user.username, TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('sign-in slowdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginFailureDelayMs: 250 });
  });
  afterAll(() => t.close());

  it('each consecutive failure answers more slowly', async () => {
    const user = await buildUser(t.db);
    const timed = async () => {
      const start = performance.now();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'klase' },
        payload: { username: user.username, password: 'Wrong#pass1' },
      });
      return performance.now() - start;
    };
    const first = await timed();
    const second = await timed();
    const third = await timed();
    expect(first).toBeGreaterThanOrEqual(240);
    expect(second).toBeGreaterThanOrEqual(490);
    expect(third).toBeGreaterThanOrEqual(740);
  });
});

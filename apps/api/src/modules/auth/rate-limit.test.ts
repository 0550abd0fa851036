import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/platform.ts';
import { buildUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('sign-in throttling (kept in the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '10.1.1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'x-requested-with': 'klase' },
      payload: { username, password },
    });

  it('locks a username after 5 consecutive failures, even for the right password, for 15 minutes', async () => {
    const user = await buildUser(t.db);
    for (let i = 1; i <= 4; i += 1) {
      expect((await login(user.username, `Wrong#${i}pass`, `10.2.0.${i}`)).json().code).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await login(user.username, 'Wrong#5pass');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: 900 });
    expect(fifth.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    const right = await login(user.username.toUpperCase(), TEST_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json().retryAfterSeconds).toBeGreaterThan(890);
    expect(right.headers['retry-after']).toBe(String(right.json().retryAfterSeconds));
    expect(right.cookies).toHaveLength(0);

    // When the lock runs out, the right password works again.
    await t.db.update(rateLimits).set({ blockedUntil: sql`now() - interval '1 second'` }).where(sql`${rateLimits.key} like ${'%' + user.username}`);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
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

  it('limits attempts per IP address: 30 per 10 minutes, then 429 with Retry-After', async () => {
    const user = await buildUser(t.db);
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i += 1) expect((await login(user.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
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

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { customers } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';
import { signIn } from '../test/agent.ts';
import { buildSchool, buildUser, linkParent, TEST_PASSWORD } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createSessionCache } from './session-cache.ts';
import type { AuthState } from './types.ts';

const authOf = (userId: string, opts: { idle?: number; absolute?: number } = {}): AuthState =>
  ({
    user: { id: userId },
    session: { idleExpiresAt: new Date(opts.idle ?? 10_000), absoluteExpiresAt: new Date(opts.absolute ?? 20_000) },
    schoolName: null,
  }) as unknown as AuthState;

describe('session cache (unit)', () => {
  it('serves an entry until its time to live passes', () => {
    const c = createSessionCache({ ttlMs: 100 });
    c.set('t1', authOf('u1'), 0);
    expect(c.get('t1', 50)?.user.id).toBe('u1');
    expect(c.get('t1', 101)).toBeUndefined();
    expect(c.size).toBe(0);
  });
  it('never serves a session past its idle or absolute expiry', () => {
    const c = createSessionCache({ ttlMs: 1_000_000 });
    c.set('idle', authOf('u1', { idle: 500 }), 0);
    c.set('abs', authOf('u2', { absolute: 700 }), 0);
    expect(c.get('idle', 499)).toBeDefined();
    expect(c.get('idle', 500)).toBeUndefined();
    expect(c.get('abs', 700)).toBeUndefined();
  });
  it('drops every session of a user, or everything, on notification', () => {
    const c = createSessionCache({ ttlMs: 1000 });
    c.set('a', authOf('u1'), 0);
    c.set('b', authOf('u1'), 0);
    c.set('c', authOf('u2'), 0);
    c.onNotify('user:u1');
    expect([c.get('a', 1), c.get('b', 1), c.get('c', 1)?.user.id]).toEqual([undefined, undefined, 'u2']);
    c.onNotify('all');
    expect(c.get('c', 1)).toBeUndefined();
  });
  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = createSessionCache({ ttlMs: 1000, maxEntries: 2 });
    c.set('a', authOf('u1'), 0);
    c.set('b', authOf('u2'), 0);
    c.set('c', authOf('u3'), 0);
    expect(c.size).toBe(2);
    expect(c.get('a', 1)).toBeUndefined();
  });
  it('is off with a time to live of 0', () => {
    const c = createSessionCache({ ttlMs: 0 });
    c.set('a', authOf('u1'), 0);
    expect(c.get('a', 0)).toBeUndefined();
  });
});

/** Asks until the answer has the wanted status (the database's notification arrives asynchronously). */
const eventually = async (ask: () => Promise<number>, status: number, ms = 3000): Promise<number> => {
  const t0 = Date.now();
  let last = await ask();
  while (last !== status && Date.now() - t0 < ms) {
    await new Promise((r) => setTimeout(r, 25));
    last = await ask();
  }
  return last;
};

describe('session cache in the app (a long time to live, so only invalidation can explain a change)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sessionCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  it('a disabled customer ends a cached session through the database notification', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const agent = await signIn(t.app, user.username);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(200);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(200);
    await t.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, school.customerId));
    expect(await eventually(async () => (await agent.req('GET', '/api/auth/session')).statusCode, 401)).toBe(401);
  });

  it('a deactivated user is dropped from the cache by the notification on users', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const agent = await signIn(t.app, user.username);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await eventually(async () => (await agent.req('GET', '/api/auth/session')).statusCode, 401)).toBe(401);
  });

  it("a user's own change is seen by the very next request", async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const agent = await signIn(t.app, user.username);
    expect((await agent.req('GET', '/api/auth/session')).json().profile.language).toBe('en-us');
    expect((await agent.req('PATCH', '/api/account/preferences', { language: 'zh' })).statusCode).toBe(200);
    expect((await agent.req('GET', '/api/auth/session')).json().profile.language).toBe('zh');
    expect((await agent.req('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('a password change elsewhere ends the cached session on this node', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const first = await signIn(t.app, user.username);
    const second = await signIn(t.app, user.username);
    expect((await first.req('GET', '/api/auth/session')).statusCode).toBe(200);
    const changed = await second.req('POST', '/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      password: 'Bago#Pass2026',
      confirmPassword: 'Bago#Pass2026',
    });
    expect(changed.statusCode).toBe(200);
    expect(await eventually(async () => (await first.req('GET', '/api/auth/session')).statusCode, 401)).toBe(401);
    expect((await second.req('GET', '/api/auth/session')).statusCode).toBe(200);
  });

  it('a new parent link shows in the cached session answer', async () => {
    const school = await buildSchool(t.db);
    const parent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent });
    const child = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student, firstName: 'Lito', lastName: 'Cruz' });
    const agent = await signIn(t.app, parent.username);
    expect((await agent.req('GET', '/api/auth/session')).json().childrenList).toEqual([]);
    await linkParent(t.db, parent, child);
    const t0 = Date.now();
    let list: unknown[] = [];
    while (list.length === 0 && Date.now() - t0 < 3000) {
      list = (await agent.req('GET', '/api/auth/session')).json().childrenList;
      if (list.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(list).toEqual([{ id: child.id, name: 'Lito Cruz', username: child.username }]);
  });
});

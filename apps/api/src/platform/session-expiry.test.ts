import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions.ts';
import { signIn } from '../test/agent.ts';
import { buildUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('session expiry (short limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Idle 1.2 s, absolute 3.6 s.
    t = await createTestApp({ sessionIdleMinutes: 0.02, sessionAbsoluteHours: 0.001 });
  });
  afterAll(() => t.close());

  it('ends after the idle limit without requests', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(200);
    await sleep(1500);
    const res = await agent.req('GET', '/api/auth/session');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('activity extends the idle limit, but never past the absolute limit', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const started = Date.now();
    const [before] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    while (Date.now() - started < 3000) {
      await sleep(400);
      expect((await agent.req('GET', '/api/account/profile')).statusCode).toBe(200);
    }
    const [after] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after?.idleExpiresAt.getTime()).toBeGreaterThan(before?.idleExpiresAt.getTime() ?? 0);
    expect(after?.idleExpiresAt.getTime()).toBeLessThanOrEqual(after?.absoluteExpiresAt.getTime() ?? 0);
    await sleep(Math.max(0, started + 3800 - Date.now()));
    const res = await agent.req('GET', '/api/account/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

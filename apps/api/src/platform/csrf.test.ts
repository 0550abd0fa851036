import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/agent.ts';
import { buildUser, TEST_PASSWORD } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('without a session, state-changing requests need x-requested-with: klase', async () => {
    const user = await buildUser(t.db);
    const payload = { username: user.username, password: TEST_PASSWORD };
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'CSRF' });
    expect(none.cookies).toHaveLength(0);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(wrong.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'x-requested-with': 'klase' } });
    expect(ok.statusCode).toBe(200);
  });

  it('with a session, state-changing requests need the session csrf token', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', payload: { theme: 'dark' }, headers: { cookie: agent.cookie } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('CSRF');
    const onlyRequestedWith = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      payload: { theme: 'dark' },
      headers: { cookie: agent.cookie, 'x-requested-with': 'klase' },
    });
    expect(onlyRequestedWith.statusCode).toBe(403);
    const other = await signIn(t.app, user.username);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      payload: { theme: 'dark' },
      headers: { cookie: agent.cookie, 'x-csrf-token': other.csrf },
    });
    expect(wrong.statusCode).toBe(403);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: agent.cookie } });
    expect(logout.statusCode).toBe(403);
    expect((await agent.req('GET', '/api/account/profile')).json().theme).toBe('light');
    const ok = await agent.req('PATCH', '/api/account/preferences', { theme: 'dark' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().theme).toBe('dark');
  });

  it('reads do not need a token', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

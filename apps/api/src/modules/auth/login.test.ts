import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@klase/core/auth/contracts';
import { ROLE } from '@klase/core/roles';
import { sessions } from '../../db/schema/sessions.ts';
import { customers } from '../../db/schema/tenancy.ts';
import { sha256 } from '../../platform/crypto.ts';
import { cookieFrom, signIn, visitor } from '../../test/agent.ts';
import { buildSchool, buildUser, linkParent, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('sign-in, session and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password = TEST_PASSWORD, headers: Record<string, string> = {}) =>
    visitor(t.app, 'POST', '/api/auth/login', { username, password }, headers);

  it('signs in by username, case-insensitively, and answers the session', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.teacher, firstName: 'Maria' });
    const res = await login(user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionInfo>();
    expect(body.profile).toMatchObject({ id: user.id, username: user.username, roleId: ROLE.teacher, schoolName: school.name, hasPhoto: false });
    expect(body.showWelcomeDialog).toBe(true);
    expect(body.csrfToken.length).toBeGreaterThan(30);
    expect(body.profile).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'klase_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Only the hash of the token is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(sha256(cookie?.value ?? ''));
    expect(stored[0]?.tokenHash).not.toBe(cookie?.value);
  });

  it('signs in by email, case-insensitively', async () => {
    const user = await buildUser(t.db, { email: 'Mixed.Case@Example.ph'.toLowerCase() });
    const res = await login('MIXED.case@example.PH');
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionInfo>().profile.id).toBe(user.id);
  });

  it('answers the same for a wrong password and an unknown user', async () => {
    const user = await buildUser(t.db);
    const wrong = await login(user.username, 'Wrong#Pass1');
    const unknown = await login('nobody-here-at-all', 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses inactive and never-activated users only after the right password', async () => {
    const inactive = await buildUser(t.db, { active: false });
    const never = await buildUser(t.db, { activated: false, active: false, password: null });
    expect((await login(inactive.username)).json().code).toBe('ACCOUNT_INACTIVE');
    expect((await login(inactive.username)).statusCode).toBe(403);
    expect((await login(never.username)).json().code).toBe('INVALID_CREDENTIALS');
    const neverWithPassword = await buildUser(t.db, { activated: false, active: true });
    expect((await login(neverWithPassword.username)).json().code).toBe('ACCOUNT_INACTIVE');
    expect((await login(inactive.username, 'Wrong#Pass1')).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses users of a disabled customer and of a disabled school', async () => {
    const offCustomer = await buildSchool(t.db, { customerStatus: 'INACTIVE' });
    const u1 = await buildUser(t.db, { schoolId: offCustomer.id });
    const r1 = await login(u1.username);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().code).toBe('CUSTOMER_DISABLED');

    const offSchool = await buildSchool(t.db, { enabled: false });
    const u2 = await buildUser(t.db, { schoolId: offSchool.id });
    const r2 = await login(u2.username);
    expect(r2.statusCode).toBe(403);
    expect(r2.json().code).toBe('SCHOOL_DISABLED');
  });

  it('refuses a student whose school requires an activated parent account until one exists', async () => {
    const school = await buildSchool(t.db, { requireParentAccount: true });
    const student = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student });
    const r1 = await login(student.username);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().code).toBe('PARENT_NOT_ACTIVATED');
    const pending = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent, activated: false, active: false });
    await linkParent(t.db, pending, student);
    expect((await login(student.username)).json().code).toBe('PARENT_NOT_ACTIVATED');
    const parent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent });
    await linkParent(t.db, parent, student);
    expect((await login(student.username)).statusCode).toBe(200);
  });

  it('ends an existing session when its customer is disabled', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const agent = await signIn(t.app, user.username);
    expect((await agent.req('GET', '/api/auth/session')).statusCode).toBe(200);
    await t.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, school.customerId));
    const res = await agent.req('GET', '/api/auth/session');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('GET /api/auth/status answers the profile version while the session lives, 401 after', async () => {
    const school = await buildSchool(t.db);
    const user = await buildUser(t.db, { schoolId: school.id });
    const agent = await signIn(t.app, user.username);
    const ok = await agent.req('GET', '/api/auth/status');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ version: agent.session.profile.updatedAt });
    expect((await agent.req('PATCH', '/api/account/preferences', { theme: 'dark' })).statusCode).toBe(200);
    expect((await agent.req('GET', '/api/auth/status')).json().version).not.toBe(agent.session.profile.updatedAt);
    expect((await agent.req('POST', '/api/auth/logout')).statusCode).toBe(204);
    const gone = await agent.req('GET', '/api/auth/status');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('SESSION_EXPIRED');
    expect((await visitor(t.app, 'GET', '/api/auth/status')).json().code).toBe('UNAUTHENTICATED');
  });

  it('gives a parent the children list at sign-in', async () => {
    const school = await buildSchool(t.db);
    const parent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent });
    const child = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student, firstName: 'Ana', lastName: 'None Reyes' });
    await linkParent(t.db, parent, child);
    const agent = await signIn(t.app, parent.username);
    expect(agent.session.childrenList).toEqual([{ id: child.id, name: 'Ana Reyes', username: child.username }]);
  });

  it('rejects invalid login bodies with translated field errors', async () => {
    const res = await visitor(t.app, 'POST', '/api/auth/login', { username: '', password: 'x'.repeat(200) }, { 'accept-language': 'zh' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe('请填写必填字段！');
    expect(body.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'username', key: 'required' }),
        expect.objectContaining({ path: 'password', key: 'maxLength', params: expect.objectContaining({ count: 128 }) }),
      ]),
    );
  });

  it('GET /api/auth/session: 401 UNAUTHENTICATED without cookie, SESSION_EXPIRED with a dead one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const dead = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'klase_sid=abcdefabcdef' } });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe('SESSION_EXPIRED');
  });

  it('logout deletes the session on the server and clears the cookie', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const out = await agent.req('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'klase_sid');
    expect(cleared?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: agent.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
  });

  it('a new sign-in replaces the session of the cookie it came with', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.username);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first.cookie, 'x-csrf-token': first.csrf },
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(cookieFrom(again)).not.toBe(first.cookie);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('the session answer carries the user language for error messages', async () => {
    const user = await buildUser(t.db, { language: 'ph' });
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('GET', '/api/account/children');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Wala kang pahintulot na buksan ang pahinang ito.');
  });
});

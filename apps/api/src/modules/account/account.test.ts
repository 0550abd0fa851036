import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { auditLog } from '../../db/schema/platform.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { signIn } from '../../test/agent.ts';
import { buildSchool, buildUser, linkParent, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NEW_PASSWORD = 'Bagong#Pass24';
const profileBody = {
  salutation: 'Ms.',
  firstName: 'Maria Clara',
  middleName: 'de los',
  lastName: "Santos-O'Brien",
  suffix: null,
  language: 'ph',
  theme: 'dark',
};

describe('account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads and updates the profile (same email stays verified, no mail)', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('PATCH', '/api/account/profile', { ...profileBody, email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profileBody, middleName: 'de los', email: user.email, pendingEmail: null, emailVerified: true });
    const get = await agent.req('GET', '/api/account/profile');
    expect(get.json()).toEqual(res.json());
  });

  it('rejects markup, disallowed name characters and over-long fields', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('PATCH', '/api/account/profile', {
      ...profileBody,
      firstName: '<script>alert(1)</script>',
      lastName: 'x'.repeat(81),
      middleName: 'Ann3',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; key: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'firstName', key: 'noHtml' }),
        expect.objectContaining({ path: 'lastName', key: 'maxLength' }),
        expect.objectContaining({ path: 'middleName', key: 'nameChars' }),
        expect.objectContaining({ path: 'email', key: 'email' }),
      ]),
    );
    const unchanged = await agent.req('GET', '/api/account/profile');
    expect(unchanged.json().firstName).toBe(user.firstName);
  });

  it('rejects an unknown language or theme', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('PATCH', '/api/account/preferences', { language: 'fr', theme: 'neon' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'language', key: 'invalidChoice' }),
        expect.objectContaining({ path: 'theme', key: 'invalidChoice' }),
      ]),
    );
  });

  it('preferences change language and theme; errors follow the new language', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('PATCH', '/api/account/preferences', { language: 'zh', theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'zh', theme: 'dark' });
    const err = await agent.req('GET', '/api/account/children');
    expect(err.json().message).toBe('您无权访问此页面。');
  });

  it('change password: wrong current, same as current, weak, mismatch, then success ends other sessions', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const other = await signIn(t.app, user.username);
    const wrong = await agent.req('POST', '/api/account/change-password', {
      currentPassword: 'Not#ThePass1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_CURRENT_PASSWORD');
    const same = await agent.req('POST', '/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([expect.objectContaining({ path: 'password', key: 'currentPasswordMatchError' })]);
    const weak = await agent.req('POST', '/api/account/change-password', { currentPassword: TEST_PASSWORD, password: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.map((f: { key: string }) => f.key)).toEqual(expect.arrayContaining(['passwordRules', 'passwordRepeat']));
    const mismatch = await agent.req('POST', '/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.json().fields).toEqual([expect.objectContaining({ path: 'confirmPassword', key: 'passwordDoesNotMatch' })]);

    const ok = await agent.req('POST', '/api/account/change-password', {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Your password has been changed.' });
    expect((await agent.req('GET', '/api/account/profile')).statusCode).toBe(200);
    expect((await other.req('GET', '/api/account/profile')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    await signIn(t.app, user.username, NEW_PASSWORD);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'password.changed')));
    expect(audits).toHaveLength(1);
  });

  it('welcome dialog shows until dismissed', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    expect(agent.session.showWelcomeDialog).toBe(true);
    expect((await agent.req('POST', '/api/account/welcome/dismiss')).statusCode).toBe(204);
    expect((await agent.req('GET', '/api/auth/session')).json().showWelcomeDialog).toBe(false);
  });

  it('verify-email resend without anything to verify is a bad request', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const res = await agent.req('POST', '/api/account/verify-email/resend');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('a parent sees the own children only; any other id answers 404', async () => {
    const school = await buildSchool(t.db);
    const parent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent });
    const otherParent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent });
    const child = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student, firstName: 'Lito' });
    const otherChild = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student });
    await linkParent(t.db, parent, child);
    await linkParent(t.db, otherParent, otherChild);
    const agent = await signIn(t.app, parent.username);

    const list = await agent.req('GET', '/api/account/children');
    expect(list.json()).toEqual([{ id: child.id, name: `Lito ${child.lastName}`, username: child.username }]);
    const mine = await agent.req('GET', `/api/account/children/${child.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: child.id, firstName: 'Lito', schoolName: school.name, active: true, hasPhoto: false });
    expect(mine.json()).not.toHaveProperty('passwordHash');

    for (const id of [otherChild.id, otherParent.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await agent.req('GET', `/api/account/children/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
  it('saves the guided tour state and sends it back in the session info (issue 21)', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    expect(agent.session.tour).toEqual({ status: 'new', step: 0 });
    const saved = await agent.req('PUT', '/api/account/tour', { status: 'active', step: 3 });
    expect(saved.statusCode).toBe(204);
    expect((await agent.req('GET', '/api/auth/session')).json().tour).toEqual({ status: 'active', step: 3 });
    const bad = await agent.req('PUT', '/api/account/tour', { status: 'gone', step: 51 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().fields as { path: string }[]).map((f) => f.path).sort()).toEqual(['status', 'step']);
    await agent.req('PUT', '/api/account/tour', { status: 'finished', step: 0 });
    expect((await agent.req('GET', '/api/auth/session')).json().tour).toEqual({ status: 'finished', step: 0 });
  });
});

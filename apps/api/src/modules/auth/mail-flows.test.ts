import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { auditLog } from '../../db/schema/platform.ts';
import { sessions, userTokens } from '../../db/schema/sessions.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, visitor } from '../../test/agent.ts';
import { buildSchool, buildUser, linkParent, TEST_PASSWORD } from '../../test/factories.ts';
import { linkToken, startSmtp } from '../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendActivation } from './auth.service.ts';

const NEW_PASSWORD = 'Mabuhay#2027';

describe('mail flows over real SMTP: activation, reset, email verification', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = async (address: string) => {
    await t.app.afterAnswer.settle();
    await t.app.mailer.flush();
    const mail = smtp.lastTo(address);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  };

  it('activation: invite mail, check-token info, set password with unlinking, then sign in', async () => {
    const school = await buildSchool(t.db);
    const parent = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.parent, activated: false, active: false, password: null });
    const kid1 = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student, firstName: 'Ana' });
    const kid2 = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student, firstName: 'Ben' });
    await linkParent(t.db, parent, kid1);
    await linkParent(t.db, parent, kid2);
    await sendActivation(ctxOf(t.app), parent.id);
    const mail = await mailTo(parent.email ?? '');
    expect(mail.decoded).toContain('Activate your Klase account');
    const token = linkToken(mail, 'activation');

    const check = await visitor(t.app, 'POST', '/api/auth/check-token', { token, purpose: 'activation' });
    expect(check.statusCode).toBe(200);
    expect(check.json().info).toMatchObject({ username: parent.username, roleId: ROLE.parent, schoolName: school.name });
    expect(check.json().info.linkedStudents).toHaveLength(2);

    const weak = await visitor(t.app, 'POST', '/api/auth/activate', { token, password: 'weakweak', confirmPassword: 'weakweak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual([expect.objectContaining({ path: 'password', key: 'passwordRules' })]);
    const mismatch = await visitor(t.app, 'POST', '/api/auth/activate', { token, password: NEW_PASSWORD, confirmPassword: 'Other#Pass99' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual([expect.objectContaining({ path: 'confirmPassword', key: 'passwordDoesNotMatch' })]);

    const ok = await visitor(t.app, 'POST', '/api/auth/activate', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      unlinkStudentIds: [kid2.id],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ok).toBe(true);
    const links = await t.db.select().from(parentStudents).where(eq(parentStudents.parentId, parent.id));
    expect(links.map((l) => l.studentId)).toEqual([kid1.id]);
    const agent = await signIn(t.app, parent.username, NEW_PASSWORD);
    expect(agent.session.profile.emailVerified).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, parent.id));
    expect(audits.map((a) => a.action)).toContain('account.activated');

    // Single use.
    const reuse = await visitor(t.app, 'POST', '/api/auth/check-token', { token, purpose: 'activation' });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().code).toBe('INVALID_ACTIVATION_LINK');
  });

  it('activation mails are written in the recipient language', async () => {
    const user = await buildUser(t.db, { activated: false, active: false, password: null, language: 'zh' });
    await sendActivation(ctxOf(t.app), user.id);
    const mail = await mailTo(user.email ?? '');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(() => linkToken(mail, 'activation')).not.toThrow();
  });

  it('a newer activation link makes the older one stop working', async () => {
    const user = await buildUser(t.db, { activated: false, active: false, password: null });
    await sendActivation(ctxOf(t.app), user.id);
    const first = linkToken(await mailTo(user.email ?? ''), 'activation');
    await sendActivation(ctxOf(t.app), user.id);
    const second = linkToken(await mailTo(user.email ?? ''), 'activation');
    expect(second).not.toBe(first);
    expect((await visitor(t.app, 'POST', '/api/auth/check-token', { token: first, purpose: 'activation' })).statusCode).toBe(410);
    expect((await visitor(t.app, 'POST', '/api/auth/check-token', { token: second, purpose: 'activation' })).statusCode).toBe(200);
  });

  it('forgot password: same answer for known and unknown addresses; link resets and ends sessions', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const unknown = await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: 'nobody@nowhere.ph' });
    const known = await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: (user.email ?? '').toUpperCase() });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(smtp.lastTo('nobody@nowhere.ph')).toBeUndefined();
    const token = linkToken(await mailTo(user.email ?? ''), 'reset-password');

    expect((await visitor(t.app, 'POST', '/api/auth/check-token', { token, purpose: 'reset' })).json()).toEqual({ valid: true, info: null });
    // The token of one purpose is no good for another.
    const wrongPurpose = await visitor(t.app, 'POST', '/api/auth/check-token', { token, purpose: 'activation' });
    expect(wrongPurpose.json().code).toBe('INVALID_ACTIVATION_LINK');

    const same = await visitor(t.app, 'POST', '/api/auth/reset-password', { token, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('SAME_PASSWORD');

    const ok = await visitor(t.app, 'POST', '/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await agent.req('GET', '/api/account/profile')).statusCode).toBe(401);
    await signIn(t.app, user.username, NEW_PASSWORD);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'password.reset')));
    expect(audits).toHaveLength(1);

    const used = await visitor(t.app, 'POST', '/api/auth/reset-password', { token, password: 'Another#Pw12', confirmPassword: 'Another#Pw12' });
    expect(used.statusCode).toBe(410);
    expect(used.json().code).toBe('INVALID_RESET_LINK');
  });

  it('expired and forged reset links answer 410', async () => {
    const user = await buildUser(t.db);
    await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: user.email });
    const token = linkToken(await mailTo(user.email ?? ''), 'reset-password');
    await t.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.userId, user.id));
    const expired = await visitor(t.app, 'POST', '/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'INVALID_RESET_LINK', message: 'Your forgot password link seems expired or invalid.' });
    const forged = await visitor(t.app, 'POST', '/api/auth/reset-password', {
      token: `${token.slice(0, -4)}AAAA`,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(410);
  });

  it('forgot password sends nothing to an inactive account', async () => {
    const user = await buildUser(t.db, { active: false });
    const res = await visitor(t.app, 'POST', '/api/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    await t.app.afterAnswer.settle();
    await t.app.mailer.flush();
    expect(smtp.lastTo(user.email ?? '')).toBeUndefined();
  });

  it('email change: pending until the link in the mail to the new address is followed', async () => {
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const profile = await agent.req('GET', '/api/account/profile');
    const body = {
      salutation: null,
      firstName: 'Jose',
      middleName: '',
      lastName: 'Rizal',
      suffix: null,
      email: 'New.Address@Example.ph',
      language: 'en-us',
      theme: 'dark',
    };
    const res = await agent.req('PATCH', '/api/account/profile', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: profile.json().email, pendingEmail: 'new.address@example.ph', theme: 'dark', firstName: 'Jose' });
    const first = linkToken(await mailTo('new.address@example.ph'), 'verify-account');

    const resend = await agent.req('POST', '/api/account/verify-email/resend');
    expect(resend.statusCode).toBe(200);
    const second = linkToken(await mailTo('new.address@example.ph'), 'verify-account');
    expect((await visitor(t.app, 'POST', '/api/auth/verify-email', { token: first })).json().code).toBe('INVALID_VERIFY_LINK');

    const ok = await visitor(t.app, 'POST', '/api/auth/verify-email', { token: second });
    expect(ok.statusCode).toBe(200);
    const after = await agent.req('GET', '/api/account/profile');
    expect(after.json()).toMatchObject({ email: 'new.address@example.ph', pendingEmail: null, emailVerified: true });
    expect((await visitor(t.app, 'POST', '/api/auth/verify-email', { token: second })).statusCode).toBe(410);
  });

  it('email change to an address another account uses answers EMAIL_EXISTS, also at verification time', async () => {
    const other = await buildUser(t.db);
    const user = await buildUser(t.db);
    const agent = await signIn(t.app, user.username);
    const body = { salutation: null, firstName: 'Ana', middleName: '', lastName: 'Cruz', suffix: null, language: 'en-us', theme: 'light' };
    const taken = await agent.req('PATCH', '/api/account/profile', { ...body, email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_EXISTS');

    await agent.req('PATCH', '/api/account/profile', { ...body, email: 'race@example.ph' });
    const token = linkToken(await mailTo('race@example.ph'), 'verify-account');
    await t.db.update(users).set({ email: 'race@example.ph' }).where(eq(users.id, other.id));
    const race = await visitor(t.app, 'POST', '/api/auth/verify-email', { token });
    expect(race.statusCode).toBe(409);
    expect(race.json().code).toBe('EMAIL_EXISTS');
  });

  it('check-token rejects malformed input with VALIDATION', async () => {
    const res = await visitor(t.app, 'POST', '/api/auth/check-token', { token: 'short', purpose: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

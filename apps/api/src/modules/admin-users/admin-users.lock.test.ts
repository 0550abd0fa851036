import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { auditLog } from '../../db/schema/platform.ts';
import { signIn } from '../../test/agent.ts';
import { buildAdminWorld, type AdminWorld } from '../../test/admin-world.ts';
import { TEST_PASSWORD, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('administrators see and clear a sign-in lock', () => {
  let t: TestApp;
  let w: AdminWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'x-requested-with': 'klase' },
      payload: { username, password },
    });
  const lockOut = async (username: string) => {
    for (let i = 0; i < 6; i += 1) await login(username, 'Wrong#pass1', '10.30.0.1');
  };

  it('a school administrator sees the lock of a user of the school, clears it (audited), and the user signs in again', async () => {
    const student = await buildUser(t.db, { roleId: ROLE.student, schoolId: w.schoolA.id });
    const sa = await signIn(t.app, w.schoolAdminA.username);
    expect((await sa.req('GET', `/api/admin/users/${student.id}/sign-in-lock`)).json()).toEqual({ lockedUntil: null, failures: 0 });

    await lockOut(student.username);
    expect((await login(student.username, TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(423);
    const seen = await sa.req('GET', `/api/admin/users/${student.id}/sign-in-lock`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().failures).toBe(5);
    expect(Date.parse(seen.json().lockedUntil)).toBeGreaterThan(Date.now());

    const cleared = await sa.req('DELETE', `/api/admin/users/${student.id}/sign-in-lock`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().message).toBe('The sign-in lock has been cleared. The user can sign in again.');
    expect((await sa.req('GET', `/api/admin/users/${student.id}/sign-in-lock`)).json()).toEqual({ lockedUntil: null, failures: 0 });
    expect((await login(student.username, TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, student.id), eq(auditLog.action, 'user.sign-in-lock-cleared')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: w.schoolAdminA.id, schoolId: w.schoolA.id, data: { failures: 5 } });
  });

  it('another school\'s administrator gets 404; the platform administrator reaches every school; a teacher is refused', async () => {
    const student = await buildUser(t.db, { roleId: ROLE.student, schoolId: w.schoolA.id });
    await lockOut(student.username);
    const other = await signIn(t.app, w.schoolAdminB.username);
    expect((await other.req('GET', `/api/admin/users/${student.id}/sign-in-lock`)).statusCode).toBe(404);
    expect((await other.req('DELETE', `/api/admin/users/${student.id}/sign-in-lock`)).statusCode).toBe(404);
    const teacher = await signIn(t.app, w.teacherA.username);
    expect((await teacher.req('DELETE', `/api/admin/users/${student.id}/sign-in-lock`)).statusCode).toBe(403);
    expect((await login(student.username, TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(423);

    const admin = await signIn(t.app, w.admin.username);
    expect((await admin.req('GET', `/api/admin/users/${student.id}/sign-in-lock`)).json().lockedUntil).not.toBeNull();
    expect((await admin.req('DELETE', `/api/admin/users/${student.id}/sign-in-lock`)).statusCode).toBe(200);
    expect((await login(student.username, TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
  });
});

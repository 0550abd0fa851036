import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { auditLog, outbox } from '../../../db/schema/platform.ts';
import { loginFrom, signIn, visitor } from '../../../test/agent.ts';
import { buildAdminWorld, type AdminWorld } from '../../../test/admin-world.ts';
import { TEST_PASSWORD, buildUser, uniq } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const teacherForm = (extra: Record<string, unknown> = {}) => {
  const username = uniq('guro');
  return {
    roleId: ROLE.teacher,
    username,
    email: `${username}@paaralan.ph`,
    salutation: 'Ms.',
    firstName: 'Corazon',
    middleName: 'Cojuangco',
    lastName: 'Aquino',
    suffix: null,
    employeeNumber: 'T-1001',
    loads: [
      { gradeLevel: 'Grade 7', subject: 'Filipino', section: 'Sampaguita' },
      { gradeLevel: 'Grade 8', subject: 'Araling Panlipunan', section: 'Narra' },
    ],
    ...extra,
  };
};

describe('users administration', () => {
  let t: TestApp;
  let w: AdminWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  it('creates a teacher with loads, inactive, and mails the activation link that then works', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const form = teacherForm();
    const res = await sa.req('POST', '/api/admin/users', form);
    expect(res.statusCode, res.body).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      username: form.username,
      roleId: ROLE.teacher,
      schoolId: w.schoolA.id,
      status: 'INACTIVE',
      activated: false,
      employeeNumber: 'T-1001',
      name: 'Corazon Cojuangco Aquino',
      loads: form.loads,
      createdBy: w.schoolAdminA.id,
    });

    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, form.email));
    const token = /token=([^&\s]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();
    const act = await visitor(t.app, 'POST', '/api/auth/activate', {
      token: decodeURIComponent(token ?? ''),
      password: 'Bagong#Guro26',
      confirmPassword: 'Bagong#Guro26',
    });
    expect(act.statusCode, act.body).toBe(200);
    await signIn(t.app, form.username, 'Bagong#Guro26');

    const again = await sa.req('POST', `/api/admin/users/${u.id}/resend-activation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ACTIVATED');

    const audit = await sa.req('GET', `/api/admin/audit?filter[key]=action&filter[values][]=user.created&search=${form.username}`);
    expect(audit.json().data[0]).toMatchObject({ actorId: w.schoolAdminA.id, before: null, after: { username: form.username, active: false } });
  });

  it('answers the spec messages for duplicates and bad fields', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const taken = await sa.req('POST', '/api/admin/users', teacherForm({ username: w.teacherA.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'USERNAME_EXISTS', message: 'Username already exists.' });
    const sameEmail = await sa.req('POST', '/api/admin/users', teacherForm({ email: w.teacherB.email }));
    expect(sameEmail.json()).toEqual({ code: 'USER_EXISTS', message: 'Creation Unsuccessful. User already exists.' });

    const bad = await sa.req(
      'POST',
      '/api/admin/users',
      teacherForm({ username: 'guro@paaralan.ph', email: 'guro@', firstName: '<script>alert(1)</script>', employeeNumber: '' }),
    );
    expect(bad.statusCode).toBe(400);
    const keys: Record<string, string> = {};
    for (const f of bad.json().fields as { path: string; key: string }[]) keys[f.path] ??= f.key;
    expect(keys).toMatchObject({ username: 'usernameIsEmail', email: 'email', firstName: 'noHtml', employeeNumber: 'required' });

    const student = await sa.req('POST', '/api/admin/users', { roleId: ROLE.student, username: uniq('mag'), firstName: 'Nena', lastName: 'Cruz' });
    expect(
      student
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['gradeLevel', 'section']);
    const admin = await signIn(t.app, w.admin.username);
    const noSchool = await admin.req('POST', '/api/admin/users', teacherForm());
    expect(noSchool.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'schoolId', key: 'required' }] });
  });

  it('creates a student linked to a parent; links and unlinks within one school only', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const parent = (
      await sa.req('POST', '/api/admin/users', {
        roleId: ROLE.parent,
        username: uniq('nanay'),
        email: `${uniq('n')}@bahay.ph`,
        firstName: 'Rosario',
        lastName: 'Cruz',
      })
    ).json();
    const res = await sa.req('POST', '/api/admin/users', {
      roleId: ROLE.student,
      username: uniq('anak'),
      firstName: 'Nena',
      lastName: 'Cruz',
      gradeLevel: 'Grade 7',
      section: 'Sampaguita',
      parentIds: [parent.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const student = res.json();
    expect(student.parents).toEqual([{ id: parent.id, name: 'Rosario Cruz', username: parent.username, active: false }]);
    expect((await sa.req('GET', `/api/admin/users/${parent.id}`)).json().students.map((s: { id: string }) => s.id)).toEqual([student.id]);

    const unlinked = await sa.req('DELETE', `/api/admin/users/${parent.id}/links/${student.id}`);
    expect(unlinked.json().students).toEqual([]);
    const relinked = await sa.req('POST', `/api/admin/users/${student.id}/links`, { otherId: parent.id });
    expect(relinked.json().parents.map((p: { id: string }) => p.id)).toEqual([parent.id]);

    const twoTeachers = await sa.req('POST', `/api/admin/users/${student.id}/links`, { otherId: w.teacherA.id });
    expect(twoTeachers.json().code).toBe('LINK_INVALID');
    const otherSchoolParent = await buildUser(t.db, { roleId: ROLE.parent, schoolId: w.schoolB.id });
    const admin = await signIn(t.app, w.admin.username);
    const cross = await admin.req('POST', `/api/admin/users/${student.id}/links`, { otherId: otherSchoolParent.id });
    expect(cross.json().code).toBe('LINK_INVALID');
    expect((await sa.req('POST', `/api/admin/users/${student.id}/links`, { otherId: otherSchoolParent.id })).statusCode).toBe(404);

    const audit = await sa.req('GET', '/api/admin/audit?action=user.linked,user.unlinked&rowsperpage=50&page=1');
    const actions = audit
      .json()
      .data.filter((r: { targetId: string }) => [student.id, parent.id].includes(r.targetId))
      .map((r: { action: string }) => r.action);
    expect(actions).toEqual(['user.linked', 'user.unlinked']);
  });

  it('edits a user, keeps the role, and records before and after', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const created = (await sa.req('POST', '/api/admin/users', teacherForm())).json();
    const form = teacherForm({
      username: created.username,
      email: created.email,
      lastName: 'Macapagal',
      loads: [{ gradeLevel: 'Grade 9', subject: 'Math', section: 'Rizal' }],
    });
    const res = await sa.req('PUT', `/api/admin/users/${created.id}`, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Macapagal', loads: [{ gradeLevel: 'Grade 9', subject: 'Math', section: 'Rizal' }] });
    const roleChange = await sa.req('PUT', `/api/admin/users/${created.id}`, { ...form, roleId: ROLE.schoolAdmin });
    expect(roleChange.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'roleId' }] });
    const emailClash = await sa.req('PUT', `/api/admin/users/${created.id}`, { ...form, email: w.teacherA.email });
    expect(emailClash.json().code).toBe('EMAIL_EXISTS');
    const audit = await sa.req('GET', `/api/admin/audit?filter[key]=action&filter[values][]=user.updated&search=${created.username}`);
    expect(audit.json().data[0]).toMatchObject({ before: { lastName: 'Aquino', loads: created.loads }, after: { lastName: 'Macapagal', loads: form.loads } });
  });

  it('deactivating ends the user session at once; activating lets them back in', async () => {
    const victim = await buildUser(t.db, { roleId: ROLE.teacher, schoolId: w.schoolA.id });
    const session = await signIn(t.app, victim.username);
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const off = await sa.req('PATCH', `/api/admin/users/${victim.id}/status`, { status: 'INACTIVE' });
    expect(off.json()).toEqual({ message: 'The user has been deactivated and signed out.' });
    const next = await session.req('GET', '/api/account/profile');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('SESSION_EXPIRED');
    expect((await visitor(t.app, 'POST', '/api/auth/login', { username: victim.username, password: TEST_PASSWORD })).json().code).toBe('ACCOUNT_INACTIVE');
    const on = await sa.req('PATCH', `/api/admin/users/${victim.id}/status`, { status: 'active' });
    expect(on.json().message).toBe('The user has been activated.');
    await signIn(t.app, victim.username);
    expect((await sa.req('PATCH', `/api/admin/users/${w.schoolAdminA.id}/status`, { status: 'INACTIVE' })).statusCode).toBe(403);
  });

  it('keeps school admins inside their school and the lsg read-only', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    expect((await sa.req('GET', `/api/admin/users/${w.teacherB.id}`)).statusCode).toBe(404);
    expect((await sa.req('PUT', `/api/admin/users/${w.teacherB.id}`, teacherForm())).statusCode).toBe(404);
    expect((await sa.req('PATCH', `/api/admin/users/${w.teacherB.id}/status`, { status: 'INACTIVE' })).statusCode).toBe(404);
    expect((await sa.req('POST', `/api/admin/users/${w.teacherB.id}/resend-activation`)).statusCode).toBe(404);
    const ignoredSchool = await sa.req('POST', '/api/admin/users', teacherForm({ schoolId: w.schoolB.id }));
    expect(ignoredSchool.json().schoolId).toBe(w.schoolA.id);
    const list = await sa.req('GET', '/api/admin/users?rowsperpage=50&page=1');
    for (const r of list.json().data) expect(r.schoolId).toBe(w.schoolA.id);

    const lsg = await signIn(t.app, w.lsgA.username);
    expect((await lsg.req('GET', `/api/admin/users/${w.teacherA.id}`)).statusCode).toBe(200);
    expect((await lsg.req('GET', `/api/admin/users/${w.teacherB.id}`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['POST', '/api/admin/users', teacherForm()],
      ['PATCH', `/api/admin/users/${w.teacherA.id}/status`, { status: 'INACTIVE' }],
      ['POST', '/api/admin/bulk-jobs', undefined],
    ] as const) {
      const res = await lsg.req(method, url, body);
      expect(res.statusCode, url).toBe(403);
    }
    const teacher = await signIn(t.app, w.teacherA.username);
    expect((await teacher.req('GET', '/api/admin/users')).statusCode).toBe(403);
  });

  it('filters by role and status, searches, and exports the filtered rows', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const tag = uniq('zz');
    for (const [roleId, active] of [
      [ROLE.student, true],
      [ROLE.student, false],
      [ROLE.parent, true],
    ] as const) {
      await buildUser(t.db, { roleId, schoolId: w.schoolB.id, active, lastName: `Tag${tag}`, firstName: roleId === ROLE.parent ? '=1+2' : 'Luz' });
    }
    const students = await admin.req('GET', `/api/admin/users?search=${tag}&filter[key]=role&filter[values][]=${ROLE.student}&status=ACTIVE`);
    expect(students.json().pagination.totalcount).toBe(1);
    expect(students.json().data[0]).toMatchObject({ roleId: ROLE.student, status: 'ACTIVE', schoolName: w.schoolB.name });
    const all = await admin.req('GET', `/api/admin/users?search=${tag}&sortBy=roleId&sortOrder=desc`);
    expect(all.json().data.map((r: { roleId: number }) => r.roleId)).toEqual([ROLE.parent, ROLE.student, ROLE.student]);

    const csv = await admin.req('GET', `/api/admin/users/export?format=csv&search=${tag}&role=${ROLE.parent}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=1+2`);

    const xlsx = await admin.req('GET', `/api/admin/users/export?format=xlsx&search=${tag}&filter[key]=role&filter[values][]=${ROLE.student}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0];
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(1).getCell(1).value).toBe('username');
    expect(ws?.getRow(2).getCell(3).value).toBe('student');

    const sa = await signIn(t.app, w.schoolAdminA.username);
    const theirs = await sa.req('GET', `/api/admin/users/export?format=csv&search=${tag}`);
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  describe('sign-in lock: administrators see and clear it', () => {
    const login = (username: string, password: string, ip: string) => loginFrom(t.app, username, password, ip);
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

    it("another school's administrator gets 404; the platform administrator reaches every school; a teacher is refused", async () => {
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
});

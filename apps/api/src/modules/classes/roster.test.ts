import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES_LIMIT } from '@klase/core/classes/contracts';
import { isPasswordAcceptable } from '@klase/core/auth/password';
import { ROLE } from '@klase/core/roles';
import { classGroupMembers } from '../../db/schema/classes.ts';
import { auditLog, outbox } from '../../db/schema/platform.ts';
import { signIn, visitor } from '../../test/agent.ts';
import { buildClass, buildGroup, enrol, type ClassWorld } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildUser, linkParent, TEST_PASSWORD } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { generatePassword } from './roster.service.ts';

const names = (page: { data: { name: string }[] }) => page.data.map((r) => r.name);

describe('class list: students, adding and removing, student page, passwords', () => {
  const world = useClassWorld();
  let t: TestApp;
  let w: ClassWorld;
  beforeAll(() => {
    ({ t, w } = world);
  });

  const url = (classId: string, rest = '') => `/api/classes/${classId}/students${rest}`;

  it('teachers and assistants see every column, sorted by last name, with group names', async () => {
    const group = await buildGroup(t.db, w.cls.id, [w.s1, w.s3], { name: 'Reading Circle' });
    await buildGroup(t.db, w.cls.id, [w.s1], { name: 'Choir' });
    for (const u of [w.teacher, w.assistant]) {
      const agent = await signIn(t.app, u.username);
      const page = (await agent.req('GET', url(w.cls.id))).json();
      expect(page.pagination.totalcount).toBe(3);
      expect(page.data.map((r: { sortName: string }) => r.sortName)).toEqual(['Bonifacio, Ana', 'Dela Cruz, Jose', 'Villanueva, Miguel']);
      expect(page.data[1]).toEqual({
        id: w.s1.id,
        name: 'Jose Dela Cruz',
        sortName: 'Dela Cruz, Jose',
        photoUrl: null,
        username: w.s1.username,
        email: w.s1.email,
        gradeLevel: null,
        section: null,
        active: true,
        status: 'ACTIVE',
        groupNames: ['Choir', 'Reading Circle'],
        joinedAt: expect.any(String),
        joinedVia: 'teacher',
        lastAccessAt: null,
      });
    }
    const teacher = await signIn(t.app, w.teacher.username);
    expect(names((await teacher.req('GET', url(w.cls.id, '?sortBy=sortName&sortOrder=desc'))).json())).toEqual([
      'Miguel Villanueva',
      'Jose Dela Cruz',
      'Ana Bonifacio',
    ]);
    expect(names((await teacher.req('GET', url(w.cls.id, `?search=${w.s3.username}`))).json())).toEqual(['Miguel Villanueva']);
    expect(names((await teacher.req('GET', url(w.cls.id, '?search=dela cruz, j'))).json())).toEqual(['Jose Dela Cruz']);
    expect(names((await teacher.req('GET', url(w.cls.id, `?filter[key]=groupId&filter[values][]=${group.id}`))).json())).toEqual([
      'Jose Dela Cruz',
      'Miguel Villanueva',
    ]);
    expect(names((await teacher.req('GET', url(w.cls.id, '?filter[key]=groupId&filter[values][]=nonsense'))).json())).toEqual([]);
    const paged = (await teacher.req('GET', url(w.cls.id, '?rowsperpage=10&page=1&sortBy=username'))).json();
    expect(paged.data).toHaveLength(3);
  });

  it('parents see classmates’ names and photos only; students too, except their own row', async () => {
    const parent = await signIn(t.app, w.parent.username);
    const seen = (await parent.req('GET', url(w.cls.id))).json();
    expect(seen.data).toHaveLength(3);
    for (const row of seen.data) {
      expect(row).toMatchObject({
        username: null,
        email: null,
        groupNames: null,
        joinedAt: null,
        joinedVia: null,
        lastAccessAt: null,
        status: null,
        active: null,
      });
      expect(row.name).toBeTruthy();
    }
    // No searching by username or filtering by group around the privacy rule.
    expect((await parent.req('GET', url(w.cls.id, `?search=${w.s2.username}`))).json().data).toEqual([]);

    const student = await signIn(t.app, w.s2.username);
    const rows = (await student.req('GET', url(w.cls.id))).json().data;
    const own = rows.find((r: { id: string }) => r.id === w.s2.id);
    expect(own).toMatchObject({ username: w.s2.username, email: w.s2.email, joinedVia: 'teacher' });
    for (const r of rows.filter((x: { id: string }) => x.id !== w.s2.id)) expect(r).toMatchObject({ username: null, email: null });

    const lonelyParent = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.parent });
    await linkParent(t.db, lonelyParent, w.s4);
    const lonely = await signIn(t.app, lonelyParent.username);
    expect((await lonely.req('GET', url(w.cls.id))).statusCode).toBe(404);
    const admin = await signIn(t.app, w.admin.username);
    expect((await admin.req('GET', url(w.cls.id))).statusCode).toBe(403);
  });

  it('a teacher of another class or of another school can neither read nor change the roster (404)', async () => {
    for (const u of [w.otherTeacher, w.teacherB]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', url(w.cls.id))).statusCode).toBe(404);
      expect((await agent.req('GET', url(w.cls.id, '/candidates'))).statusCode).toBe(404);
      expect((await agent.req('POST', url(w.cls.id), { studentIds: [w.s4.id] })).statusCode).toBe(404);
      expect((await agent.req('DELETE', url(w.cls.id, `/${w.s2.id}`))).statusCode).toBe(404);
      expect((await agent.req('GET', url(w.cls.id, `/${w.s2.id}`))).statusCode).toBe(404);
      expect((await agent.req('POST', url(w.cls.id, `/${w.s2.id}/password`), { mode: 'generate' })).statusCode).toBe(404);
    }
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', url(w.cls.id))).json().pagination.totalcount).toBe(3);
  });

  it('students, parents and assistants cannot add or remove students (403)', async () => {
    for (const u of [w.s1, w.parent, w.assistant]) {
      const agent = await signIn(t.app, u.username);
      const add = await agent.req('POST', url(w.cls.id), { studentIds: [w.s4.id] });
      expect(add.statusCode).toBe(403);
      expect(add.json().code).toBe('FORBIDDEN');
      expect((await agent.req('DELETE', url(w.cls.id, `/${w.s2.id}`))).statusCode).toBe(403);
      expect((await agent.req('GET', url(w.cls.id, '/candidates'))).statusCode).toBe(403);
    }
  });

  it('candidates are the school’s students not yet enrolled, searched by name or username', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const all = (await teacher.req('GET', url(w.cls.id, '/candidates'))).json();
    const ids = all.map((c: { id: string }) => c.id);
    expect(ids).toContain(w.s4.id);
    for (const not of [w.s1.id, w.s2.id, w.s3.id, w.studentB.id, w.parent.id, w.teacher.id]) expect(ids).not.toContain(not);
    expect(all.length).toBeLessThanOrEqual(CANDIDATES_LIMIT);
    expect((await teacher.req('GET', url(w.cls.id, '/candidates?search=isabel'))).json()).toEqual([
      { id: w.s4.id, name: 'Isabel Garcia', username: w.s4.username, gradeLevel: null, section: null },
    ]);
    expect((await teacher.req('GET', url(w.cls.id, `/candidates?search=${w.s4.username}`))).json()).toHaveLength(1);
    expect((await teacher.req('GET', url(w.cls.id, '/candidates?search=nobody-like-this'))).json()).toEqual([]);
  });

  it('adds students of the school (skipping enrolled ones); a foreign or non-student id adds nothing (404)', async () => {
    const cls = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher] });
    const teacher = await signIn(t.app, w.teacher.username);
    for (const bad of [w.studentB.id, w.teacher.id, w.parent.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await teacher.req('POST', url(cls.id), { studentIds: [w.s1.id, bad] });
      expect(res.statusCode).toBe(404);
    }
    expect((await teacher.req('GET', url(cls.id))).json().pagination.totalcount).toBe(0);

    const two = await teacher.req('POST', url(cls.id), { studentIds: [w.s1.id, w.s2.id, w.s1.id] });
    expect(two.json()).toEqual({ added: 2, message: '2 students have been added to the class.' });
    const one = await teacher.req('POST', url(cls.id), { studentIds: [w.s2.id, w.s3.id] });
    expect(one.json()).toEqual({ added: 1, message: '1 student has been added to the class.' });
    const none = await teacher.req('POST', url(cls.id), { studentIds: [w.s3.id] });
    expect(none.json()).toEqual({ added: 0, message: 'No students were added: they are already in the class.' });
    const rows = (await teacher.req('GET', url(cls.id))).json().data;
    expect(rows.map((r: { joinedVia: string }) => r.joinedVia)).toEqual(['teacher', 'teacher', 'teacher']);

    const empty = await teacher.req('POST', url(cls.id), { studentIds: [] });
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'studentIds', key: 'required' })]);
    const notIds = await teacher.req('POST', url(cls.id), { studentIds: ['student1'] });
    expect(notIds.json().fields).toEqual([{ path: 'studentIds.0', key: 'invalidChoice' }]);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cls.id), eq(auditLog.action, 'class.students-added')));
    expect(entries.map((e) => (e.data?.after as { studentIds: string[] }).studentIds.length).sort()).toEqual([1, 2]);
  });

  it('removing a student takes them out of the class and its groups; removing again is 404', async () => {
    const cls = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher] });
    await enrol(t.db, cls.id, [w.s1, w.s2]);
    const group = await buildGroup(t.db, cls.id, [w.s1, w.s2]);
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('DELETE', url(cls.id, `/${w.s1.id}`));
    expect(res.json()).toEqual({ message: 'Jose Dela Cruz has been removed from the class.' });
    expect(names((await teacher.req('GET', url(cls.id))).json())).toEqual(['Ana Bonifacio']);
    const members = await t.db.select().from(classGroupMembers).where(eq(classGroupMembers.groupId, group.id));
    expect(members.map((m) => m.studentId)).toEqual([w.s2.id]);
    expect((await teacher.req('DELETE', url(cls.id, `/${w.s1.id}`))).statusCode).toBe(404);
    expect((await teacher.req('DELETE', url(cls.id, `/${w.s4.id}`))).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cls.id), eq(auditLog.action, 'class.student-removed')));
    expect(entry?.data).toMatchObject({ before: { studentId: w.s1.id, joinedVia: 'teacher' }, after: null });

    await teacher.req('PATCH', `/api/classes/${cls.id}/archived`, { archived: true });
    expect((await teacher.req('DELETE', url(cls.id, `/${w.s2.id}`))).json().code).toBe('CLASS_ARCHIVED');
    expect((await teacher.req('GET', url(cls.id, '/candidates'))).json().code).toBe('CLASS_ARCHIVED');
  });

  it('the student page shows the about details to teachers and assistants only', async () => {
    for (const u of [w.teacher, w.assistant]) {
      const agent = await signIn(t.app, u.username);
      const res = await agent.req('GET', url(w.cls.id, `/${w.s1.id}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: w.s1.id,
        name: 'Jose Dela Cruz',
        firstName: 'Jose',
        lastName: 'Dela Cruz',
        username: w.s1.username,
        active: true,
        joinedVia: 'teacher',
        parents: [{ id: w.parent.id, name: 'Teresa Dela Cruz', email: w.parent.email, active: true }],
      });
      expect(res.json().groups.map((g: { name: string }) => g.name)).toContain('Reading Circle');
      expect((await agent.req('GET', url(w.cls.id, `/${w.s4.id}`))).statusCode).toBe(404);
    }
    for (const u of [w.s1, w.parent, w.admin]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', url(w.cls.id, `/${w.s1.id}`))).statusCode).toBe(403);
    }
  });

  it('a generated password is readable, passes the rules, ends the student’s sessions and lets them sign in', async () => {
    for (let i = 0; i < 50; i++) {
      const pw = generatePassword();
      expect(isPasswordAcceptable(pw), pw).toBe(true);
      expect(pw).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      expect(pw).not.toMatch(/[IOLlo01]/);
    }
    const student = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.student, firstName: 'Paolo', lastName: 'Ramos' });
    await enrol(t.db, w.cls.id, [student]);
    const session = await signIn(t.app, student.username);
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('POST', url(w.cls.id, `/${student.id}/password`), { mode: 'generate' });
    expect(res.statusCode, res.body).toBe(200);
    const { password, message } = res.json();
    expect(message).toBe('A new password has been set for Paolo Ramos and their sessions have ended. Copy it now: it is shown only once.');
    expect(isPasswordAcceptable(password)).toBe(true);

    expect((await session.req('GET', '/api/auth/session')).json().code).toBe('SESSION_EXPIRED');
    const old = await visitor(t.app, 'POST', '/api/auth/login', { username: student.username, password: TEST_PASSWORD });
    expect(old.json().code).toBe('INVALID_CREDENTIALS');
    const login = await visitor(t.app, 'POST', '/api/auth/login', { username: student.username, password });
    expect(login.statusCode, login.body).toBe(200);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, student.id), eq(auditLog.action, 'class.student-password-set')));
    expect(entry).toMatchObject({ actorId: w.teacher.id, schoolId: w.schoolA.id });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('the email mode mails the reset link and ends the sessions; without an email it answers NO_EMAIL', async () => {
    const student = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.student, firstName: 'Katrina', lastName: 'Torres' });
    await enrol(t.db, w.cls.id, [student]);
    const session = await signIn(t.app, student.username);
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('POST', url(w.cls.id, `/${student.id}/password`), { mode: 'email' });
    expect(res.json()).toEqual({ message: 'A password reset link has been sent to the email address of Katrina Torres.', password: null });
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, student.email ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('/#/account/reset-password?token=');
    expect((await session.req('GET', '/api/auth/session')).json().code).toBe('SESSION_EXPIRED');
    expect((await visitor(t.app, 'POST', '/api/auth/login', { username: student.username, password: TEST_PASSWORD })).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, student.id), eq(auditLog.action, 'class.student-reset-link-sent')));
    expect(entry?.data).toMatchObject({ after: { email: student.email }, classId: w.cls.id });

    const noMail = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.student, email: null });
    await enrol(t.db, w.cls.id, [noMail]);
    const refused = await teacher.req('POST', url(w.cls.id, `/${noMail.id}/password`), { mode: 'email' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NO_EMAIL', message: 'This user has no email address.' });
    expect((await teacher.req('POST', url(w.cls.id, `/${noMail.id}/password`), { mode: 'sms' })).json().fields).toEqual([
      { path: 'mode', key: 'invalidChoice' },
    ]);
    expect((await teacher.req('POST', url(w.cls.id, `/${w.s4.id}/password`), { mode: 'generate' })).statusCode).toBe(404);

    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('POST', url(w.cls.id, `/${noMail.id}/password`), { mode: 'generate' })).statusCode).toBe(403);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_RE } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { teacherLoads } from '../../db/schema/admin.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, enrol, type ClassWorld } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';

const form = (extra: Record<string, unknown> = {}) => ({
  name: uniq('Grade 9 - Narra '),
  gradeLevel: 'Grade 9',
  section: 'Narra',
  schoolYearFrom: 2026,
  schoolYearTo: 2027,
  description: 'Araling Panlipunan and Filipino',
  teacherIds: [],
  ...extra,
});

/** The first message key of each field. */
const fieldKeys = (body: { fields?: { path: string; key: string }[] }) => Object.fromEntries((body.fields ?? []).toReversed().map((f) => [f.path, f.key]));
const ids = (page: { data: { id: string }[] }) => page.data.map((r) => r.id);

describe('classes: list, create, settings, teachers', () => {
  const world = useClassWorld();
  let t: TestApp;
  let w: ClassWorld;
  beforeAll(() => {
    ({ t, w } = world);
  });

  const auditOf = (targetId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

  it('a teacher creates a class: they are its first teacher, the class has fresh join values, the change is audited', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const body = form({ teacherIds: [w.assistant.id, w.teacher.id] });
    const res = await teacher.req('POST', '/api/classes', body);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: body.name,
      gradeLevel: 'Grade 9',
      section: 'Narra',
      schoolYearFrom: 2026,
      schoolYearTo: 2027,
      description: 'Araling Panlipunan and Filipino',
      studentCount: 0,
      courseCount: 0,
      archived: false,
      status: 'ACTIVE',
      relation: 'teacher',
      schoolId: w.schoolA.id,
      schoolName: w.schoolA.name,
      createdBy: w.teacher.id,
      can: { manage: true, manageRoster: true, manageGroups: true, viewProgress: true, viewStudentDetails: true, resetStudentPasswords: true, grade: true },
    });
    expect(c.teachers.map((x: { id: string; roleId: number }) => [x.id, x.roleId])).toEqual([
      [w.teacher.id, ROLE.teacher],
      [w.assistant.id, ROLE.assistantTeacher],
    ]);
    expect(c.join.accessCode).toMatch(ACCESS_CODE_RE);
    expect(c.join.inviteToken.length).toBeGreaterThanOrEqual(20);
    expect(c.join).toMatchObject({ codeEnabled: true, linkEnabled: true });

    const [entry] = await auditOf(c.id, 'class.created');
    expect(entry?.data).toMatchObject({ before: null, after: { name: body.name, teacherIds: [w.teacher.id, w.assistant.id] } });

    const assistant = await signIn(t.app, w.assistant.username);
    const seen = (await assistant.req('GET', `/api/classes/${c.id}`)).json();
    expect(seen).toMatchObject({ relation: 'assistant', join: null, can: { manage: false, manageRoster: false, viewStudentDetails: true, grade: true } });
  });

  it('refuses a form without a name, with the years out of order or an unknown grade level (400 with field keys)', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const bad = await teacher.req('POST', '/api/classes', form({ name: '', schoolYearFrom: 2027, schoolYearTo: 2026, gradeLevel: 'Grade 13' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(fieldKeys(bad.json())).toMatchObject({ name: 'required', gradeLevel: 'required', schoolYearTo: 'schoolYearOrder' });
    const same = await teacher.req('POST', '/api/classes', form({ schoolYearFrom: 2026, schoolYearTo: 2026 }));
    expect(fieldKeys(same.json())).toEqual({ schoolYearTo: 'schoolYearOrder' });
    const missing = await teacher.req('POST', '/api/classes', { gradeLevel: 'Grade 7' });
    expect(fieldKeys(missing.json())).toMatchObject({ name: 'required', section: 'required', schoolYearFrom: 'required' });
  });

  it('teacherIds must be teachers or assistants of the same school', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    for (const other of [w.s1.id, w.teacherB.id, w.admin.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await teacher.req('POST', '/api/classes', form({ teacherIds: [other] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'teacherIds', key: 'invalidChoice' }]);
    }
    const notUuid = await teacher.req('POST', '/api/classes', form({ teacherIds: ['teacher1'] }));
    expect(fieldKeys(notUuid.json())).toEqual({ 'teacherIds.0': 'invalidChoice' });
  });

  it('a school administrator must name at least one teacher (an assistant alone is not enough)', async () => {
    const admin = await signIn(t.app, w.admin.username);
    const none = await admin.req('POST', '/api/classes', form());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'CLASS_TEACHER_REQUIRED', message: 'A class needs at least one teacher.' });
    expect((await admin.req('POST', '/api/classes', form({ teacherIds: [w.assistant.id] }))).json().code).toBe('CLASS_TEACHER_REQUIRED');
    const ok = await admin.req('POST', '/api/classes', form({ teacherIds: [w.otherTeacher.id, w.assistant.id] }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ relation: 'schoolAdmin', can: { manage: true, manageRoster: false } });
    expect(ok.json().teachers.map((x: { id: string }) => x.id)).toEqual([w.otherTeacher.id, w.assistant.id]);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect(ids((await other.req('GET', '/api/classes?rowsperpage=50&page=1')).json())).toContain(ok.json().id);
  });

  it('assistants, students and parents cannot create classes', async () => {
    for (const u of [w.assistant, w.s1, w.parent]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('POST', '/api/classes', form())).statusCode).toBe(403);
    }
  });

  it('each role lists its own classes of its own school', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const mine = (await teacher.req('GET', '/api/classes?rowsperpage=50&page=1')).json();
    expect(ids(mine)).toContain(w.cls.id);
    expect(ids(mine)).not.toContain(w.otherClass.id);
    expect(ids(mine)).not.toContain(w.classB.id);
    const row = mine.data.find((r: { id: string }) => r.id === w.cls.id);
    expect(row).toMatchObject({ studentCount: 3, relation: 'teacher', status: 'ACTIVE', gradeLevel: 'Grade 7', section: 'Sampaguita' });
    expect(row.teachers.map((x: { name: string }) => x.name)).toEqual(['Maria Santos', 'Gabriela Silang']);

    const student = await signIn(t.app, w.s1.username);
    const enrolled = (await student.req('GET', '/api/classes')).json();
    expect(ids(enrolled)).toEqual([w.cls.id]);
    expect(enrolled.data[0].relation).toBe('student');

    const parent = await signIn(t.app, w.parent.username);
    expect(ids((await parent.req('GET', '/api/classes')).json())).toEqual([w.cls.id]);
    expect(ids((await parent.req('GET', `/api/classes?childId=${w.s1.id}`)).json())).toEqual([w.cls.id]);
    expect((await parent.req('GET', `/api/classes?childId=${w.s2.id}`)).statusCode).toBe(404);
    expect((await parent.req('GET', '/api/classes?childId=nobody')).statusCode).toBe(400);

    const admin = await signIn(t.app, w.admin.username);
    const all = ids((await admin.req('GET', '/api/classes?rowsperpage=50&page=1')).json());
    expect(all).toEqual(expect.arrayContaining([w.cls.id, w.otherClass.id]));
    expect(all).not.toContain(w.classB.id);

    const lonely = await signIn(t.app, w.s4.username);
    expect((await lonely.req('GET', '/api/classes')).json()).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
  });

  it('searches name, section and grade level, filters by grade level, sorts, and pages', async () => {
    const teacher = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.teacher });
    const a = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [teacher], name: 'Alpha Science' });
    const b = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [teacher], name: 'beta Math' });
    const c = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [teacher], name: 'Gamma English' });
    await enrol(t.db, c.id, [w.s1, w.s2]);
    await enrol(t.db, b.id, [w.s3]);
    const agent = await signIn(t.app, teacher.username);
    expect(ids((await agent.req('GET', '/api/classes')).json())).toEqual([a.id, b.id, c.id]);
    expect(ids((await agent.req('GET', '/api/classes?sortBy=name&sortOrder=desc')).json())).toEqual([c.id, b.id, a.id]);
    expect(ids((await agent.req('GET', '/api/classes?sortBy=studentCount&sortOrder=desc')).json())).toEqual([c.id, b.id, a.id]);
    expect(ids((await agent.req('GET', '/api/classes?search=math')).json())).toEqual([b.id]);
    expect(ids((await agent.req('GET', '/api/classes?search=sampaguita')).json())).toHaveLength(3);
    expect(ids((await agent.req('GET', '/api/classes?filter[key]=gradeLevel&filter[values][]=Grade 7')).json())).toHaveLength(3);
    expect(ids((await agent.req('GET', '/api/classes?filter[key]=gradeLevel&filter[values][]=Grade 8')).json())).toEqual([]);
    const page2 = (await agent.req('GET', '/api/classes?rowsperpage=10&page=2')).json();
    expect(page2).toEqual({ data: [], pagination: { page: 2, totalcount: 3 } });
  });

  it('opening a class outside one’s reach answers 404; a student opening it records the access at most once a minute', async () => {
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', `/api/classes/${w.cls.id}`)).statusCode).toBe(404);
    const foreign = await signIn(t.app, w.teacherB.username);
    expect((await foreign.req('GET', `/api/classes/${w.cls.id}`)).json().code).toBe('NOT_FOUND');
    const stranger = await signIn(t.app, w.s4.username);
    expect((await stranger.req('GET', `/api/classes/${w.cls.id}`)).statusCode).toBe(404);
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', '/api/classes/not-a-uuid')).statusCode).toBe(400);

    const student = await signIn(t.app, w.s2.username);
    const seen = await student.req('GET', `/api/classes/${w.cls.id}`);
    expect(seen.json()).toMatchObject({ relation: 'student', join: null, can: { manage: false, viewProgress: false, grade: false } });
    const lastAccess = async () =>
      (
        await t.db
          .select()
          .from(classStudents)
          .where(and(eq(classStudents.classId, w.cls.id), eq(classStudents.studentId, w.s2.id)))
      )[0]?.lastAccessAt;
    const first = await lastAccess();
    expect(first).toBeInstanceOf(Date);
    await student.req('GET', `/api/classes/${w.cls.id}`);
    expect(await lastAccess()).toEqual(first);

    const parent = await signIn(t.app, w.parent.username);
    expect((await parent.req('GET', `/api/classes/${w.cls.id}`)).json()).toMatchObject({ relation: 'parent', join: null });
  });

  it('a teacher edits the settings and teachers; the class must keep a teacher; the change is audited', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const made = (await teacher.req('POST', '/api/classes', form())).json();
    const body = form({ name: 'Grade 9 - Narra (Filipino)', section: 'Narra B', teacherIds: [w.teacher.id, w.otherTeacher.id, w.assistant.id] });
    const res = await teacher.req('PUT', `/api/classes/${made.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Grade 9 - Narra (Filipino)', section: 'Narra B', updatedBy: w.teacher.id });
    expect(res.json().teachers.map((x: { id: string }) => x.id)).toEqual([w.teacher.id, w.otherTeacher.id, w.assistant.id]);
    const [entry] = await auditOf(made.id, 'class.updated');
    expect(entry?.data).toMatchObject({
      before: { name: made.name, section: 'Narra', teacherIds: [w.teacher.id] },
      after: { name: 'Grade 9 - Narra (Filipino)', section: 'Narra B', teacherIds: [w.teacher.id, w.otherTeacher.id, w.assistant.id] },
    });

    const onlyAssistant = await teacher.req('PUT', `/api/classes/${made.id}`, form({ teacherIds: [w.assistant.id] }));
    expect(onlyAssistant.json().code).toBe('CLASS_TEACHER_REQUIRED');
    const bad = await teacher.req('PUT', `/api/classes/${made.id}`, form({ schoolYearFrom: 1999, teacherIds: [w.teacher.id] }));
    expect(fieldKeys(bad.json())).toEqual({ schoolYearFrom: 'invalidChoice' });
    expect((await teacher.req('GET', `/api/classes/${made.id}`)).json().name).toBe('Grade 9 - Narra (Filipino)');

    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('PUT', `/api/classes/${made.id}`, body)).statusCode).toBe(403);
    const foreign = await signIn(t.app, w.teacherB.username);
    expect((await foreign.req('PUT', `/api/classes/${made.id}`, body)).statusCode).toBe(404);
    const admin = await signIn(t.app, w.admin.username);
    const byAdmin = await admin.req('PUT', `/api/classes/${made.id}`, { ...body, teacherIds: [w.otherTeacher.id] });
    expect(byAdmin.json().teachers.map((x: { id: string }) => x.id)).toEqual([w.otherTeacher.id]);
    expect((await teacher.req('GET', `/api/classes/${made.id}`)).statusCode).toBe(404);
  });

  it('archives and restores a class: archived classes leave the default list and refuse roster changes', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const made = (await teacher.req('POST', '/api/classes', form())).json();
    const off = await teacher.req('PATCH', `/api/classes/${made.id}/archived`, { archived: true });
    expect(off.json()).toEqual({ message: 'The class has been archived. Students can still open it, but nobody can join it.' });
    expect(ids((await teacher.req('GET', '/api/classes?rowsperpage=50&page=1')).json())).not.toContain(made.id);
    const archivedList = (await teacher.req('GET', '/api/classes?archived=true')).json();
    expect(archivedList.data).toEqual([expect.objectContaining({ id: made.id, archived: true, status: 'INACTIVE' })]);
    const details = (await teacher.req('GET', `/api/classes/${made.id}`)).json();
    expect(details.can).toMatchObject({ manage: true, manageRoster: false, manageGroups: false, grade: false });
    const add = await teacher.req('POST', `/api/classes/${made.id}/students`, { studentIds: [w.s4.id] });
    expect(add.statusCode).toBe(409);
    expect(add.json().code).toBe('CLASS_ARCHIVED');

    const on = await teacher.req('PATCH', `/api/classes/${made.id}/archived`, { archived: false });
    expect(on.json().message).toBe('The class is active again.');
    expect((await auditOf(made.id, 'class.archived')).length).toBe(1);
    expect((await auditOf(made.id, 'class.restored')).length).toBe(1);

    const zhTeacher = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.teacher, language: 'zh' });
    const zh = await signIn(t.app, zhTeacher.username);
    const zhClass = (await zh.req('POST', '/api/classes', form())).json();
    expect((await zh.req('PATCH', `/api/classes/${zhClass.id}/archived`, { archived: true })).json().message).toBe(
      '班级已归档。学生仍可打开，但任何人都无法再加入。',
    );
    expect((await teacher.req('PATCH', `/api/classes/${made.id}/archived`, {})).json().fields).toEqual([{ path: 'archived', key: 'required' }]);
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('PATCH', `/api/classes/${w.cls.id}/archived`, { archived: true })).statusCode).toBe(403);
  });

  it('switches the code and link off and on and regenerates them (assistants and students may not)', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const made = (await teacher.req('POST', '/api/classes', form())).json();
    const off = await teacher.req('PATCH', `/api/classes/${made.id}/join`, { codeEnabled: false });
    expect(off.json()).toEqual({ ...made.join, codeEnabled: false });
    const both = await teacher.req('PATCH', `/api/classes/${made.id}/join`, { codeEnabled: true, linkEnabled: false });
    expect(both.json()).toMatchObject({ codeEnabled: true, linkEnabled: false });
    expect((await teacher.req('PATCH', `/api/classes/${made.id}/join`, {})).statusCode).toBe(400);

    const code = await teacher.req('POST', `/api/classes/${made.id}/join/regenerate`, { what: 'code' });
    expect(code.json().accessCode).toMatch(ACCESS_CODE_RE);
    expect(code.json().accessCode).not.toBe(made.join.accessCode);
    expect(code.json().inviteToken).toBe(made.join.inviteToken);
    const link = await teacher.req('POST', `/api/classes/${made.id}/join/regenerate`, { what: 'link' });
    expect(link.json().inviteToken).not.toBe(made.join.inviteToken);
    expect(link.json().accessCode).toBe(code.json().accessCode);
    const bad = await teacher.req('POST', `/api/classes/${made.id}/join/regenerate`, { what: 'both' });
    expect(bad.json().fields).toEqual([{ path: 'what', key: 'invalidChoice' }]);

    const [entry] = await auditOf(made.id, 'class.join-regenerated');
    expect(entry?.data).toMatchObject({ what: 'code', before: { accessCode: made.join.accessCode }, after: { accessCode: code.json().accessCode } });
    const linkEntries = (await auditOf(made.id, 'class.join-regenerated')).filter((e) => e.data?.what === 'link');
    expect(JSON.stringify(linkEntries)).not.toContain(made.join.inviteToken);

    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('PATCH', `/api/classes/${w.cls.id}/join`, { codeEnabled: false })).statusCode).toBe(403);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('POST', `/api/classes/${w.cls.id}/join/regenerate`, { what: 'code' })).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('POST', `/api/classes/${w.cls.id}/join/regenerate`, { what: 'code' })).statusCode).toBe(404);
  });

  it('lists the teachers and opens a teacher page; other classes are shown to staff only', async () => {
    await t.db.insert(teacherLoads).values({ userId: w.teacher.id, schoolId: w.schoolA.id, gradeLevel: 'Grade 7', subject: 'Science', section: 'Sampaguita' });
    const student = await signIn(t.app, w.s1.username);
    const list = await student.req('GET', `/api/classes/${w.cls.id}/teachers`);
    expect(list.json()).toEqual([
      { id: w.teacher.id, name: 'Maria Santos', roleId: ROLE.teacher, photoUrl: null, email: w.teacher.email },
      { id: w.assistant.id, name: 'Gabriela Silang', roleId: ROLE.assistantTeacher, photoUrl: null, email: w.assistant.email },
    ]);
    const page = (await student.req('GET', `/api/classes/${w.cls.id}/teachers/${w.teacher.id}`)).json();
    expect(page).toMatchObject({
      id: w.teacher.id,
      name: 'Maria Santos',
      loads: [{ gradeLevel: 'Grade 7', subject: 'Science', section: 'Sampaguita' }],
      otherClasses: [],
    });

    const assistant = await signIn(t.app, w.assistant.username);
    const staffView = (await assistant.req('GET', `/api/classes/${w.cls.id}/teachers/${w.teacher.id}`)).json();
    expect(staffView.otherClasses.length).toBeGreaterThan(0);
    expect(staffView.otherClasses.map((c: { id: string }) => c.id)).not.toContain(w.cls.id);

    expect((await student.req('GET', `/api/classes/${w.cls.id}/teachers/${w.otherTeacher.id}`)).statusCode).toBe(404);
    expect((await student.req('GET', `/api/classes/${w.cls.id}/teachers/${w.s1.id}`)).statusCode).toBe(404);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', `/api/classes/${w.cls.id}/teachers`)).statusCode).toBe(404);
  });

  it('teacher candidates are the teachers and assistants of the school, for a new class or for those who manage the class', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('GET', `/api/classes/${w.cls.id}/teacher-candidates`);
    const got = res.json().map((c: { id: string }) => c.id);
    expect(got).toEqual(expect.arrayContaining([w.teacher.id, w.assistant.id, w.otherTeacher.id]));
    expect(got).not.toContain(w.teacherB.id);
    expect(got).not.toContain(w.s1.id);
    expect(got).not.toContain(w.admin.id);
    expect(res.json().find((c: { id: string }) => c.id === w.assistant.id)).toEqual({
      id: w.assistant.id,
      name: 'Gabriela Silang',
      roleId: ROLE.assistantTeacher,
      username: w.assistant.username,
    });
    const forNew = await signIn(t.app, w.admin.username);
    const newIds = (await forNew.req('GET', '/api/classes/teacher-candidates')).json().map((c: { id: string }) => c.id);
    expect(newIds).toEqual(expect.arrayContaining([w.teacher.id, w.assistant.id, w.otherTeacher.id]));
    expect(newIds).not.toContain(w.teacherB.id);
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('GET', '/api/classes/teacher-candidates')).statusCode).toBe(403);
    expect((await assistant.req('GET', `/api/classes/${w.cls.id}/teacher-candidates`)).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', `/api/classes/${w.cls.id}/teacher-candidates`)).statusCode).toBe(404);
  });
  it('issue 13: only active teachers are offered as co-teachers and added; one switched off since stays', async () => {
    const schoolId = w.teacher.schoolId ?? '';
    const deactivated = await buildUser(t.db, { schoolId, roleId: ROLE.teacher, active: false });
    const neverActivated = await buildUser(t.db, { schoolId, roleId: ROLE.assistantTeacher, activated: false });
    const teacher = await signIn(t.app, w.teacher.username);
    const offered = (await teacher.req('GET', `/api/classes/${w.cls.id}/teacher-candidates`)).json().map((c: { id: string }) => c.id);
    expect(offered).toContain(w.otherTeacher.id);
    expect(offered).not.toContain(deactivated.id);
    expect(offered).not.toContain(neverActivated.id);
    const admin = await signIn(t.app, w.admin.username);
    const forNew = (await admin.req('GET', '/api/classes/teacher-candidates')).json().map((c: { id: string }) => c.id);
    expect(forNew).not.toContain(deactivated.id);
    expect(forNew).not.toContain(neverActivated.id);

    for (const inactive of [deactivated, neverActivated]) {
      const created = await teacher.req('POST', '/api/classes', form({ teacherIds: [inactive.id] }));
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        code: 'CLASS_TEACHER_INACTIVE',
        message: 'Only teachers with an active account can be added to a class. Ask the school administrator to activate the account first.',
      });
    }
    const made = (await teacher.req('POST', '/api/classes', form({ teacherIds: [w.otherTeacher.id] }))).json();
    const added = await teacher.req('PUT', `/api/classes/${made.id}`, form({ teacherIds: [w.teacher.id, w.otherTeacher.id, deactivated.id] }));
    expect(added.json().code).toBe('CLASS_TEACHER_INACTIVE');
    expect((await teacher.req('GET', `/api/classes/${made.id}`)).json().teachers.map((x: { id: string }) => x.id)).toEqual([w.teacher.id, w.otherTeacher.id]);

    // A co-teacher whose account is switched off after joining does not block saving the settings.
    const later = await buildUser(t.db, { schoolId, roleId: ROLE.teacher });
    expect((await teacher.req('PUT', `/api/classes/${made.id}`, form({ teacherIds: [w.teacher.id, later.id] }))).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, later.id));
    const kept = await teacher.req('PUT', `/api/classes/${made.id}`, form({ name: 'Grade 9 - Narra kept', teacherIds: [w.teacher.id, later.id] }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().teachers.map((x: { id: string }) => x.id)).toEqual([w.teacher.id, later.id]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { firstIssueByPath } from '@klase/core/validation/issues';
import { classGroups, classStudents } from '../../db/schema/classes.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, buildGroup, enrol } from '../../test/class-factories.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { classWorkMessage } from './messages.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-work-world.ts';

describe('class groups', () => {
  let t: TestApp;
  let w: ClassWorld;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
    base = `/api/classes/${w.cls.id}/groups`;
  });
  afterAll(() => t.close());

  const student = (i: number) => {
    const s = w.students[i];
    if (!s) throw new Error(`student ${i}`);
    return s;
  };

  it('a teacher creates a manual group; its details list the members by last name', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('POST', base, {
      name: 'Science Fair Team',
      description: 'Volcano project',
      memberIds: [student(0).id, student(1).id, student(3).id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({
      name: 'Science Fair Team',
      description: 'Volcano project',
      type: 'manual',
      memberCount: 3,
      splitBy: null,
      createdBy: w.teacher.id,
    });
    expect(g.members.map((m: { sortName: string }) => m.sortName)).toEqual(['Aquino, Bea', 'Bautista, Ana', 'Santos, Carlo']);
    expect(g.members[0]).toMatchObject({ name: 'Bea Aquino', username: student(3).username, photoUrl: null });

    const details = await teacher.req('GET', `${base}/${g.id}`);
    expect(details.json()).toEqual(g);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group.created'), eq(auditLog.targetId, g.id)));
    expect(entry).toMatchObject({ actorId: w.teacher.id, schoolId: w.school.id, targetType: 'group' });
    expect(entry?.data).toMatchObject({ before: null, after: { name: 'Science Fair Team', memberIds: [student(0).id, student(1).id, student(3).id].sort() } });
  });

  it('refuses members outside the class and duplicate names (any case), writing nothing', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const outsider = await teacher.req('POST', base, { name: 'Reading Circle', memberIds: [student(0).id, w.outsider.id] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'memberIds', key: 'invalidChoice' }] });
    const unknown = await teacher.req('POST', base, { name: 'Reading Circle', memberIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.json().fields).toEqual([{ path: 'memberIds', key: 'invalidChoice' }]);
    expect(await t.db.select().from(classGroups).where(eq(classGroups.name, 'Reading Circle'))).toEqual([]);

    await buildGroup(t.db, w.cls.id, [], { name: 'Math Olympiad' });
    const dup = await teacher.req('POST', base, { name: 'MATH olympiad', memberIds: [] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'GROUP_EXISTS', message: 'A group with this name already exists in this class.' });

    const empty = await teacher.req('POST', base, { name: '  ', memberIds: ['not-a-uuid'] });
    expect(empty.statusCode).toBe(400);
    const first = firstIssueByPath(empty.json().fields);
    expect(first.name?.key).toBe('required');
    expect(first['memberIds.0']?.key).toBe('invalidChoice');
  });

  it('the same name is fine in another class', async () => {
    await buildGroup(t.db, w.otherClass.id, [], { name: 'Choir' });
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('POST', base, { name: 'Choir' })).statusCode).toBe(201);
  });

  it('renames a group and replaces its members, audited with the changes', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const g = await buildGroup(t.db, w.cls.id, [student(0), student(1)], { name: 'Debate A' });
    const res = await teacher.req('PUT', `${base}/${g.id}`, {
      name: 'Debate Team',
      description: 'Friday',
      memberIds: [student(1).id, student(2).id, student(2).id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Debate Team', description: 'Friday', memberCount: 2, updatedBy: w.teacher.id });
    expect(res.json().members.map((m: { id: string }) => m.id)).toEqual([student(1).id, student(2).id]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group.updated'), eq(auditLog.targetId, g.id)));
    expect(entry?.data).toMatchObject({
      before: { name: 'Debate A', memberIds: [student(0).id, student(1).id].sort() },
      after: { name: 'Debate Team', memberIds: [student(1).id, student(2).id].sort() },
    });

    // Keeping its own name in another case is not a clash; taking another group's name is.
    expect((await teacher.req('PUT', `${base}/${g.id}`, { name: 'DEBATE TEAM', memberIds: [] })).statusCode).toBe(200);
    await buildGroup(t.db, w.cls.id, [], { name: 'Quiz Bee' });
    expect((await teacher.req('PUT', `${base}/${g.id}`, { name: 'quiz bee', memberIds: [] })).json().code).toBe('GROUP_EXISTS');
    const bad = await teacher.req('PUT', `${base}/${g.id}`, { name: 'Debate Team', memberIds: [w.outsider.id] });
    expect(bad.json().fields).toEqual([{ path: 'memberIds', key: 'invalidChoice' }]);
    expect((await teacher.req('GET', `${base}/${g.id}`)).json()).toMatchObject({ name: 'DEBATE TEAM', memberCount: 0 });
  });

  it('deleting a group keeps its students in the class', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const g = await buildGroup(t.db, w.cls.id, [student(0), student(4)], { name: 'Clean-up Crew' });
    const res = await teacher.req('DELETE', `${base}/${g.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The group has been deleted. Its students stay in the class.' });
    expect((await teacher.req('GET', `${base}/${g.id}`)).statusCode).toBe(404);
    const enrolled = await t.db.select().from(classStudents).where(eq(classStudents.classId, w.cls.id));
    expect(enrolled.map((e) => e.studentId)).toEqual(expect.arrayContaining([student(0).id, student(4).id]));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group.deleted'), eq(auditLog.targetId, g.id)));
    expect(entry?.data).toMatchObject({ before: { name: 'Clean-up Crew' }, after: null });
    expect((await teacher.req('DELETE', `${base}/${g.id}`)).statusCode).toBe(404);
  });

  it('answers in the caller language', async () => {
    expect(classWorkMessage('ph', 'groupsGenerated', { count: 3 }).message).toBe('Nagawa na ang 3 grupo.');
    const zhTeacher = await buildUser(t.db, { username: uniq('u'), roleId: ROLE.teacher, schoolId: w.school.id, language: 'zh' });
    const cls = await buildClass(t.db, { schoolId: w.school.id, teachers: [zhTeacher] });
    const g = await buildGroup(t.db, cls.id, []);
    const teacher = await signIn(t.app, zhTeacher.username);
    const res = await teacher.req('DELETE', `/api/classes/${cls.id}/groups/${g.id}`);
    expect(res.json().message).toBe('小组已删除。其学生仍留在班级中。');
  });

  it('lists groups with search, type filter and sorting', async () => {
    const cls = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher] });
    await enrol(t.db, cls.id, w.students);
    await buildGroup(t.db, cls.id, [student(0)], { name: 'beta squad' });
    await buildGroup(t.db, cls.id, [student(0), student(1), student(2)], { name: 'Alpha Squad', type: 'generated' });
    await buildGroup(t.db, cls.id, [], { name: 'Gamma' });
    const teacher = await signIn(t.app, w.teacher.username);
    const url = `/api/classes/${cls.id}/groups`;
    const all = await teacher.req('GET', url);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((g: { name: string }) => g.name)).toEqual(['Alpha Squad', 'beta squad', 'Gamma']);
    expect(all.json().data[0]).toMatchObject({ type: 'generated', memberCount: 3 });
    expect(all.json().pagination).toEqual({ page: 1, totalcount: 3 });

    const search = await teacher.req('GET', `${url}?search=squad&sortBy=memberCount&sortOrder=desc`);
    expect(search.json().data.map((g: { name: string }) => g.name)).toEqual(['Alpha Squad', 'beta squad']);
    const manual = await teacher.req('GET', `${url}?filter[key]=type&filter[values][]=manual`);
    expect(manual.json().data.map((g: { name: string }) => g.name)).toEqual(['beta squad', 'Gamma']);
    const unknown = await teacher.req('GET', `${url}?filter[key]=type&filter[values][]=secret`);
    expect(unknown.json()).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
    const paged = await teacher.req('GET', `${url}?rowsperpage=10&page=2`);
    expect(paged.json()).toEqual({ data: [], pagination: { page: 2, totalcount: 3 } });
  });

  it('students, parents, assistants and school administrators cannot open the groups (403)', async () => {
    const g = await buildGroup(t.db, w.cls.id, [student(0)]);
    for (const u of [student(0), w.parent, w.assistant, w.schoolAdmin]) {
      const agent = await signIn(t.app, u.username);
      const list = await agent.req('GET', base);
      expect(list.statusCode, u.username).toBe(403);
      expect(list.json().code).toBe('FORBIDDEN');
      expect((await agent.req('GET', `${base}/${g.id}`)).statusCode).toBe(403);
      expect((await agent.req('POST', base, { name: 'Sneaky' })).statusCode).toBe(403);
    }
  });

  it('a teacher of another class of the school, or of another school, gets 404 reading or changing groups', async () => {
    const g = await buildGroup(t.db, w.cls.id, [student(0)], { name: 'Private Group' });
    for (const u of [w.otherTeacher, w.foreignTeacher]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', base)).statusCode).toBe(404);
      expect((await agent.req('GET', `${base}/${g.id}`)).statusCode).toBe(404);
      expect((await agent.req('POST', base, { name: 'Intruders' })).statusCode).toBe(404);
      expect((await agent.req('PUT', `${base}/${g.id}`, { name: 'Renamed' })).statusCode).toBe(404);
      expect((await agent.req('DELETE', `${base}/${g.id}`)).statusCode).toBe(404);
      expect((await agent.req('POST', `${base}/preview`, { by: 'groups', size: 2, order: 'random', prefix: 'G' })).statusCode).toBe(404);
    }
    expect((await t.db.select().from(classGroups).where(eq(classGroups.id, g.id)))[0]?.name).toBe('Private Group');
  });

  it('a group of another class answers 404 through this class', async () => {
    const foreign = await buildGroup(t.db, w.otherClass.id, [w.outsider], { name: 'Other class group' });
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', `${base}/${foreign.id}`)).statusCode).toBe(404);
    expect((await teacher.req('PUT', `${base}/${foreign.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await teacher.req('DELETE', `${base}/${foreign.id}`)).statusCode).toBe(404);
    expect((await t.db.select().from(classGroups).where(eq(classGroups.id, foreign.id)))[0]?.name).toBe('Other class group');
  });

  it('an archived class keeps its groups readable but not changeable', async () => {
    const cls = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher], archived: true });
    await enrol(t.db, cls.id, [student(0)]);
    const g = await buildGroup(t.db, cls.id, [student(0)], { name: 'Old group' });
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', `/api/classes/${cls.id}/groups/${g.id}`)).statusCode).toBe(200);
    const edit = await teacher.req('PUT', `/api/classes/${cls.id}/groups/${g.id}`, { name: 'New name' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('CLASS_ARCHIVED');
    expect((await teacher.req('DELETE', `/api/classes/${cls.id}/groups/${g.id}`)).json().code).toBe('CLASS_ARCHIVED');
  });
});

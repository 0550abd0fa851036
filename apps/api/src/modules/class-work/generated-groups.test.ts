import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstIssueByPath } from '@klase/core/validation/issues';
import { classGroupMembers, classGroups } from '../../db/schema/classes.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClass, buildGroup, enrol } from '../../test/class-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-work-world.ts';

interface PreviewGroup {
  name: string;
  members: { id: string; sortName: string }[];
}

describe('generated groups', () => {
  let t: TestApp;
  let w: ClassWorld;
  let teacher: Agent;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
    teacher = await signIn(t.app, w.teacher.username);
    base = `/api/classes/${w.cls.id}/groups`;
  });
  afterAll(() => t.close());

  const preview = (body: Record<string, unknown>, url = `${base}/preview`) => teacher.req('POST', url, { order: 'random', prefix: 'Group', ...body });
  const groupsOf = async (classId: string) => t.db.select().from(classGroups).where(eq(classGroups.classId, classId));
  const sizes = (groups: PreviewGroup[]) => groups.map((g) => g.members.length);
  const ids = (groups: PreviewGroup[]) => groups.flatMap((g) => g.members.map((m) => m.id));

  it('splits alphabetically by last name into a number of groups, writing nothing', async () => {
    const res = await preview({ by: 'groups', size: 2, order: 'alphabetical', prefix: 'Team' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.studentCount).toBe(5);
    expect(body.groups.map((g: PreviewGroup) => g.name)).toEqual(['Team 1', 'Team 2']);
    expect(body.groups.map((g: PreviewGroup) => g.members.map((m) => m.sortName))).toEqual([
      ['Aquino, Bea', 'Bautista, Ana', 'Mendoza, Dino'],
      ['Santos, Carlo', 'Villanueva, Eduardo'],
    ]);
    expect(await groupsOf(w.cls.id)).toEqual([]);
  });

  it('splits by a maximum number of members per group', async () => {
    const res = await preview({ by: 'members', size: 2, order: 'alphabetical' });
    const groups: PreviewGroup[] = res.json().groups;
    expect(groups.map((g) => g.name)).toEqual(['Group 1', 'Group 2', 'Group 3']);
    expect(sizes(groups)).toEqual([2, 2, 1]);
    const one = await preview({ by: 'members', size: 10 });
    expect(sizes(one.json().groups)).toEqual([5]);
  });

  it('a random split places every student exactly once', async () => {
    const everyone = w.students.map((s) => s.id).sort();
    for (let round = 0; round < 5; round++) {
      const groups: PreviewGroup[] = (await preview({ by: 'groups', size: 3 })).json().groups;
      expect(sizes(groups).sort()).toEqual([1, 2, 2]);
      expect(ids(groups).sort()).toEqual(everyone);
    }
  });

  it('refuses more groups than students, and sizes of zero or below', async () => {
    const tooMany = await preview({ by: 'groups', size: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'size', key: 'notGreaterThan', params: { limit: 5 } }] });
    for (const size of [0, -3]) {
      const res = await preview({ by: 'members', size });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'size', key: 'greaterThanZero' })]);
    }
    const missing = await teacher.req('POST', `${base}/preview`, { by: 'teams', size: 1.5, order: 'random', prefix: '' });
    const first = firstIssueByPath(missing.json().fields);
    expect([first.by?.key, first.size?.key, first.prefix?.key]).toEqual(['required', 'invalidChoice', 'required']);
  });

  it('an empty class has no students to split', async () => {
    const empty = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher] });
    const res = await preview({ by: 'groups', size: 2 }, `/api/classes/${empty.id}/groups/preview`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'NO_STUDENTS', message: 'There are no students in this class to put into groups.' });
  });

  it('saves a previewed split as generated groups in one go', async () => {
    const cls = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher] });
    await enrol(t.db, cls.id, w.students, 'code');
    const url = `/api/classes/${cls.id}/groups`;
    const shown: PreviewGroup[] = (await preview({ by: 'groups', size: 3, prefix: 'Lab' }, `${url}/preview`)).json().groups;
    const res = await teacher.req('POST', `${url}/generated`, {
      by: 'groups',
      size: 3,
      order: 'random',
      groups: shown.map((g) => ({ name: g.name, memberIds: g.members.map((m) => m.id) })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 3, message: '3 groups have been created.' });

    const list = (await teacher.req('GET', url)).json();
    expect(list.data.map((g: { name: string }) => g.name)).toEqual(['Lab 1', 'Lab 2', 'Lab 3']);
    for (const [i, g] of list.data.entries()) {
      expect(g).toMatchObject({ type: 'generated', splitBy: 'groups', splitSize: 3, splitOrder: 'random', memberCount: shown[i]?.members.length });
    }
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, cls.id));
    expect(entry).toMatchObject({ action: 'groups.generated', actorId: w.teacher.id });

    // The same names again clash: the preview and the save both say so.
    const again = await preview({ by: 'groups', size: 3, prefix: 'lab' }, `${url}/preview`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GROUP_EXISTS');
    const resave = await teacher.req('POST', `${url}/generated`, { by: 'groups', size: 1, order: 'random', groups: [{ name: 'LAB 2', memberIds: [] }] });
    expect(resave.json().code).toBe('GROUP_EXISTS');
    expect(await groupsOf(cls.id)).toHaveLength(3);
  });

  it('refuses a student placed twice, a student outside the class, or a name given twice, writing nothing', async () => {
    const [a, b, c] = w.students;
    if (!a || !b || !c) throw new Error('students');
    const save = (groups: { name: string; memberIds: string[] }[]) =>
      teacher.req('POST', `${base}/generated`, { by: 'members', size: 2, order: 'alphabetical', groups });

    const twice = await save([
      { name: 'Pair 1', memberIds: [a.id, b.id] },
      { name: 'Pair 2', memberIds: [b.id, c.id] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'groups', key: 'groupMembersTwice' }] });

    const outsider = await save([
      { name: 'Pair 1', memberIds: [a.id, b.id] },
      { name: 'Pair 2', memberIds: [c.id, w.outsider.id] },
    ]);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().fields).toEqual([{ path: 'groups', key: 'invalidChoice' }]);

    const sameName = await save([
      { name: 'Pair 1', memberIds: [a.id] },
      { name: 'pair 1', memberIds: [b.id] },
    ]);
    expect(sameName.json().code).toBe('GROUP_EXISTS');

    await buildGroup(t.db, w.cls.id, [], { name: 'Pair 3' });
    const clash = await save([
      { name: 'Pair 1', memberIds: [a.id] },
      { name: 'Pair 3', memberIds: [b.id] },
    ]);
    expect(clash.statusCode).toBe(409);

    const sizeZero = await teacher.req('POST', `${base}/generated`, { by: 'members', size: 0, order: 'random', groups: [{ name: 'X', memberIds: [] }] });
    expect(sizeZero.json().fields).toEqual([expect.objectContaining({ path: 'size', key: 'greaterThanZero' })]);

    const groups = await groupsOf(w.cls.id);
    expect(groups.map((g) => g.name)).toEqual(['Pair 3']);
    expect(await t.db.select().from(classGroupMembers).where(eq(classGroupMembers.classId, w.cls.id))).toEqual([]);
  });

  it('students cannot preview or save splits', async () => {
    const [a] = w.students;
    if (!a) throw new Error('students');
    const agent = await signIn(t.app, a.username);
    expect((await agent.req('POST', `${base}/preview`, { by: 'groups', size: 2, order: 'random', prefix: 'G' })).statusCode).toBe(403);
    expect(
      (await agent.req('POST', `${base}/generated`, { by: 'groups', size: 1, order: 'random', groups: [{ name: 'G 1', memberIds: [a.id] }] })).statusCode,
    ).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseRow } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { courses } from '../../db/schema/courses.ts';
import type { Agent } from '../../test/agent.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, buildCourse, buildGroup, enrol, recordProgress } from '../../test/class-factories.ts';
import { buildElement, buildMaterial } from '../../test/course-factories.ts';
import { buildUser, linkParent } from '../../test/factories.ts';
import { useClassWorld } from '../../test/class-world.ts';

interface Page {
  data: CourseRow[];
  pagination: { page: number; totalcount: number };
}

describe('My Courses (GET /api/courses)', () => {
  const ctx = useClassWorld();
  let archivedId = '';
  let ids: Record<'biology' | 'art' | 'geometry' | 'history' | 'foreign', string>;

  beforeAll(async () => {
    const { t, w } = ctx;
    const a = w.schoolA.id;
    const biology = await buildCourse(t.db, { schoolId: a, classId: w.cls.id, name: 'Biology', materials: 4, unpublishedMaterials: 1 });
    // Two more materials of Biology only for the Science Club (Ana): they count for her, not for Jose.
    const club = await buildGroup(t.db, w.cls.id, [w.s2], { name: 'Science Club' });
    const extra = await buildElement(t.db, biology.course.id, { name: 'Club project', assign: { mode: 'groups', ids: [club.id] } });
    const [m1, m2] = [await buildMaterial(t.db, extra, { position: 0 }), await buildMaterial(t.db, extra, { position: 1 })];
    await buildCourse(t.db, { schoolId: a, classId: w.cls.id, name: 'Chemistry', materials: 2, published: false });
    const art = await buildCourse(t.db, { schoolId: a, classId: w.cls.id, name: 'art', materials: 1, published: false });
    await t.db.update(courses).set({ job: 'copying' }).where(eq(courses.id, art.course.id));
    await enrol(t.db, w.otherClass.id, [w.s1]);
    const geometry = await buildCourse(t.db, { schoolId: a, classId: w.otherClass.id, name: 'Geometry', materials: 3 });
    const archived = await buildClass(t.db, { schoolId: a, teachers: [w.teacher], archived: true, name: 'Last year class' });
    await enrol(t.db, archived.id, [w.s1]);
    archivedId = archived.id;
    const history = await buildCourse(t.db, { schoolId: a, classId: archived.id, name: 'History', materials: 2 });
    const foreign = await buildCourse(t.db, { schoolId: w.schoolB.id, classId: w.classB.id, name: 'Biology', materials: 2 });
    ids = {
      biology: biology.course.id,
      art: art.course.id,
      geometry: geometry.course.id,
      history: history.course.id,
      foreign: foreign.course.id,
    };
    // Jose finished 2 of his 4 Biology materials (and opened a third); Ana finished 1 of 4 plus the 2 club ones.
    const [b1, b2, b3] = biology.materials;
    await recordProgress(t.db, w.s1.id, [b1?.id ?? '', b2?.id ?? '']);
    await recordProgress(t.db, w.s1.id, [b3?.id ?? ''], { completed: false });
    await recordProgress(t.db, w.s2.id, [b1?.id ?? '', m1.id, m2.id]);
  });

  const list = async (agent: Agent, query = ''): Promise<Page> => {
    const res = await agent.req('GET', `/api/courses${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const names = (p: Page) => p.data.map((c) => c.name);

  it('teachers and assistants see every course of the active classes they teach, by name', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const mine = await list(teacher);
    expect(names(mine)).toEqual(['art', 'Biology', 'Chemistry']);
    expect(mine.pagination).toEqual({ page: 1, totalcount: 3 });
    const bio = mine.data[1];
    expect(bio).toMatchObject({
      id: ids.biology,
      classId: w.cls.id,
      className: w.cls.name,
      status: 'PUBLISHED',
      elementCount: 2,
      materialCount: 7,
      percent: null,
      job: null,
    });
    expect(mine.data[0]).toMatchObject({ id: ids.art, job: 'copying', status: 'UNPUBLISHED' });
    const assistant = await signIn(t.app, w.assistant.username);
    expect(names(await list(assistant))).toEqual(['art', 'Biology', 'Chemistry']);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect(names(await list(other))).toEqual(['Geometry']);
    const teacherB = await signIn(t.app, w.teacherB.username);
    expect((await list(teacherB)).data.map((c) => c.id)).toEqual([ids.foreign]);
  });

  it('filters by status (published, unpublished, copying, deleting) and class (also an archived one), searches name, code and class name, sorts', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=unpublished'))).toEqual(['art', 'Chemistry']);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=published'))).toEqual(['Biology']);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=copying'))).toEqual(['art']);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=deleting'))).toEqual([]);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=published&filter[values][]=copying'))).toEqual(['art', 'Biology']);
    expect(names(await list(teacher, '?filter[key]=status&filter[values][]=archived'))).toEqual([]);
    expect(names(await list(teacher, '?search=CHEM'))).toEqual(['Chemistry']);
    const [chem] = (await list(teacher, '?search=chem')).data;
    expect(names(await list(teacher, `?search=${encodeURIComponent(chem?.code ?? '')}`))).toEqual(['Chemistry']);
    expect(names(await list(teacher, `?search=${encodeURIComponent(w.cls.name.slice(0, 12))}`))).toHaveLength(3);
    expect(names(await list(teacher, '?sortBy=name&sortOrder=desc'))).toEqual(['Chemistry', 'Biology', 'art']);
    const paged = await list(teacher, '?rowsperpage=10&page=2');
    expect([names(paged), paged.pagination]).toEqual([[], { page: 2, totalcount: 3 }]);
    expect(names(await list(teacher, `?classId=${w.otherClass.id}`))).toEqual([]);
    expect(names(await list(teacher, `?classId=${archivedId}`))).toEqual(['History']);
    expect((await teacher.req('GET', '/api/courses?classId=nope')).statusCode).toBe(400);
  });

  it('students see the published courses of their classes with their own completion', async () => {
    const { t, w } = ctx;
    const s1 = await signIn(t.app, w.s1.username);
    const mine = await list(s1);
    expect(mine.data.map((c) => [c.name, c.elementCount, c.materialCount, c.percent])).toEqual([
      ['Biology', 1, 4, 50],
      ['Geometry', 1, 3, 0],
      ['History', 1, 2, 0],
    ]);
    expect(mine.data.map((c) => c.id)).toEqual([ids.biology, ids.geometry, ids.history]);
    expect(names(await list(s1, '?filter[key]=status&filter[values][]=unpublished'))).toEqual([]);
    expect(names(await list(s1, `?classId=${w.otherClass.id}`))).toEqual(['Geometry']);
    const s2 = await signIn(t.app, w.s2.username);
    expect((await list(s2)).data.map((c) => [c.name, c.elementCount, c.materialCount, c.percent])).toEqual([['Biology', 2, 6, 50]]);
    const s4 = await signIn(t.app, w.s4.username);
    expect(await list(s4)).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
  });

  it("parents see a child of theirs (childId) with that child's completion; several children without childId, no percent", async () => {
    const { t, w } = ctx;
    const parent = await signIn(t.app, w.parent.username);
    const child = await list(parent, `?childId=${w.s1.id}`);
    expect(child.data.map((c) => [c.name, c.percent])).toEqual([
      ['Biology', 50],
      ['Geometry', 0],
      ['History', 0],
    ]);
    expect((await list(parent)).data.map((c) => c.percent)).toEqual([50, 0, 0]);
    const notTheirs = await parent.req('GET', `/api/courses?childId=${w.s2.id}`);
    expect(notTheirs.statusCode).toBe(404);

    const both = await buildUser(t.db, { roleId: ROLE.parent, schoolId: w.schoolA.id });
    await linkParent(t.db, both, w.s1);
    await linkParent(t.db, both, w.s2);
    const twoKids = await signIn(t.app, both.username);
    const all = await list(twoKids);
    expect(all.data.map((c) => [c.name, c.materialCount, c.percent])).toEqual([
      ['Biology', 6, null],
      ['Geometry', 3, null],
      ['History', 2, null],
    ]);
    expect((await list(twoKids, `?childId=${w.s2.id}`)).data.map((c) => [c.name, c.percent])).toEqual([['Biology', 50]]);
  });

  it('is for class members: school administrators get 403', async () => {
    const { t, w } = ctx;
    const admin = await signIn(t.app, w.admin.username);
    expect((await admin.req('GET', '/api/courses')).statusCode).toBe(403);
  });
});

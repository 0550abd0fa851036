import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMaterials } from '../../db/schema/courses.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, buildCourse } from '../../test/class-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildClassWorld, hiddenElement, idsOf, type ClassWorld } from '../../test/class-work-world.ts';

interface MaterialRow {
  id: string;
  name: string;
  type: string;
  courseName: string;
  published: boolean;
  status: string;
}

describe('class materials and courses', () => {
  let t: TestApp;
  let w: ClassWorld;
  let base: string;
  let courseIds: { art: string; biology: string; drafts: string };

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
    base = `/api/classes/${w.cls.id}`;
    const schoolId = w.school.id;
    // Biology: 4 published (page, file, link, assignment) + 1 unpublished; plus a hidden element with 2 quizzes.
    const biology = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'Biology', materials: 4, unpublishedMaterials: 1 });
    await hiddenElement(t.db, biology.course.id, 2);
    const art = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'art', materials: 2 });
    await t.db
      .update(courseMaterials)
      .set({ name: 'Color Wheel', dueAt: new Date('2026-07-01T00:00:00Z') })
      .where(eq(courseMaterials.id, art.materials[0]?.id ?? ''));
    const drafts = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'Chemistry (draft)', materials: 3, published: false });
    await buildCourse(t.db, { schoolId, classId: w.otherClass.id, name: 'Other class course', materials: 2 });
    courseIds = { art: art.course.id, biology: biology.course.id, drafts: drafts.course.id };
  });
  afterAll(() => t.close());

  const names = (body: { data: MaterialRow[] }) => body.data.map((m) => `${m.courseName}/${m.name}`);

  it('teachers see every material of the class courses, published or not', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('GET', `${base}/materials?rowsperpage=50&page=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination.totalcount).toBe(4 + 1 + 2 + 2 + 3);
    expect(body.data.filter((m: MaterialRow) => !m.published).every((m: MaterialRow) => m.status === 'UNPUBLISHED')).toBe(true);
    expect(names(body)).not.toContain('Other class course/Material 1');
    expect(body.data[0]).toMatchObject({
      name: 'Color Wheel',
      type: 'page',
      courseName: 'art',
      elementName: 'Week 1',
      dueAt: '2026-07-01T00:00:00.000Z',
      published: true,
      status: 'PUBLISHED',
    });
  });

  it('students and parents see only published materials of published elements of published courses', async () => {
    for (const u of [w.students[0], w.parent]) {
      const agent = await signIn(t.app, u?.username ?? '');
      const body = (await agent.req('GET', `${base}/materials?rowsperpage=50&page=1&sortBy=courseName`)).json();
      expect(body.pagination.totalcount).toBe(6);
      expect(body.data.every((m: MaterialRow) => m.published)).toBe(true);
      expect(names(body).sort()).toEqual(
        ['art/Color Wheel', 'art/Material 2', 'Biology/Material 1', 'Biology/Material 2', 'Biology/Material 3', 'Biology/Material 4'].sort(),
      );
      expect(body.data[0].courseName).toBe('art');
    }
  });

  it('filters by type and course, searches by name, sorts', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const quizzes = (await teacher.req('GET', `${base}/materials?filter[key]=type&filter[values][]=quiz`)).json();
    expect(quizzes.data.map((m: MaterialRow) => m.type)).toEqual(['quiz', 'quiz']);
    const two = (
      await teacher.req('GET', `${base}/materials?filter[key]=type&filter[values][]=link&filter[values][]=file&courseId=${courseIds.biology}`)
    ).json();
    expect(two.data.map((m: MaterialRow) => m.type).sort()).toEqual(['file', 'link']);
    const unknown = (await teacher.req('GET', `${base}/materials?filter[key]=type&filter[values][]=spreadsheet`)).json();
    expect(unknown).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
    const search = (await teacher.req('GET', `${base}/materials?search=color`)).json();
    expect(names(search)).toEqual(['art/Color Wheel']);
    const drafts = (await teacher.req('GET', `${base}/materials?courseId=${courseIds.drafts}&sortBy=name&sortOrder=desc`)).json();
    expect(drafts.data.map((m: MaterialRow) => m.name)).toEqual(['Material 3', 'Material 2', 'Material 1']);
    const due = (await teacher.req('GET', `${base}/materials?sortBy=dueAt&rowsperpage=10&page=1`)).json();
    expect(due.data[0].name).toBe('Color Wheel');
    expect((await teacher.req('GET', `${base}/materials?courseId=nope`)).statusCode).toBe(400);
    const student = await signIn(t.app, w.students[0]?.username ?? '');
    expect((await student.req('GET', `${base}/materials?courseId=${courseIds.drafts}`)).json().pagination.totalcount).toBe(0);
  });

  it('the courses list counts elements and materials; students count published ones only', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const staff = await teacher.req('GET', `${base}/courses`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(
      staff
        .json()
        .map((c: { name: string; elementCount: number; materialCount: number; status: string }) => [c.name, c.elementCount, c.materialCount, c.status]),
    ).toEqual([
      ['art', 1, 2, 'PUBLISHED'],
      ['Biology', 2, 7, 'PUBLISHED'],
      ['Chemistry (draft)', 1, 3, 'UNPUBLISHED'],
    ]);
    const student = await signIn(t.app, w.students[0]?.username ?? '');
    const mine = (await student.req('GET', `${base}/courses`)).json();
    expect(mine.map((c: { name: string; elementCount: number; materialCount: number }) => [c.name, c.elementCount, c.materialCount])).toEqual([
      ['art', 1, 2],
      ['Biology', 1, 4],
    ]);
    expect(mine[0]).toMatchObject({ id: courseIds.art, published: true, description: '', gradeLevel: null, subject: null });
    const empty = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher] });
    expect((await teacher.req('GET', `/api/classes/${empty.id}/courses`)).json()).toEqual([]);
  });

  it('school administrators and assistants see everything; people outside the class get 404', async () => {
    for (const u of [w.schoolAdmin, w.assistant]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', `${base}/materials`)).json().pagination.totalcount).toBe(12);
      expect((await agent.req('GET', `${base}/courses`)).json()).toHaveLength(3);
    }
    for (const u of [w.otherTeacher, w.foreignTeacher, w.outsider]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', `${base}/materials`)).statusCode).toBe(404);
      expect((await agent.req('GET', `${base}/courses`)).statusCode).toBe(404);
    }
    const other = await signIn(t.app, w.otherTeacher.username);
    expect(idsOf((await other.req('GET', `/api/classes/${w.otherClass.id}/materials`)).json())).toHaveLength(2);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classStudents } from '../../db/schema/classes.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, buildCourse, enrol, recordProgress } from '../../test/class-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildClassWorld, hiddenElement, type ClassWorld } from '../../test/class-work-world.ts';

interface Row {
  studentId: string;
  sortName: string;
  assigned: number;
  completed: number;
  percent: number;
  lastClassAccessAt: string | null;
  lastMaterialAccessAt: string | null;
  timeSpentSeconds: number;
}

describe('class progress', () => {
  let t: TestApp;
  let w: ClassWorld;
  let base: string;
  const day = (d: number) => new Date(Date.UTC(2026, 5, d, 8, 0, 0));

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
    base = `/api/classes/${w.cls.id}/progress`;
    const [carlo, , eduardo, bea] = w.students;
    if (!carlo || !eduardo || !bea) throw new Error('students');
    const schoolId = w.school.id;
    // Assigned: English 2 + Mathematics 2 = 4. Not assigned: Mathematics' unpublished material and
    // hidden element, and the whole unpublished Science course.
    const math = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'Mathematics', materials: 2, unpublishedMaterials: 1 });
    const english = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'English', materials: 2 });
    const science = await buildCourse(t.db, { schoolId, classId: w.cls.id, name: 'Science', materials: 2, published: false });
    const [draft] = await hiddenElement(t.db, math.course.id, 1);
    const [e1, e2] = english.materials;
    const [m1, m2, mHidden] = math.materials;
    const [s1] = science.materials;
    if (!e1 || !e2 || !m1 || !m2 || !mHidden || !s1 || !draft) throw new Error('materials');

    await recordProgress(t.db, bea.id, [e1.id, m2.id], { at: day(3), seconds: 300 });
    await recordProgress(t.db, bea.id, [mHidden.id, s1.id, draft.id], { at: day(4), seconds: 10 });
    await recordProgress(t.db, bea.id, [e2.id], { completed: false, at: day(5), seconds: 45 });
    await recordProgress(t.db, carlo.id, [e1.id, e2.id, m1.id], { at: day(2), seconds: 100 });
    await t.db
      .update(classStudents)
      .set({ lastAccessAt: day(6) })
      .where(and(eq(classStudents.classId, w.cls.id), eq(classStudents.studentId, bea.id)));

    // Work in another class does not count here.
    await enrol(t.db, w.otherClass.id, [eduardo]);
    const other = await buildCourse(t.db, { schoolId, classId: w.otherClass.id, materials: 1 });
    await recordProgress(
      t.db,
      eduardo.id,
      other.materials.map((m) => m.id),
      { at: day(9), seconds: 999 },
    );
  });
  afterAll(() => t.close());

  const byName = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.sortName, r]));

  it('counts assigned and completed materials per student, with access and time', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('GET', base);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, totalcount: 5 });
    expect(body.data.map((r: Row) => r.sortName)).toEqual(['Aquino, Bea', 'Bautista, Ana', 'Mendoza, Dino', 'Santos, Carlo', 'Villanueva, Eduardo']);
    const rows = byName(body.data);
    expect(rows['Aquino, Bea']).toMatchObject({
      assigned: 4,
      completed: 2,
      percent: 50,
      lastClassAccessAt: day(6).toISOString(),
      lastMaterialAccessAt: day(5).toISOString(),
      timeSpentSeconds: 2 * 300 + 3 * 10 + 45,
    });
    expect(rows['Santos, Carlo']).toMatchObject({ assigned: 4, completed: 3, percent: 75, lastClassAccessAt: null, timeSpentSeconds: 300 });
    expect(rows['Villanueva, Eduardo']).toMatchObject({ assigned: 4, completed: 0, percent: 0, lastMaterialAccessAt: null, timeSpentSeconds: 0 });
    expect(body.data[0]).toMatchObject({ name: 'Bea Aquino', photoUrl: null });
  });

  it('rounds the share down and shows zero when nothing is assigned', async () => {
    const cls = await buildClass(t.db, { schoolId: w.school.id, teachers: [w.teacher] });
    const [a, b] = w.students;
    if (!a || !b) throw new Error('students');
    await enrol(t.db, cls.id, [a, b]);
    const teacher = await signIn(t.app, w.teacher.username);
    const none = (await teacher.req('GET', `/api/classes/${cls.id}/progress`)).json();
    expect(none.data.map((r: Row) => [r.assigned, r.completed, r.percent])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const course = await buildCourse(t.db, { schoolId: w.school.id, classId: cls.id, materials: 3 });
    await recordProgress(
      t.db,
      a.id,
      course.materials.slice(0, 2).map((m) => m.id),
    );
    const some = byName((await teacher.req('GET', `/api/classes/${cls.id}/progress`)).json().data);
    expect(some['Santos, Carlo']).toMatchObject({ assigned: 3, completed: 2, percent: 66 });
  });

  it('sorts by percent and by last class access, searches by name and username, pages', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const byPercent = (await teacher.req('GET', `${base}?sortBy=percent&sortOrder=desc`)).json();
    expect(byPercent.data.slice(0, 2).map((r: Row) => r.sortName)).toEqual(['Santos, Carlo', 'Aquino, Bea']);
    const byAccess = (await teacher.req('GET', `${base}?sortBy=lastClassAccessAt&sortOrder=asc`)).json();
    expect(byAccess.data[0].sortName).toBe('Aquino, Bea');
    const byMaterial = (await teacher.req('GET', `${base}?sortBy=lastMaterialAccessAt&sortOrder=asc`)).json();
    expect(byMaterial.data.slice(0, 2).map((r: Row) => r.sortName)).toEqual(['Santos, Carlo', 'Aquino, Bea']);
    const byCompleted = (await teacher.req('GET', `${base}?sortBy=completed&sortOrder=desc`)).json();
    expect(byCompleted.data.map((r: Row) => r.completed)).toEqual([3, 2, 0, 0, 0]);
    const byNameDesc = (await teacher.req('GET', `${base}?sortBy=sortName&sortOrder=desc`)).json();
    expect(byNameDesc.data[0].sortName).toBe('Villanueva, Eduardo');
    const search = (await teacher.req('GET', `${base}?search=villa`)).json();
    expect(search).toMatchObject({ data: [{ sortName: 'Villanueva, Eduardo' }], pagination: { totalcount: 1 } });
    const [, ana] = w.students;
    const byUsername = (await teacher.req('GET', `${base}?search=${ana?.username}`)).json();
    expect(byUsername.data.map((r: Row) => r.studentId)).toEqual([ana?.id]);
    const page2 = (await teacher.req('GET', `${base}?rowsperpage=10&page=2`)).json();
    expect(page2).toEqual({ data: [], pagination: { page: 2, totalcount: 5 } });
  });

  it('details list every assigned material in course, element and material order', async () => {
    const bea = w.students[3];
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('GET', `${base}/${bea?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.student).toEqual({ id: bea?.id, name: 'Bea Aquino', photoUrl: null });
    expect(d.summary).toMatchObject({ studentId: bea?.id, assigned: 4, completed: 2, percent: 50 });
    expect(d.materials.map((m: { courseName: string; materialName: string }) => `${m.courseName}: ${m.materialName}`)).toEqual([
      'English: Material 1',
      'English: Material 2',
      'Mathematics: Material 1',
      'Mathematics: Material 2',
    ]);
    expect(d.materials[0]).toMatchObject({
      elementName: 'Week 1',
      materialType: 'page',
      completedAt: day(3).toISOString(),
      timeSpentSeconds: 300,
      submissions: 0,
    });
    expect(d.materials[1]).toMatchObject({ completedAt: null, lastAccessAt: day(5).toISOString(), timeSpentSeconds: 45 });
    expect(d.materials[2]).toMatchObject({ firstAccessAt: null, lastAccessAt: null, completedAt: null, timeSpentSeconds: 0 });
  });

  it('a student not enrolled in the class has no details here (404)', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', `${base}/${w.outsider.id}`)).statusCode).toBe(404);
    expect((await teacher.req('GET', `${base}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await teacher.req('GET', `${base}/not-an-id`)).statusCode).toBe(400);
  });

  it('assistants and school administrators read progress; students and parents cannot; other teachers get 404', async () => {
    for (const u of [w.assistant, w.schoolAdmin]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', base)).json().pagination.totalcount).toBe(5);
    }
    for (const u of [w.parent, w.students[0]]) {
      const agent = await signIn(t.app, u?.username ?? '');
      const res = await agent.req('GET', base);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await agent.req('GET', `${base}/${w.students[0]?.id}`)).statusCode).toBe(403);
    }
    for (const u of [w.otherTeacher, w.foreignTeacher]) {
      const agent = await signIn(t.app, u.username);
      expect((await agent.req('GET', base)).statusCode).toBe(404);
    }
  });
});

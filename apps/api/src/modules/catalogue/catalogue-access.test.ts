import { describe, expect, it } from 'vitest';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { Journey, MaterialDetails } from '@klase/core/materials/contracts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildCourse } from '../../test/class-factories.ts';
import { buildCategory, buildRexAdmin } from '../../test/course-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { uploadFile } from '../../test/materials-world.ts';
import { buildCatalogueCourseApi, CATALOGUE_IMAGE, WORKSHEET } from '../../test/catalogue-world.ts';

describe('catalogue courses through the course routes', () => {
  const ctx = useClassWorld();
  const rex = async () => signIn(ctx.t.app, (await buildRexAdmin(ctx.t.db)).username);
  const status = async (agent: Agent, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    (await agent.req(method, url, body)).statusCode;

  it('the rex admin builds and manages it; teachers of every school read its published elements and materials only, and change nothing', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const category = await buildCategory(t.db);
    const { course, unit1, byName } = await buildCatalogueCourseApi(admin, category.id);

    const full = (await admin.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(full).toMatchObject({
      published: true,
      elementCount: 2,
      materialCount: 5,
      categoryName: category.name,
      can: { manage: true, viewStudentMode: true },
    });
    // Catalogue elements are for everyone: there are no students or groups to choose.
    const chosen = await admin.req('POST', `/api/courses/${course.id}/elements`, {
      name: 'For some',
      type: 'basic',
      assignees: { mode: 'students', studentIds: [w.s1.id] },
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().fields).toEqual([expect.objectContaining({ path: 'assignees.mode' })]);

    for (const reader of [w.teacher, w.teacherB]) {
      const teacher = await signIn(t.app, reader.username);
      const seen = await teacher.req('GET', `/api/courses/${course.id}`);
      expect(seen.statusCode, seen.body).toBe(200);
      const details = seen.json<CourseDetails>();
      expect(details).toMatchObject({
        classId: null,
        categoryId: category.id,
        elementCount: 1,
        materialCount: 3,
        can: { manage: false, viewStudentMode: false },
      });
      expect(details.elements.map((e) => [e.name, e.materials.map((m) => m.name)])).toEqual([['Unit 1', ['Layers of the Earth', 'Worksheet', 'PHIVOLCS']]]);
      const page = await teacher.req('GET', `/api/materials/${byName['Layers of the Earth']}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<MaterialDetails>()).toMatchObject({ classId: null, contentHtml: '<p>Crust, mantle and core.</p>', completedAt: null });
      expect(page.json<MaterialDetails>().file).toBeNull();
      const worksheet = await teacher.req('GET', `/api/materials/${byName.Worksheet}/file`);
      expect(worksheet.statusCode).toBe(200);
      expect(worksheet.rawPayload.equals(WORKSHEET)).toBe(true);
      expect((await teacher.req('GET', `/api/courses/${course.id}/image`)).rawPayload.equals(CATALOGUE_IMAGE)).toBe(true);
      expect(await status(teacher, 'GET', `/api/materials/${byName['Draft quiz']}`)).toBe(404);
      expect(await status(teacher, 'GET', `/api/materials/${byName.Volcanoes}`)).toBe(404);
      const journey = await teacher.req('GET', `/api/courses/${course.id}/journey?as=student`);
      expect(journey.statusCode, journey.body).toBe(200);
      expect(journey.json<Journey>().elements.flatMap((e) => e.stops.map((s) => s.name))).toEqual(['Layers of the Earth', 'Worksheet', 'PHIVOLCS']);

      // Read-only: every change is 403, and views are for students.
      const page1 = byName['Layers of the Earth'];
      expect(await status(teacher, 'POST', `/api/courses/${course.id}/elements`, { name: 'Mine', type: 'basic' })).toBe(403);
      expect(await status(teacher, 'PUT', `/api/courses/${course.id}/elements/${unit1.id}`, { name: 'Renamed', type: 'basic' })).toBe(403);
      expect(await status(teacher, 'PATCH', `/api/courses/${course.id}/published`, { published: false })).toBe(403);
      expect(await status(teacher, 'PATCH', `/api/courses/${course.id}/shared`, { shared: true })).toBe(403);
      expect(await status(teacher, 'PUT', `/api/courses/${course.id}`, { name: 'Mine', code: 'MINE', gradeLevel: 'Grade 8', subject: 'Science' })).toBe(403);
      expect(
        await status(teacher, 'POST', `/api/courses/${course.id}/elements/${unit1.id}/materials`, { type: 'page', name: 'Mine', contentHtml: '<p>x</p>' }),
      ).toBe(403);
      expect(await status(teacher, 'PUT', `/api/materials/${page1}`, { type: 'page', name: 'Mine', contentHtml: '<p>x</p>' })).toBe(403);
      expect(await status(teacher, 'PATCH', `/api/materials/${page1}/published`, { published: false })).toBe(403);
      expect(await status(teacher, 'DELETE', `/api/materials/${page1}`)).toBe(403);
      expect(await status(teacher, 'DELETE', `/api/courses/${course.id}`)).toBe(403);
      expect(await status(teacher, 'POST', `/api/materials/${page1}/view`)).toBe(403);
      expect((await uploadFile(teacher, course.id, 'mine.txt', Buffer.from('mine'))).statusCode).toBe(403);
    }
    const unchanged = (await admin.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(unchanged).toMatchObject({ published: true, elementCount: 2, materialCount: 5, updatedAt: full.updatedAt });

    // Everybody else: 404 (or the route's own 403 for roles it never serves).
    for (const other of [w.s1, w.parent, w.assistant, w.studentB]) {
      const agent = await signIn(t.app, other.username);
      expect(await status(agent, 'GET', `/api/courses/${course.id}`)).toBe(404);
      expect(await status(agent, 'GET', `/api/materials/${byName['Layers of the Earth']}`)).toBe(404);
      expect(await status(agent, 'GET', `/api/materials/${byName.Worksheet}/file`)).toBe(404);
      expect(await status(agent, 'GET', `/api/courses/${course.id}/image`)).toBe(404);
    }
    const schoolAdmin = await signIn(t.app, w.admin.username);
    expect(await status(schoolAdmin, 'GET', `/api/courses/${course.id}/image`)).toBe(404);
    expect(await status(schoolAdmin, 'GET', `/api/courses/${course.id}`)).toBe(403);

    // Unpublished, the course disappears for teachers (details, materials, files, image, lists).
    expect(await status(admin, 'PATCH', `/api/courses/${course.id}/published`, { published: false })).toBe(200);
    const teacher = await signIn(t.app, w.teacher.username);
    expect(await status(teacher, 'GET', `/api/courses/${course.id}`)).toBe(404);
    expect(await status(teacher, 'GET', `/api/materials/${byName['Layers of the Earth']}`)).toBe(404);
    expect(await status(teacher, 'GET', `/api/materials/${byName.Worksheet}/file`)).toBe(404);
    expect(await status(teacher, 'GET', `/api/courses/${course.id}/image`)).toBe(404);
    expect((await teacher.req('GET', '/api/catalogue/courses')).json<{ data: { id: string }[] }>().data.map((c) => c.id)).not.toContain(course.id);
    expect(await status(admin, 'GET', `/api/materials/${byName['Draft quiz']}`)).toBe(200);
  });

  it('the rex admin never reaches a class course, and has no My Courses, copy or views', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const { course, element, materials } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const material = materials[0]?.id ?? '';
    expect(await status(admin, 'GET', `/api/courses/${course.id}`)).toBe(404);
    expect(await status(admin, 'GET', `/api/courses/${course.id}/image`)).toBe(404);
    expect(await status(admin, 'GET', `/api/courses/${course.id}/journey?as=student`)).toBe(404);
    expect(await status(admin, 'GET', `/api/materials/${material}`)).toBe(404);
    expect(await status(admin, 'GET', `/api/materials/${material}/file`)).toBe(404);
    expect(await status(admin, 'PATCH', `/api/courses/${course.id}/published`, { published: false })).toBe(404);
    expect(await status(admin, 'POST', `/api/courses/${course.id}/elements`, { name: 'Extra', type: 'basic' })).toBe(404);
    expect(await status(admin, 'DELETE', `/api/courses/${course.id}/elements/${element.id}`)).toBe(404);
    expect(await status(admin, 'DELETE', `/api/materials/${material}`)).toBe(404);
    expect(await status(admin, 'DELETE', `/api/courses/${course.id}`)).toBe(404);
    expect(await status(admin, 'POST', `/api/materials/${material}/view`)).toBe(403);
    expect(await status(admin, 'GET', '/api/courses')).toBe(403);
    expect(await status(admin, 'GET', '/api/courses/available')).toBe(403);
    expect(await status(admin, 'GET', '/api/courses/copy-targets')).toBe(403);
    expect(await status(admin, 'POST', `/api/courses/${course.id}/copy`, { targetClassId: w.cls.id })).toBe(403);
    expect(await status(admin, 'PATCH', `/api/courses/${course.id}/shared`, { shared: true })).toBe(403);
    expect(await status(admin, 'POST', `/api/classes/${w.cls.id}/courses`, { name: 'Mine', code: 'MINE', gradeLevel: 'Grade 7', subject: 'Science' })).toBe(
      403,
    );
  });
});

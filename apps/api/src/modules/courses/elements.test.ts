import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDetails, ElementDetails, ElementForm } from '@klase/core/courses/contracts';
import { auditLog } from '../../db/schema/platform.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../../db/schema/courses.ts';
import type { Agent } from '../../test/agent.ts';
import { signIn } from '../../test/agent.ts';
import { buildCourse, buildGroup, recordProgress } from '../../test/class-factories.ts';
import { buildElement, buildMaterial } from '../../test/course-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';

const element = (extra: Partial<ElementForm> = {}): ElementForm => ({ name: 'Week', type: 'basic', ...extra });

describe('course elements', () => {
  const ctx = useClassWorld();

  /** A fresh empty course of the world's class and its teacher's agent. */
  const newCourse = async (): Promise<{ id: string; teacher: Agent }> => {
    const { t, w } = ctx;
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, materials: 0 });
    await t.db.delete(courseElements).where(eq(courseElements.courseId, course.id));
    return { id: course.id, teacher: await signIn(t.app, w.teacher.username) };
  };
  const order = async (teacher: Agent, courseId: string) =>
    (await teacher.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>().elements.map((e) => `${e.position}:${e.name}`);
  const add = async (teacher: Agent, courseId: string, form: ElementForm) => {
    const res = await teacher.req('POST', `/api/courses/${courseId}/elements`, form);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ElementDetails>();
  };

  it('places new elements at the bottom, the top, before and after another, renumbering the course', async () => {
    const { id, teacher } = await newCourse();
    const first = await add(teacher, id, element({ name: 'Week 1', type: 'lesson' }));
    expect(first).toMatchObject({ name: 'Week 1', type: 'lesson', position: 0, published: false, status: 'UNPUBLISHED', materials: [] });
    expect(first.assignees).toEqual({ mode: 'everyone', students: [], groups: [] });
    const third = await add(teacher, id, element({ name: 'Week 3', placement: 'bottom' }));
    await add(teacher, id, element({ name: 'Orientation', placement: 'top' }));
    await add(teacher, id, element({ name: 'Week 2', placement: 'before', relativeTo: third.id }));
    await add(teacher, id, element({ name: 'Review', placement: 'after', relativeTo: third.id }));
    expect(await order(teacher, id)).toEqual(['0:Orientation', '1:Week 1', '2:Week 2', '3:Week 3', '4:Review']);
    const [course] = await ctx.t.db.select().from(courses).where(eq(courses.id, id));
    expect(course?.updatedBy).toBe(ctx.w.teacher.id);
    const created = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'element.created')));
    expect(created).toHaveLength(5);
  });

  it('refuses placement relative to an element of another course, a missing one, or none', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    await add(teacher, id, element({ name: 'Week 1' }));
    const other = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const foreign = await teacher.req('POST', `/api/courses/${id}/elements`, element({ name: 'Week 2', placement: 'before', relativeTo: other.element.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ path: 'relativeTo', key: 'invalidChoice' })] });
    const missing = await teacher.req('POST', `/api/courses/${id}/elements`, element({ name: 'Week 2', placement: 'after' }));
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: 'relativeTo', key: 'required' })]);
    const badType = await teacher.req('POST', `/api/courses/${id}/elements`, { type: 'chapter' });
    expect(
      badType
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['name', 'type']);
    expect(await order(teacher, id)).toEqual(['0:Week 1']);
  });

  it('refuses duplicate names in a course with the spec texts; other courses may reuse them', async () => {
    const { id, teacher } = await newCourse();
    const week = await add(teacher, id, element({ name: 'Week 1' }));
    const dup = await teacher.req('POST', `/api/courses/${id}/elements`, element({ name: 'WEEK 1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'ELEMENT_CREATE_EXISTS', message: 'Creation Unsuccessful. Course Element already exists.' });
    const second = await add(teacher, id, element({ name: 'Week 2' }));
    const clash = await teacher.req('PUT', `/api/courses/${id}/elements/${second.id}`, element({ name: 'week 1', placement: 'after', relativeTo: week.id }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'ELEMENT_UPDATE_EXISTS', message: 'Update Unsuccessful. Course Element already exists.' });
    expect(await order(teacher, id)).toEqual(['0:Week 1', '1:Week 2']);
    const elsewhere = await newCourse();
    await add(elsewhere.teacher, elsewhere.id, element({ name: 'Week 1' }));
  });

  it('edits an element: its current place keeps the order, a new placement moves it; changes are audited', async () => {
    const { t } = ctx;
    const { id, teacher } = await newCourse();
    const a = await add(teacher, id, element({ name: 'A' }));
    const b = await add(teacher, id, element({ name: 'B' }));
    await add(teacher, id, element({ name: 'C' }));
    const stay = await teacher.req(
      'PUT',
      `/api/courses/${id}/elements/${b.id}`,
      element({ name: 'B (edited)', type: 'lesson', placement: 'after', relativeTo: a.id }),
    );
    expect(stay.statusCode, stay.body).toBe(200);
    expect(stay.json()).toMatchObject({ name: 'B (edited)', type: 'lesson', position: 1 });
    expect(await order(teacher, id)).toEqual(['0:A', '1:B (edited)', '2:C']);
    await teacher.req('PUT', `/api/courses/${id}/elements/${a.id}`, element({ name: 'A', placement: 'bottom' }));
    expect(await order(teacher, id)).toEqual(['0:B (edited)', '1:C', '2:A']);
    const self = await teacher.req('PUT', `/api/courses/${id}/elements/${a.id}`, element({ name: 'A', placement: 'before', relativeTo: a.id }));
    expect(self.json().fields).toEqual([expect.objectContaining({ path: 'relativeTo', key: 'invalidChoice' })]);
    const updates = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'element.updated')));
    expect(updates.map((u) => u.data)).toEqual(
      expect.arrayContaining([
        { before: { name: 'B', type: 'basic' }, after: { name: 'B (edited)', type: 'lesson' }, elementId: b.id, elementName: 'B (edited)' },
        { before: { position: 0 }, after: { position: 2 }, elementId: a.id, elementName: 'A' },
      ]),
    );
    const unknown = await teacher.req('PUT', `/api/courses/${id}/elements/00000000-0000-4000-8000-000000000000`, element({ name: 'Z' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('assigns to chosen students of the class or to its groups; others are refused field by field', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    await t.db.update(courses).set({ published: true }).where(eq(courses.id, id));
    const group = await buildGroup(t.db, w.cls.id, [w.s2, w.s3], { name: 'Science Club' });
    const otherGroup = await buildGroup(t.db, w.otherClass.id, [], { name: 'Elsewhere' });

    const outsider = await teacher.req(
      'POST',
      `/api/courses/${id}/elements`,
      element({ name: 'X', assignees: { mode: 'students', studentIds: [w.s1.id, w.s4.id] } }),
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().fields).toEqual([expect.objectContaining({ path: 'assignees.studentIds', key: 'invalidChoice' })]);
    const foreignGroup = await teacher.req(
      'POST',
      `/api/courses/${id}/elements`,
      element({ name: 'X', assignees: { mode: 'groups', groupIds: [otherGroup.id] } }),
    );
    expect(foreignGroup.json().fields).toEqual([expect.objectContaining({ path: 'assignees.groupIds', key: 'invalidChoice' })]);
    const empty = await teacher.req('POST', `/api/courses/${id}/elements`, element({ name: 'X', assignees: { mode: 'groups' } }));
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'assignees.groupIds', key: 'required' })]);

    const everyone = await add(teacher, id, element({ name: 'Everyone' }));
    const forClub = await add(teacher, id, element({ name: 'Club project', assignees: { mode: 'groups', groupIds: [group.id, group.id] } }));
    expect(forClub.assignees).toEqual({ mode: 'groups', students: [], groups: [{ id: group.id, name: 'Science Club' }] });
    const forJose = await add(teacher, id, element({ name: 'Remedial', assignees: { mode: 'students', studentIds: [w.s1.id] } }));
    expect(forJose.assignees.students).toEqual([{ id: w.s1.id, name: 'Jose Dela Cruz' }]);
    for (const e of [everyone, forClub, forJose]) await teacher.req('PATCH', `/api/courses/${id}/elements/${e.id}/published`, { published: true });

    const seen = async (username: string) =>
      (await (await signIn(t.app, username)).req('GET', `/api/courses/${id}`)).json<CourseDetails>().elements.map((e) => e.name);
    expect(await seen(w.s1.username)).toEqual(['Everyone', 'Remedial']);
    expect(await seen(w.s2.username)).toEqual(['Everyone', 'Club project']);
    expect(await seen(w.parent.username)).toEqual(['Everyone', 'Remedial']);

    const back = await teacher.req('PUT', `/api/courses/${id}/elements/${forJose.id}`, element({ name: 'Remedial', placement: 'bottom' }));
    expect(back.json().assignees).toEqual({ mode: 'everyone', students: [], groups: [] });
    expect(await seen(w.s2.username)).toEqual(['Everyone', 'Club project', 'Remedial']);
  });

  it('publishes and unpublishes with messages; unpublished elements and their materials never reach students', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    await t.db.update(courses).set({ published: true }).where(eq(courses.id, id));
    const week = await add(teacher, id, element({ name: 'Week 1' }));
    await buildMaterial(t.db, { id: week.id, courseId: id }, { name: 'Reading' });
    const student = await signIn(t.app, w.s1.username);
    const visible = async () => (await student.req('GET', `/api/courses/${id}`)).json<CourseDetails>();
    expect((await visible()).elements).toEqual([]);
    expect((await visible()).materialCount).toBe(0);
    const res = await teacher.req('PATCH', `/api/courses/${id}/elements/${week.id}/published`, { published: true });
    expect(res.json()).toEqual({ message: 'The course element has been published.' });
    expect((await visible()).elements.map((e) => e.materials.map((m) => m.name))).toEqual([['Reading']]);
    const off = await teacher.req('PATCH', `/api/courses/${id}/elements/${week.id}/published`, { published: false });
    expect(off.json()).toEqual({ message: 'The course element has been unpublished. Students no longer see it.' });
    expect((await visible()).elements).toEqual([]);
    const other = await newCourse();
    expect((await teacher.req('PATCH', `/api/courses/${other.id}/elements/${week.id}/published`, { published: true })).statusCode).toBe(404);
  });

  it('deletes an element with its materials and progress, removing their files after the commit', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    const keep = await add(teacher, id, element({ name: 'Keep' }));
    const gone = await add(teacher, id, element({ name: 'Gone' }));
    const storage = t.app.storage;
    const key = `courses/${id}/files/notes-1`;
    await storage.put(key, Buffer.from('%PDF-'));
    const file = await buildMaterial(t.db, { id: gone.id, courseId: id }, { fileKey: key });
    await recordProgress(t.db, w.s1.id, [file.id]);
    const res = await teacher.req('DELETE', `/api/courses/${id}/elements/${gone.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'The course element and its materials have been deleted.' });
    expect(await order(teacher, id)).toEqual(['0:Keep']);
    expect(await t.db.$count(courseMaterials, eq(courseMaterials.elementId, gone.id))).toBe(0);
    expect(await t.db.$count(materialProgress, eq(materialProgress.materialId, file.id))).toBe(0);
    expect(await storage.get(key)).toBeNull();
    expect((await teacher.req('DELETE', `/api/courses/${id}/elements/${gone.id}`)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'element.deleted')));
    expect(entry?.data).toMatchObject({ before: { name: 'Gone' }, after: null, elementId: gone.id });
    expect(keep.id).not.toBe(gone.id);
  });

  it('reorders by the full list of the course element ids; anything else is 400', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    const a = await add(teacher, id, element({ name: 'A' }));
    const b = await add(teacher, id, element({ name: 'B' }));
    const c = await add(teacher, id, element({ name: 'C' }));
    const res = await teacher.req('PUT', `/api/courses/${id}/elements/order`, { elementIds: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((e: ElementDetails) => `${e.position}:${e.name}`)).toEqual(['0:C', '1:A', '2:B']);
    const foreign = await buildElement(t.db, (await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id })).course.id);
    for (const elementIds of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, foreign.id],
      [c.id, a.id, b.id, foreign.id],
    ]) {
      const bad = await teacher.req('PUT', `/api/courses/${id}/elements/order`, { elementIds });
      expect(bad.statusCode, JSON.stringify(elementIds)).toBe(400);
      expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'elementIds', key: 'invalidChoice' })]);
    }
    expect((await teacher.req('PUT', `/api/courses/${id}/elements/order`, { elementIds: [] })).statusCode).toBe(400);
    expect(await order(teacher, id)).toEqual(['0:C', '1:A', '2:B']);
  });

  it('element writes are for the class teachers only: assistants 403, other teachers 404', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    const week = await add(teacher, id, element({ name: 'Week 1' }));
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('POST', `/api/courses/${id}/elements`, element({ name: 'Mine' }))).statusCode).toBe(403);
    expect((await assistant.req('DELETE', `/api/courses/${id}/elements/${week.id}`)).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('PUT', `/api/courses/${id}/elements/${week.id}`, element({ name: 'Mine' }))).statusCode).toBe(404);
    expect((await other.req('PUT', `/api/courses/${id}/elements/order`, { elementIds: [week.id] })).statusCode).toBe(404);
    expect((await other.req('DELETE', `/api/courses/${id}/elements/${week.id}`)).statusCode).toBe(404);
    expect(await order(teacher, id)).toEqual(['0:Week 1']);
  });
  it('issue 13: publishing a course or an element with `contents` publishes everything in it, in one change; without it only the course or element', async () => {
    const { t, w } = ctx;
    const { id, teacher } = await newCourse();
    await t.db.update(courses).set({ published: false }).where(eq(courses.id, id));
    const e1 = await buildElement(t.db, id, { name: 'Week 1', position: 0, published: false });
    const e2 = await buildElement(t.db, id, { name: 'Week 2', position: 1, published: false });
    const m1 = await buildMaterial(t.db, e1, { name: 'Reading', published: false });
    const m2 = await buildMaterial(t.db, e2, { name: 'Video', published: false });
    const student = await signIn(t.app, w.s1.username);
    const seen = async () =>
      (await student.req('GET', `/api/courses/${id}`)).json<CourseDetails>().elements.map((e) => [e.name, e.materials.map((m) => m.name)]);

    // The course alone: students open it but find nothing.
    expect((await teacher.req('PATCH', `/api/courses/${id}/published`, { published: true })).json().message).toBe(
      'The course has been published. Its students can open it now.',
    );
    expect(await seen()).toEqual([]);
    await teacher.req('PATCH', `/api/courses/${id}/published`, { published: false });

    const all = await teacher.req('PATCH', `/api/courses/${id}/published`, { published: true, contents: true });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().message).toBe('The course and everything in it have been published. Its students can open it now.');
    expect(await seen()).toEqual([
      ['Week 1', ['Reading']],
      ['Week 2', ['Video']],
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'course.published')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.data).toMatchObject({ after: { published: true, contents: { elements: 2, materials: 2 } } });

    // An element: its materials with it.
    await t.db.update(courseElements).set({ published: false }).where(eq(courseElements.id, e2.id));
    await t.db.update(courseMaterials).set({ published: false }).where(eq(courseMaterials.id, m2.id));
    const bare = await teacher.req('PATCH', `/api/courses/${id}/elements/${e2.id}/published`, { published: true });
    expect(bare.json().message).toBe('The course element has been published.');
    expect(await seen()).toEqual([
      ['Week 1', ['Reading']],
      ['Week 2', []],
    ]);
    const withMaterials = await teacher.req('PATCH', `/api/courses/${id}/elements/${e2.id}/published`, { published: true, contents: true });
    expect(withMaterials.json().message).toBe('The course element and its materials have been published.');
    expect(await seen()).toEqual([
      ['Week 1', ['Reading']],
      ['Week 2', ['Video']],
    ]);
    // Unpublishing never touches the contents; a bad flag is a field error; assistants may not.
    await teacher.req('PATCH', `/api/courses/${id}/elements/${e1.id}/published`, { published: false, contents: true });
    const [reading] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, m1.id));
    expect(reading?.published).toBe(true);
    const bad = await teacher.req('PATCH', `/api/courses/${id}/published`, { published: true, contents: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'contents', key: 'invalidChoice' })]);
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('PATCH', `/api/courses/${id}/published`, { published: true, contents: true })).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { classes } from '../../db/schema/classes.ts';
import { courseMaterials, courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { addQuizQuestions, sampleQuestions } from '../../test/quiz-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { auditActions, buildJourneyCourse, uploadFile } from '../../test/materials-world.ts';

const XSS_PAGE =
  '<h2>Cells</h2><p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="https://deped.gov.ph">that</a>.</p>' +
  '<script>alert(document.cookie)</script><img src="x" onerror="alert(1)"><img src="https://cdn.example.org/cell.png" alt="Cell">';

describe('materials: create, read, edit, publish, delete, order', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let courseId: string;
  let week1: string;
  let week2: string;
  let otherCourse: { courseId: string; elementId: string; materialId: string };
  const base = () => `/api/courses/${courseId}/elements/${week1}/materials`;

  beforeAll(async () => {
    const { t, w } = ctx;
    const built = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      elements: [
        { name: 'Week 1', materials: [] },
        { name: 'Week 2', materials: [{ name: 'Existing reading' }, { name: 'Existing link', type: 'link' }] },
      ],
    });
    courseId = built.course.id;
    week1 = built.elementIds['Week 1'] ?? '';
    week2 = built.elementIds['Week 2'] ?? '';
    const other = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.otherClass.id,
      elements: [{ name: 'Elsewhere', materials: [{ name: 'Other page' }] }],
    });
    otherCourse = { courseId: other.course.id, elementId: other.elementIds.Elsewhere ?? '', materialId: other.ids['Other page'] ?? '' };
    teacher = await signIn(t.app, w.teacher.username);
  });

  const create = (body: Record<string, unknown>, url = base()) => teacher.req('POST', url, body);

  it('creates a lesson page with its HTML sanitized on the server, unpublished at the end of the element', async () => {
    const res = await create({ type: 'page', name: 'Cells', contentHtml: XSS_PAGE });
    expect(res.statusCode, res.body).toBe(201);
    const page = res.json<MaterialDetails>();
    expect(page).toMatchObject({
      type: 'page',
      name: 'Cells',
      courseId,
      classId: ctx.w.cls.id,
      elementId: week1,
      elementName: 'Week 1',
      published: false,
      status: 'UNPUBLISHED',
      position: 0,
      file: null,
    });
    expect(page.contentHtml).toBe(
      '<h2>Cells</h2><p>Read <a rel="noopener noreferrer">this</a> and <a href="https://deped.gov.ph" target="_blank" rel="noopener noreferrer">that</a>.</p><img alt="Cell" src="https://cdn.example.org/cell.png" />',
    );
    const [stored] = await ctx.t.db.select().from(courseMaterials).where(eq(courseMaterials.id, page.id));
    expect(stored?.contentHtml).toBe(page.contentHtml);
    expect(await auditActions(ctx.t.db, page.id)).toEqual(['material.created']);
  });

  it('creates every other type with its own fields and reads each back', async () => {
    const forms = [
      { type: 'link', name: 'DepEd portal', url: 'https://deped.gov.ph/learning', description: 'Read the intro' },
      { type: 'video', name: 'Mitosis video', url: 'https://video.example.org/watch?v=1' },
      {
        type: 'assignment',
        name: 'Essay',
        instructions: '<p>Write <b>300</b> words<script>x()</script></p>',
        dueAt: '2026-10-01T09:00:00+08:00',
        maxPoints: 50,
      },
      { type: 'quiz', name: 'Quiz 1', availableFrom: '2026-09-15T00:00:00Z' },
      { type: 'activity', name: 'Lab work', instructions: 'In class', maxPoints: 20 },
    ];
    const made: MaterialDetails[] = [];
    for (const form of forms) {
      const res = await create(form);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    expect(made.map((m) => m.position)).toEqual([1, 2, 3, 4, 5]);
    const [link, video, essay, quiz, lab] = made;
    expect(link).toMatchObject({ url: 'https://deped.gov.ph/learning', description: 'Read the intro', contentHtml: null, instructions: null, maxPoints: null });
    expect(video).toMatchObject({ url: 'https://video.example.org/watch?v=1', description: '' });
    expect(essay).toMatchObject({ instructions: '<p>Write <b>300</b> words</p>', dueAt: '2026-10-01T01:00:00.000Z', maxPoints: 50, url: null });
    expect(quiz).toMatchObject({ availableFrom: '2026-09-15T00:00:00.000Z', maxPoints: 100, instructions: '', dueAt: null });
    expect(lab).toMatchObject({ type: 'activity', instructions: 'In class', maxPoints: 20 });
    for (const m of made) {
      const read = await teacher.req('GET', `/api/materials/${m.id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(m);
    }
  });

  it('creates a file material from an upload of the course, which cannot be used twice', async () => {
    const up = await uploadFile(teacher, courseId, 'notes.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 1)]));
    expect(up.statusCode, up.body).toBe(201);
    const { uploadId } = up.json<{ uploadId: string }>();
    const res = await create({ type: 'file', name: 'Notes', uploadId, description: 'Chapter 1' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<MaterialDetails>();
    expect(file.file).toEqual({ name: 'notes.pdf', size: 509, mime: 'application/pdf', downloadUrl: `/api/materials/${file.id}/file`, uploadId });
    expect(file.description).toBe('Chapter 1');
    const again = await create({ type: 'file', name: 'Notes again', uploadId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'uploadId', key: 'invalidChoice' }] });
  });

  it('refuses bad forms with field messages and writes nothing', async () => {
    const count = async () => (await ctx.t.db.select().from(courseMaterials).where(eq(courseMaterials.courseId, courseId))).length;
    const before = await count();
    const otherUpload = await uploadFile(await signIn(ctx.t.app, ctx.w.otherTeacher.username), otherCourse.courseId, 'x.txt', Buffer.from('hello'));
    expect(otherUpload.statusCode, otherUpload.body).toBe(201);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'page', name: '' }, 'name', 'required'],
      [{ type: 'page', name: 'x'.repeat(161) }, 'name', 'maxLength'],
      [{ type: 'link', name: 'Link', url: 'javascript:alert(1)' }, 'url', 'url'],
      [{ type: 'video', name: 'Video' }, 'url', 'required'],
      [{ type: 'file', name: 'File' }, 'uploadId', 'required'],
      [{ type: 'file', name: 'File', uploadId: otherUpload.json().uploadId }, 'uploadId', 'invalidChoice'],
      [{ type: 'file', name: 'File', uploadId: '7d0f4c2e-58c1-4d38-9a55-3f3c7c1d2b10' }, 'uploadId', 'invalidChoice'],
      [{ type: 'assignment', name: 'A', maxPoints: 0 }, 'maxPoints', 'greaterThanZero'],
      [{ type: 'quiz', name: 'Q', dueAt: 'next week' }, 'dueAt', 'invalidChoice'],
      [{ type: 'page', name: 'P', contentHtml: 'x'.repeat(200_001) }, 'contentHtml', 'maxLength'],
    ];
    for (const [body, path, key] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().fields, path).toContainEqual(expect.objectContaining({ path, key }));
    }
    expect((await create({ type: 'spreadsheet', name: 'S' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers 404 for an element of another course or an unknown one', async () => {
    const foreign = await create({ type: 'page', name: 'Lost' }, `/api/courses/${courseId}/elements/${otherCourse.elementId}/materials`);
    expect(foreign.statusCode).toBe(404);
    expect((await create({ type: 'page', name: 'Lost' }, `/api/courses/${courseId}/elements/2b1d7c2e-58c1-4d38-9a55-3f3c7c1d2b10/materials`)).statusCode).toBe(
      404,
    );
    expect((await create({ type: 'page', name: 'Lost' }, `/api/courses/not-a-uuid/elements/${week1}/materials`)).statusCode).toBe(400);
  });

  it('lets assistants read but not change; teachers of another class or school reach nothing (404)', async () => {
    const { t, w } = ctx;
    const materialId = (await create({ type: 'page', name: 'Guarded' })).json<MaterialDetails>().id;
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('GET', `/api/materials/${materialId}`)).statusCode).toBe(200);
    const denied = await assistant.req('POST', base(), { type: 'page', name: 'By assistant' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    expect((await assistant.req('PATCH', `/api/materials/${materialId}/published`, { published: true })).statusCode).toBe(403);
    for (const username of [w.otherTeacher.username, w.teacherB.username]) {
      const outsider = await signIn(t.app, username);
      expect((await outsider.req('GET', `/api/materials/${materialId}`)).statusCode).toBe(404);
      expect((await outsider.req('POST', base(), { type: 'page', name: 'Intruder' })).statusCode).toBe(404);
      expect((await outsider.req('PUT', `/api/materials/${materialId}`, { type: 'page', name: 'Taken' })).statusCode).toBe(404);
      expect((await outsider.req('DELETE', `/api/materials/${materialId}`)).statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, materialId));
    expect(row?.name).toBe('Guarded');
  });

  it('edits a material: fields change and rich text is sanitized again; the type cannot change', async () => {
    const made = (await create({ type: 'assignment', name: 'Report', instructions: 'Old', maxPoints: 10 })).json<MaterialDetails>();
    const res = await teacher.req('PUT', `/api/materials/${made.id}`, {
      type: 'assignment',
      name: 'Report (final)',
      instructions: '<p>New <iframe src="https://x.example"></iframe>text</p>',
      maxPoints: 40,
      dueAt: '2026-11-30T12:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Report (final)',
      instructions: '<p>New text</p>',
      maxPoints: 40,
      dueAt: '2026-11-30T12:00:00.000Z',
      position: made.position,
    });
    const typeChange = await teacher.req('PUT', `/api/materials/${made.id}`, { type: 'quiz', name: 'Now a quiz' });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().fields).toEqual([{ path: 'type', key: 'invalidChoice' }]);
    expect((await teacher.req('GET', `/api/materials/${made.id}`)).json()).toMatchObject({ type: 'assignment', name: 'Report (final)' });
    expect(await auditActions(ctx.t.db, made.id)).toEqual(['material.created', 'material.updated']);
    expect((await teacher.req('PUT', '/api/materials/5b1d7c2e-58c1-4d38-9a55-3f3c7c1d2b10', { type: 'page', name: 'Ghost' })).statusCode).toBe(404);
  });

  it("issue 13: a quiz keeps the form's maximum points, with or without questions", async () => {
    const { t, w } = ctx;
    const quiz = (await create({ type: 'quiz', name: 'Quiz on cells', maxPoints: 10 })).json<MaterialDetails>();
    const empty = (await create({ type: 'quiz', name: 'Quiz to come', maxPoints: 10 })).json<MaterialDetails>();
    await addQuizQuestions(t.db, quiz.id, sampleQuestions('multipleChoice', 'trueFalse', 'numeric'), w.teacher.id);
    await t.db.update(courseMaterials).set({ maxPoints: 10 }).where(eq(courseMaterials.id, quiz.id));
    const edited = await teacher.req('PUT', `/api/materials/${quiz.id}`, { type: 'quiz', name: 'Quiz on cells (v2)', maxPoints: 75 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Quiz on cells (v2)', maxPoints: 75 });
    const [row] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, quiz.id));
    expect(row?.maxPoints).toBe(75);
    const other = await teacher.req('PUT', `/api/materials/${empty.id}`, { type: 'quiz', name: 'Quiz to come', maxPoints: 75 });
    expect(other.json()).toMatchObject({ maxPoints: 75 });
  });

  it('publishes and unpublishes with a message; students see it only while published', async () => {
    const { t, w } = ctx;
    const made = (await create({ type: 'page', name: 'Toggle me' })).json<MaterialDetails>();
    await t.db.update(courses).set({ sequential: false }).where(eq(courses.id, courseId));
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', `/api/materials/${made.id}`)).statusCode).toBe(404);
    const on = await teacher.req('PATCH', `/api/materials/${made.id}/published`, { published: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('The material has been published. Students can see it now.');
    expect((await student.req('GET', `/api/materials/${made.id}`)).json()).toMatchObject({ name: 'Toggle me', status: 'PUBLISHED' });
    const off = await teacher.req('PATCH', `/api/materials/${made.id}/published`, { published: false });
    expect(off.json().message).toBe('The material has been unpublished. Students no longer see it.');
    expect((await student.req('GET', `/api/materials/${made.id}`)).statusCode).toBe(404);
    expect((await teacher.req('PATCH', `/api/materials/${made.id}/published`, {})).statusCode).toBe(400);
    expect(await auditActions(t.db, made.id)).toEqual(['material.created', 'material.published', 'material.unpublished']);
    await t.db.update(courses).set({ sequential: true }).where(eq(courses.id, courseId));
  });

  it('answers in the caller language', async () => {
    const { t, w } = ctx;
    const made = (await create({ type: 'page', name: 'Wika' })).json<MaterialDetails>();
    await t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.teacher.id));
    const ph = await teacher.req('PATCH', `/api/materials/${made.id}/published`, { published: true });
    await t.db.update(users).set({ language: 'zh' }).where(eq(users.id, w.teacher.id));
    const zh = await teacher.req('DELETE', `/api/materials/${made.id}`);
    await t.db.update(users).set({ language: 'en-us' }).where(eq(users.id, w.teacher.id));
    expect(ph.json().message).toBe('Nailathala na ang materyal. Makikita na ito ng mga mag-aaral.');
    expect(zh.json().message).toBe('资料已删除。');
  });

  it('deletes a material with a message; it is gone for everyone', async () => {
    const made = (await create({ type: 'link', name: 'Short-lived', url: 'https://example.org/a' })).json<MaterialDetails>();
    const res = await teacher.req('DELETE', `/api/materials/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The material has been deleted.');
    expect((await teacher.req('GET', `/api/materials/${made.id}`)).statusCode).toBe(404);
    expect((await teacher.req('DELETE', `/api/materials/${made.id}`)).statusCode).toBe(404);
    expect(await auditActions(ctx.t.db, made.id)).toEqual(['material.created', 'material.deleted']);
  });

  it('reorders an element, moving a material in from another element of the course', async () => {
    const { t } = ctx;
    const inWeek1 = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.elementId, week1)))
      .sort((a, b) => a.position - b.position)
      .map((m) => m.id);
    const [fromWeek2] = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.elementId, week2))).sort((a, b) => a.position - b.position);
    const order = [fromWeek2?.id ?? '', ...[...inWeek1].reverse()];
    const url = `/api/courses/${courseId}/elements/${week1}/materials/order`;
    const res = await teacher.req('PUT', url, { materialIds: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The order of the materials has been saved.');
    const after = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.elementId, week1))).sort((a, b) => a.position - b.position);
    expect(after.map((m) => m.id)).toEqual(order);
    expect(after.map((m) => m.position)).toEqual(order.map((_, i) => i));
    expect((await teacher.req('GET', `/api/materials/${fromWeek2?.id}`)).json()).toMatchObject({ elementId: week1, elementName: 'Week 1', position: 0 });
  });

  it('refuses an order with a foreign, repeated or missing material and leaves the order alone', async () => {
    const { t } = ctx;
    const url = `/api/courses/${courseId}/elements/${week1}/materials/order`;
    const current = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.elementId, week1)))
      .sort((a, b) => a.position - b.position)
      .map((m) => m.id);
    for (const materialIds of [[...current, otherCourse.materialId], [...current, current[0]], current.slice(1)]) {
      const res = await teacher.req('PUT', url, { materialIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'materialIds', key: 'invalidChoice' }]);
    }
    const still = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.elementId, week1)))
      .sort((a, b) => a.position - b.position)
      .map((m) => m.id);
    expect(still).toEqual(current);
    expect((await teacher.req('PUT', `/api/courses/${courseId}/elements/${otherCourse.elementId}/materials/order`, { materialIds: [] })).statusCode).toBe(404);
  });

  it('refuses changes while the class is archived or the course is being copied', async () => {
    const { t, w } = ctx;
    await t.db.update(courses).set({ job: 'copying' }).where(eq(courses.id, courseId));
    expect((await create({ type: 'page', name: 'During copy' })).statusCode).toBe(409);
    await t.db.update(courses).set({ job: null }).where(eq(courses.id, courseId));
    await t.db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, w.cls.id));
    const archived = await create({ type: 'page', name: 'In archive' });
    expect(archived.json().code).toBe('CLASS_ARCHIVED');
    await t.db.update(classes).set({ archivedAt: null }).where(eq(classes.id, w.cls.id));
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDetails, CourseForm } from '@klase/core/courses/contracts';
import { auditLog } from '../../db/schema/platform.ts';
import { courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { signIn } from '../../test/agent.ts';
import { buildClass, buildCourse, enrol } from '../../test/class-factories.ts';
import { buildElement, buildMaterial } from '../../test/course-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';

const form = (extra: Partial<CourseForm> = {}): CourseForm => ({
  name: 'Science 7',
  code: 'sci-7',
  description: 'Living things and their environment.',
  gradeLevel: 'Grade 7',
  subject: 'Science',
  sequential: true,
  ...extra,
});

describe('courses: create, edit, details, publish', () => {
  const ctx = useClassWorld();

  it('a teacher of the class creates a course: unpublished, code in capitals, audited; the details show it to staff', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form());
    expect(res.statusCode, res.body).toBe(201);
    const course = res.json<CourseDetails>();
    expect(course).toMatchObject({
      classId: w.cls.id,
      className: w.cls.name,
      schoolId: w.schoolA.id,
      name: 'Science 7',
      code: 'SCI-7',
      subject: 'Science',
      gradeLevel: 'Grade 7',
      published: false,
      status: 'UNPUBLISHED',
      job: null,
      sequential: true,
      imageUrl: null,
      elementCount: 0,
      materialCount: 0,
      percent: null,
      elements: [],
      can: { manage: true, viewStudentMode: true },
      createdBy: w.teacher.id,
      updatedBy: w.teacher.id,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.created'), eq(auditLog.targetId, course.id)));
    expect(entry).toMatchObject({ actorId: w.teacher.id, schoolId: w.schoolA.id, targetType: 'course' });
    expect((entry?.data as { after: Record<string, unknown> }).after).toMatchObject({ name: 'Science 7', code: 'SCI-7' });
    const admin = await signIn(t.app, w.admin.username);
    const log = (await admin.req('GET', '/api/admin/audit?action=course.created')).json();
    expect(log.data[0]).toMatchObject({ action: 'course.created', targetType: 'course', targetId: course.id, targetLabel: 'Science 7' });

    const assistant = await signIn(t.app, w.assistant.username);
    const seen = (await assistant.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(seen).toMatchObject({ id: course.id, published: false, can: { manage: false, viewStudentMode: true } });
  });

  it('refuses a duplicate name or code in the class with the spec texts; another class may reuse them', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const first = (await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'Filipino 7', code: 'FIL7' }))).json<CourseDetails>();
    const sameName = await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'filipino 7', code: 'FIL7B' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ code: 'COURSE_CREATE_EXISTS', message: 'Creation Unsuccessful. Course already exists.' });
    const sameCode = await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'Filipino Seven', code: 'fil7' }));
    expect(sameCode.json().code).toBe('COURSE_CREATE_EXISTS');

    const second = (await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'Math 7', code: 'MATH7' }))).json<CourseDetails>();
    const clash = await teacher.req('PUT', `/api/courses/${second.id}`, form({ name: 'FILIPINO 7', code: 'MATH7' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'COURSE_UPDATE_EXISTS', message: 'Update Unsuccessful. Course already exists.' });
    const codeClash = await teacher.req('PUT', `/api/courses/${second.id}`, form({ name: 'Math 7', code: 'FIL7' }));
    expect(codeClash.json().code).toBe('COURSE_UPDATE_EXISTS');
    const unchanged = (await teacher.req('GET', `/api/courses/${second.id}`)).json<CourseDetails>();
    expect([unchanged.name, unchanged.code]).toEqual(['Math 7', 'MATH7']);

    const other = await signIn(t.app, w.otherTeacher.username);
    const elsewhere = await other.req('POST', `/api/classes/${w.otherClass.id}/courses`, form({ name: 'Filipino 7', code: 'FIL7' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(first.id).not.toBe(elsewhere.json().id);
  });

  it('answers bad input with translated field errors and writes nothing', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const before = await t.db.$count(courses);
    const res = await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, { name: 'X', code: 'bad code!', gradeLevel: 'Grade 13' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields.map((f: { path: string; key: string }) => `${f.path}:${f.key}`).sort()).toEqual([
      'code:invalidChoice',
      'gradeLevel:required',
      'name:minLength',
      'subject:required',
    ]);
    expect(await t.db.$count(courses)).toBe(before);
    expect((await teacher.req('POST', `/api/classes/not-a-uuid/courses`, form())).statusCode).toBe(400);
  });

  it('edits a course and records the changed fields', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const course = (await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'English 7', code: 'ENG7' }))).json<CourseDetails>();
    const res = await teacher.req(
      'PUT',
      `/api/courses/${course.id}`,
      form({ name: 'English 7: Philippine Literature', code: 'eng7', sequential: false, description: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'English 7: Philippine Literature', code: 'ENG7', sequential: false, description: '' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.updated'), eq(auditLog.targetId, course.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(entry?.data).toEqual({
      before: { name: 'English 7', description: 'Living things and their environment.', sequential: true },
      after: { name: 'English 7: Philippine Literature', description: '', sequential: false },
    });
  });

  it('publishes and unpublishes with translated messages; students see the course only while published', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const course = (await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'Araling Panlipunan 7', code: 'AP7' }))).json<CourseDetails>();
    const student = await signIn(t.app, w.s1.username);
    const parent = await signIn(t.app, w.parent.username);
    for (const a of [student, parent]) {
      const hidden = await a.req('GET', `/api/courses/${course.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('NOT_FOUND');
    }

    const publish = await teacher.req('PATCH', `/api/courses/${course.id}/published`, { published: true });
    expect(publish.json()).toEqual({ message: 'The course has been published. Its students can open it now.' });
    expect((await student.req('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ published: true, can: { manage: false, viewStudentMode: false } });
    expect((await parent.req('GET', `/api/courses/${course.id}`)).statusCode).toBe(200);

    await t.db.update(users).set({ language: 'zh' }).where(eq(users.id, w.teacher.id));
    const zh = await teacher.req('PATCH', `/api/courses/${course.id}/published`, { published: false });
    await t.db.update(users).set({ language: 'en-us' }).where(eq(users.id, w.teacher.id));
    expect(zh.json()).toEqual({ message: '课程已取消发布。学生将不再看到它。' });
    expect((await student.req('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, course.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['course.published', 'course.unpublished']));
    expect((await teacher.req('PATCH', `/api/courses/${course.id}/published`, {})).json().fields).toEqual([
      expect.objectContaining({ path: 'published', key: 'required' }),
    ]);
  });

  it('students and parents see only published elements assigned to them and their published materials', async () => {
    const { t, w } = ctx;
    const { course, element } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, materials: 2, unpublishedMaterials: 1 });
    await buildElement(t.db, course.id, { name: 'Draft week', position: 1, published: false });
    await buildElement(t.db, course.id, { name: 'For Ana only', position: 2, assign: { mode: 'students', ids: [w.s2.id] } });
    const forJose = await buildElement(t.db, course.id, { name: 'For Jose only', position: 3, assign: { mode: 'students', ids: [w.s1.id] } });
    await buildMaterial(t.db, forJose, { name: 'Extra reading' });

    const names = (d: CourseDetails) => d.elements.map((e) => `${e.name}: ${e.materials.map((m) => m.name).join(', ')}`);
    const s1 = (await (await signIn(t.app, w.s1.username)).req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(names(s1)).toEqual([`${element.name}: Material 1, Material 2`, 'For Jose only: Extra reading']);
    expect(s1.elements[1]?.assignees).toEqual({ mode: 'students', students: [], groups: [] });
    expect([s1.elementCount, s1.materialCount, s1.percent]).toEqual([2, 3, 0]);

    const s2 = (await (await signIn(t.app, w.s2.username)).req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(s2.elements.map((e) => e.name)).toEqual([element.name, 'For Ana only']);
    const parent = (await (await signIn(t.app, w.parent.username)).req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(parent.elements.map((e) => e.name)).toEqual([element.name, 'For Jose only']);

    const staff = (await (await signIn(t.app, w.assistant.username)).req('GET', `/api/courses/${course.id}`)).json<CourseDetails>();
    expect(staff.elements.map((e) => e.name)).toEqual([element.name, 'Draft week', 'For Ana only', 'For Jose only']);
    expect(staff.elements[0]?.materials.map((m) => m.status)).toEqual(['PUBLISHED', 'PUBLISHED', 'UNPUBLISHED']);
    expect(staff.elements[2]?.assignees).toEqual({ mode: 'students', students: [{ id: w.s2.id, name: 'Ana Bonifacio' }], groups: [] });
    expect([staff.elementCount, staff.materialCount, staff.percent]).toEqual([4, 4, null]);
  });

  it('only teachers of the class change it: assistants 403, other teachers and schools 404, archived classes refuse', async () => {
    const { t, w } = ctx;
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Guarded course' });
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('PUT', `/api/courses/${course.id}`, form({ name: 'Taken over' }))).statusCode).toBe(403);
    expect((await assistant.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'By assistant' }))).statusCode).toBe(403);
    for (const u of [w.otherTeacher, w.teacherB]) {
      const other = await signIn(t.app, u.username);
      const res = await other.req('PUT', `/api/courses/${course.id}`, form({ name: 'Taken over' }));
      expect(res.statusCode).toBe(404);
      expect((await other.req('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
      expect((await other.req('PATCH', `/api/courses/${course.id}/published`, { published: false })).statusCode).toBe(404);
      expect((await other.req('POST', `/api/classes/${w.cls.id}/courses`, form({ name: 'Intruder' }))).statusCode).toBe(404);
    }
    const outsider = await signIn(t.app, w.s4.username);
    expect((await outsider.req('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('PUT', `/api/courses/${course.id}`, form())).statusCode).toBe(403);
    expect((await student.req('GET', `/api/courses/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);

    const archived = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    await enrol(t.db, archived.id, [w.s1]);
    const old = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: archived.id, name: 'Last year' });
    const teacher = await signIn(t.app, w.teacher.username);
    const create = await teacher.req('POST', `/api/classes/${archived.id}/courses`, form({ name: 'New in archive' }));
    expect(create.json().code).toBe('CLASS_ARCHIVED');
    expect((await teacher.req('PUT', `/api/courses/${old.course.id}`, form({ name: 'Renamed' }))).json().code).toBe('CLASS_ARCHIVED');
    expect((await teacher.req('GET', `/api/courses/${old.course.id}`)).json().can).toEqual({ manage: false, viewStudentMode: true });
    expect((await student.req('GET', `/api/courses/${old.course.id}`)).statusCode).toBe(200);

    await t.db.update(courses).set({ job: 'copying' }).where(eq(courses.id, course.id));
    const busy = await teacher.req('PUT', `/api/courses/${course.id}`, form({ name: 'While copying' }));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('COURSE_BUSY');
    expect((await teacher.req('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ job: 'copying', can: { manage: false } });
  });
});

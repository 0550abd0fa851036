import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@klase/core/constants';
import type { CopyTarget, CourseCopyAnswer, CourseDetails, CourseRow } from '@klase/core/courses/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { assignmentSettings, quizSettings } from '../../../db/schema/assessments.ts';
import { auditLog } from '../../../db/schema/platform.ts';
import { courseMaterials, courses, courseUploads } from '../../../db/schema/courses.ts';
import { signIn, type Agent } from '../../../test/agent.ts';
import { buildClass, enrol } from '../../../test/class-factories.ts';
import { useClassWorld } from '../../../test/class-world.ts';
import { uploadFile } from '../../../test/materials-world.ts';
import { COURSE_JOB_MESSAGES } from './messages.ts';
import { firstFree } from './course-jobs.service.ts';
import { buildSourceCourse, contentOf, countsOf, IMAGE, jobsOf, progressCount } from '../../../test/course-jobs-world.ts';

describe('course copy and delete', () => {
  const ctx = useClassWorld();
  const runJobs = () => ctx.t.app.courseJobWorker.flush();
  const copy = (agent: Agent, courseId: string, targetClassId: string) => agent.req('POST', `/api/courses/${courseId}/copy`, { targetClassId });
  const details = async (agent: Agent, courseId: string) => (await agent.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>();
  const stored = async (key: string | null | undefined) => (key ? ctx.t.app.storage.get(key) : null);
  const fileKeyOf = async (materialId: string) => (await ctx.t.db.select().from(courseMaterials).where(eq(courseMaterials.id, materialId)))[0]?.fileKey ?? null;

  it('copies elements, every material (files by reference), the image and settings, never progress; names get " (copy)"', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const res = await copy(teacher, source.course.id, w.cls.id);
    expect(res.statusCode, res.body).toBe(202);
    const answer = res.json<CourseCopyAnswer>();
    expect(answer).toEqual({ courseId: expect.any(String), classId: w.cls.id, message: COURSE_JOB_MESSAGES.copyStarted['en-us'] });

    // At once: the new course, empty, unpublished, copying; students do not see it.
    const pending = await details(teacher, answer.courseId);
    expect(pending).toMatchObject({
      name: `${source.course.name} (copy)`,
      code: `${source.course.code}-COPY`,
      job: 'copying',
      published: false,
      elementCount: 0,
      sequential: false,
      subject: 'Science',
      description: 'Living things.',
      can: { manage: false },
    });
    const copying = (await teacher.req('GET', '/api/courses?filter[key]=status&filter[values][]=copying')).json<{ data: CourseRow[] }>();
    expect(copying.data.map((c) => c.id)).toContain(answer.courseId);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', `/api/courses/${answer.courseId}`)).statusCode).toBe(404);

    expect(await runJobs()).toBe(1);
    const done = await details(teacher, answer.courseId);
    expect(done).toMatchObject({
      job: null,
      published: false,
      elementCount: 2,
      materialCount: 8,
      can: { manage: true },
      imageUrl: `/api/courses/${answer.courseId}/image?v=1`,
    });
    const [src, dst] = [await contentOf(t.db, source.course.id), await contentOf(t.db, answer.courseId)];
    // Issue 13: the copy is unpublished through and through; in the same class an element keeps its chosen students.
    expect(dst.elements).toEqual(src.elements.map((e) => ({ ...e, published: false })));
    expect(dst.materials).toEqual(src.materials.map((m) => ({ ...m, published: false })));
    expect(done.elements.find((e) => e.name === 'Week 2')?.assignees).toMatchObject({
      mode: 'students',
      students: [expect.objectContaining({ id: w.s1.id })],
      groups: [],
    });
    expect(await progressCount(t.db, src.materialIds)).toBe(1);
    expect(await progressCount(t.db, dst.materialIds)).toBe(0);

    // The file is the same stored file; the edit form keeps it by its upload id.
    const copiedNotes = done.elements.flatMap((e) => e.materials).find((m) => m.name === 'Notes');
    expect(await fileKeyOf(copiedNotes?.id ?? '')).toBe(await fileKeyOf(source.byName.Notes ?? ''));
    const notes = (await teacher.req('GET', `/api/materials/${copiedNotes?.id}`)).json<MaterialDetails>();
    expect(notes.file).toMatchObject({ name: 'notes.txt', uploadId: expect.any(String) });
    const kept = await teacher.req('PUT', `/api/materials/${copiedNotes?.id}`, { type: 'file', name: 'Notes', uploadId: notes.file?.uploadId });
    expect(kept.statusCode, kept.body).toBe(200);

    // The image is the new course's own file with the same bytes.
    const [row] = await t.db.select().from(courses).where(eq(courses.id, answer.courseId));
    expect(row?.imageKey).toBe(`courses/${answer.courseId}/image-1`);
    expect((await teacher.req('GET', `/api/courses/${answer.courseId}/image?v=1`)).rawPayload.equals(IMAGE)).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, answer.courseId));
    expect(audit.map((a) => a.action).sort()).toEqual(['course.copied', 'course.copy-started']);
    expect((await jobsOf(t.db, answer.courseId))[0]).toMatchObject({ status: 'done', attempts: 1, error: null, sourceCourseId: source.course.id });

    // Clashes count up; another class keeps the name.
    const second = (await copy(teacher, source.course.id, w.cls.id)).json<CourseCopyAnswer>();
    expect(await details(teacher, second.courseId)).toMatchObject({ name: `${source.course.name} (copy 2)`, code: `${source.course.code}-COPY2` });
    const other = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher] });
    const elsewhere = (await copy(teacher, source.course.id, other.id)).json<CourseCopyAnswer>();
    expect(await details(teacher, elsewhere.courseId)).toMatchObject({ name: source.course.name, code: source.course.code, classId: other.id });
    expect(await runJobs()).toBe(2);

    // Deleting the source leaves the copies' files downloadable.
    const gone = await teacher.req('DELETE', `/api/courses/${source.course.id}`);
    expect(gone.statusCode, gone.body).toBe(202);
    expect(gone.json()).toEqual({ message: COURSE_JOB_MESSAGES.deleteStarted['en-us'] });
    expect(await details(teacher, source.course.id)).toMatchObject({ job: 'deleting', published: false });
    const sourceImage = (await t.db.select().from(courses).where(eq(courses.id, source.course.id)))[0]?.imageKey;
    expect(await runJobs()).toBe(1);
    expect((await teacher.req('GET', `/api/courses/${source.course.id}`)).statusCode).toBe(404);
    expect(await stored(sourceImage)).toBeNull();
    const download = await teacher.req('GET', `/api/materials/${copiedNotes?.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('cell notes');
    expect((await teacher.req('GET', `/api/courses/${answer.courseId}/image`)).statusCode).toBe(200);
  });

  it('copies only between classes the caller teaches as the teacher, into an active class', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const before = await t.db.$count(courses);
    expect((await copy(teacher, source.course.id, w.otherClass.id)).statusCode).toBe(404);
    expect((await copy(teacher, source.course.id, w.classB.id)).statusCode).toBe(404);
    const archived = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    const intoArchive = await copy(teacher, source.course.id, archived.id);
    expect(intoArchive.statusCode).toBe(409);
    expect(intoArchive.json().code).toBe('CLASS_ARCHIVED');
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await copy(assistant, source.course.id, w.cls.id)).statusCode).toBe(403);
    const stranger = await signIn(t.app, w.otherTeacher.username);
    expect((await copy(stranger, source.course.id, w.otherClass.id)).statusCode).toBe(404);
    const student = await signIn(t.app, w.s1.username);
    expect((await copy(student, source.course.id, w.cls.id)).statusCode).toBe(403);
    const bad = await teacher.req('POST', `/api/courses/${source.course.id}/copy`, { targetClassId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: 'targetClassId' });
    expect((await teacher.req('POST', `/api/courses/${source.course.id}/copy`, {})).statusCode).toBe(400);
    expect(await t.db.$count(courses)).toBe(before);

    // A course of last year's (archived) class may be copied into this year's class.
    await enrol(t.db, archived.id, [w.s1]);
    const [old] = await t.db.insert(courses).values({ schoolId: w.schoolA.id, classId: archived.id, name: 'Last year', code: 'LY-1' }).returning();
    const reuse = await copy(teacher, old?.id ?? '', w.cls.id);
    expect(reuse.statusCode, reuse.body).toBe(202);
    await runJobs();

    // Copy targets: the teacher's active classes, not another teacher's, not archived ones.
    const targets = await teacher.req('GET', '/api/courses/copy-targets');
    expect(targets.statusCode, targets.body).toBe(200);
    const ids = targets.json<CopyTarget[]>().map((c) => c.id);
    expect(ids).toContain(w.cls.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(w.otherClass.id);
    expect(targets.json<CopyTarget[]>().find((c) => c.id === w.cls.id)).toEqual({
      id: w.cls.id,
      name: w.cls.name,
      gradeLevel: w.cls.gradeLevel,
      section: w.cls.section,
    });
    expect((await assistant.req('GET', '/api/courses/copy-targets')).statusCode).toBe(403);
    expect((await student.req('GET', '/api/courses/copy-targets')).statusCode).toBe(403);
  });

  it('blocks deleting and editing a course while it is copied or deleted (COURSE_BUSY); students stop seeing a deleted course at once', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const { courseId } = (await copy(teacher, source.course.id, w.cls.id)).json<CourseCopyAnswer>();
    const busy = await teacher.req('DELETE', `/api/courses/${courseId}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'COURSE_BUSY', message: 'This course is being copied or deleted. Please wait until it is done.' });
    expect((await teacher.req('POST', `/api/courses/${courseId}/elements`, { name: 'Extra', type: 'basic' })).json().code).toBe('COURSE_BUSY');
    expect((await copy(teacher, courseId, w.cls.id)).json().code).toBe('COURSE_BUSY');
    await runJobs();

    await teacher.req('PATCH', `/api/courses/${courseId}/published`, { published: true });
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', `/api/courses/${courseId}`)).statusCode).toBe(200);
    expect((await teacher.req('DELETE', `/api/courses/${courseId}`)).statusCode).toBe(202);
    expect((await student.req('GET', `/api/courses/${courseId}`)).statusCode).toBe(404);
    const listed = (await student.req('GET', '/api/courses')).json<{ data: CourseRow[] }>();
    expect(listed.data.map((c) => c.id)).not.toContain(courseId);
    const deleting = (await teacher.req('GET', '/api/courses?filter[key]=status&filter[values][]=deleting')).json<{ data: CourseRow[] }>();
    expect(deleting.data).toEqual([expect.objectContaining({ id: courseId, job: 'deleting' })]);
    expect((await teacher.req('DELETE', `/api/courses/${courseId}`)).json().code).toBe('COURSE_BUSY');
    expect((await teacher.req('PATCH', `/api/courses/${courseId}/published`, { published: true })).json().code).toBe('COURSE_BUSY');
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('DELETE', `/api/courses/${source.course.id}`)).statusCode).toBe(403);
    const stranger = await signIn(t.app, w.otherTeacher.username);
    expect((await stranger.req('DELETE', `/api/courses/${source.course.id}`)).statusCode).toBe(404);
    expect(await runJobs()).toBe(1);
    expect(await t.db.$count(courses, eq(courses.id, courseId))).toBe(0);
    expect((await jobsOf(t.db, courseId, 'delete')).length).toBe(0);
  });

  it('deleting removes the rows and only the files no other material references (course, element and material deletions alike)', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const notesKey = await fileKeyOf(source.byName.Notes ?? '');
    const slidesKey = await fileKeyOf(source.byName.Slides ?? '');
    const pending = (await uploadFile(teacher, source.course.id, 'draft.txt', Buffer.from('never used'))).json<{ uploadId: string }>();
    const [draft] = await t.db.select().from(courseUploads).where(eq(courseUploads.id, pending.uploadId));
    const { courseId } = (await copy(teacher, source.course.id, w.cls.id)).json<CourseCopyAnswer>();
    await runJobs();
    const copied = await details(teacher, courseId);
    const copiedMaterial = (name: string) => copied.elements.flatMap((e) => e.materials).find((m) => m.name === name)?.id ?? '';

    // In the copy: deleting a material, replacing a file, deleting an element keep the source's files.
    expect((await teacher.req('DELETE', `/api/materials/${copiedMaterial('Slides')}`)).statusCode).toBe(200);
    const up = (await uploadFile(teacher, courseId, 'v2.txt', Buffer.from('second version'))).json<{ uploadId: string }>();
    expect((await teacher.req('PUT', `/api/materials/${copiedMaterial('Notes')}`, { type: 'file', name: 'Notes', uploadId: up.uploadId })).statusCode).toBe(
      200,
    );
    const newKey = await fileKeyOf(copiedMaterial('Notes'));
    expect(await stored(notesKey)).not.toBeNull();
    expect(await stored(slidesKey)).not.toBeNull();
    const week1 = copied.elements.find((e) => e.name === 'Week 1')?.id;
    expect((await teacher.req('DELETE', `/api/courses/${courseId}/elements/${week1}`)).statusCode).toBe(200);
    expect(await stored(notesKey)).not.toBeNull();
    // ... but a file only the copy used leaves with its element.
    expect(await stored(newKey)).toBeNull();

    // A second copy shares the files; deleting the source keeps them for it.
    const again = (await copy(teacher, source.course.id, w.cls.id)).json<CourseCopyAnswer>();
    await runJobs();
    const imageKey = (await t.db.select().from(courses).where(eq(courses.id, source.course.id)))[0]?.imageKey;
    expect((await teacher.req('DELETE', `/api/courses/${source.course.id}`)).statusCode).toBe(202);
    expect(await runJobs()).toBe(1);
    expect(await countsOf(t.db, source.course.id)).toEqual({ elements: 0, materials: 0 });
    expect(await t.db.$count(courseUploads, eq(courseUploads.courseId, source.course.id))).toBe(0);
    expect(await progressCount(t.db, Object.values(source.byName))).toBe(0);
    expect(await stored(notesKey)).not.toBeNull();
    expect(await stored(slidesKey)).not.toBeNull();
    expect(await stored(imageKey)).toBeNull();
    expect(await stored(draft?.storageKey)).toBeNull();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, source.course.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'course.delete-started' }), expect.objectContaining({ action: 'course.deleted' })]),
    );

    // The last course using them goes: the files go too.
    expect((await teacher.req('DELETE', `/api/courses/${again.courseId}`)).statusCode).toBe(202);
    await runJobs();
    expect(await stored(notesKey)).toBeNull();
    expect(await stored(slidesKey)).toBeNull();
  });

  it('names and codes stay unique and within their limits', () => {
    const fold = (s: string) => s.toLowerCase();
    const suffix = (n: number) => (n === 1 ? ' (copy)' : ` (copy ${n})`);
    expect(firstFree('Art', new Set(), fold, suffix, 120)).toBe('Art');
    expect(firstFree('Art', new Set(['art', 'art (copy)']), fold, suffix, 120)).toBe('Art (copy 2)');
    const long = 'x'.repeat(120);
    expect(firstFree(long, new Set([long]), fold, suffix, 120)).toBe(`${'x'.repeat(113)} (copy)`);
  });

  it('answers in every language', () => {
    for (const [key, texts] of Object.entries(COURSE_JOB_MESSAGES)) {
      for (const locale of LOCALES) {
        expect(texts[locale].trim(), `${key} ${locale}`).not.toBe('');
        if (locale !== 'en-us') expect(texts[locale], `${key} ${locale}`).not.toBe(texts['en-us']);
      }
    }
  });
  it('issue 13: a copy into another class is unpublished, its chosen-students element assigned to nobody yet, and every date moved by shiftDays', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const quizId = source.byName['Quiz 1'] ?? '';
    const essayId = source.byName.Essay ?? '';
    await t.db.insert(quizSettings).values({ materialId: quizId, openAt: new Date('2030-03-30T00:00:00.000Z'), closeAt: new Date('2030-06-01T00:00:00.000Z') });
    const essayOpens = new Date('2030-04-15T00:00:00.000Z');
    await t.db
      .insert(assignmentSettings)
      .values({ materialId: essayId, openAt: essayOpens })
      .onConflictDoUpdate({ target: assignmentSettings.materialId, set: { openAt: essayOpens } });
    // The dialog's "old start": the course's first date (the quiz opens first).
    const dates = await teacher.req('GET', `/api/courses/${source.course.id}/copy-dates`);
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json()).toEqual({ firstDate: '2030-03-30T00:00:00.000Z' });
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', `/api/courses/${source.course.id}/copy-dates`)).statusCode).toBe(404);

    const nextYear = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], name: 'Grade 8 - Narra next year' });
    const bad = await teacher.req('POST', `/api/courses/${source.course.id}/copy`, { targetClassId: nextYear.id, shiftDays: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'shiftDays', key: 'invalidChoice' })]);
    const res = await teacher.req('POST', `/api/courses/${source.course.id}/copy`, { targetClassId: nextYear.id, shiftDays: 364 });
    expect(res.statusCode, res.body).toBe(202);
    const { courseId } = res.json<CourseCopyAnswer>();
    expect(await runJobs()).toBe(1);
    const done = await details(teacher, courseId);
    expect(done.published).toBe(false);
    expect(done.elements.map((e) => [e.name, e.published, e.materials.every((m) => !m.published)])).toEqual([
      ['Week 1', false, true],
      ['Week 2', false, true],
    ]);
    // Its chosen student is not in the other class: nobody is chosen, so nobody sees it until the teacher chooses.
    expect(done.elements.find((e) => e.name === 'Week 2')?.assignees).toEqual({ mode: 'students', students: [], groups: [] });
    const byName = Object.fromEntries(done.elements.flatMap((e) => e.materials).map((m) => [m.name, m.id]));
    const day = 86_400_000;
    const [essay] = await t.db
      .select()
      .from(courseMaterials)
      .where(eq(courseMaterials.id, byName.Essay ?? ''));
    expect(essay?.dueAt?.toISOString()).toBe(new Date(Date.parse('2030-05-01T08:00:00.000Z') + 364 * day).toISOString());
    const [lab] = await t.db
      .select()
      .from(courseMaterials)
      .where(eq(courseMaterials.id, byName.Lab ?? ''));
    expect(lab?.availableFrom?.toISOString()).toBe(new Date(Date.parse('2030-04-01T08:00:00.000Z') + 364 * day).toISOString());
    const [essaySettings] = await t.db
      .select()
      .from(assignmentSettings)
      .where(eq(assignmentSettings.materialId, byName.Essay ?? ''));
    expect(essaySettings?.openAt?.toISOString()).toBe(new Date(Date.parse('2030-04-15T00:00:00.000Z') + 364 * day).toISOString());
    const [quiz] = await t.db
      .select()
      .from(quizSettings)
      .where(eq(quizSettings.materialId, byName['Quiz 1'] ?? ''));
    expect([quiz?.openAt?.toISOString(), quiz?.closeAt?.toISOString()]).toEqual(['2031-03-29T00:00:00.000Z', '2031-05-31T00:00:00.000Z']);
    // Publishing everything shows the element to nobody: the student of the source class is not in the new one.
    await enrol(t.db, nextYear.id, [w.s2]);
    expect((await teacher.req('PATCH', `/api/courses/${courseId}/published`, { published: true, contents: true })).statusCode).toBe(200);
    const student = await signIn(t.app, w.s2.username);
    expect((await student.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>().elements.map((e) => e.name)).toEqual(['Week 1']);
  });
});

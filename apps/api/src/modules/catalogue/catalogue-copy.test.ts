import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AvailableCourseRow } from '@klase/core/catalogue/contracts';
import type { CourseCopyAnswer, CourseDetails } from '@klase/core/courses/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import type { TablePage } from '@klase/core/table';
import { auditLog } from '../../db/schema/platform.ts';
import { courses } from '../../db/schema/courses.ts';
import { COURSE_MESSAGES } from '../../kernel/course-messages.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClass, buildCourse } from '../../test/class-factories.ts';
import { buildCatalogueCourse, buildCategory, buildElement, buildRexAdmin } from '../../test/course-factories.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { contentOf } from '../../test/course-jobs-world.ts';
import { buildCatalogueCourseApi, WORKSHEET } from '../../test/catalogue-world.ts';

describe('sharing with the school, available courses and copying from the catalogue', () => {
  const ctx = useClassWorld();
  const runJobs = () => ctx.t.app.courseJobWorker.flush();
  const rex = async () => signIn(ctx.t.app, (await buildRexAdmin(ctx.t.db)).username);
  const copy = (agent: Agent, courseId: string, targetClassId: string) => agent.req('POST', `/api/courses/${courseId}/copy`, { targetClassId });
  const share = (agent: Agent, courseId: string, shared: unknown) => agent.req('PATCH', `/api/courses/${courseId}/shared`, { shared });
  const available = async (agent: Agent, query = '') => {
    const res = await agent.req('GET', `/api/courses/available?rowsperpage=50&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TablePage<AvailableCourseRow>>();
  };
  const idsOf = (page: TablePage<AvailableCourseRow>) => page.data.map((c) => c.id);

  it('a teacher of the class shares a course with the school and stops sharing it; nobody else may', async () => {
    const { t, w } = ctx;
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const teacher = await signIn(t.app, w.teacher.username);
    const on = await share(teacher, course.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ message: 'Course shared with your school.' });
    expect((await teacher.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>().shared).toBe(true);
    const off = await share(teacher, course.id, false);
    expect(off.json()).toEqual({ message: 'Course no longer shared.' });
    expect((await teacher.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>().shared).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, course.id)));
    expect(audit.map((a) => a.action)).toEqual(['course.shared', 'course.unshared']);

    const filipino = await buildUser(t.db, { schoolId: w.schoolA.id, roleId: 3, language: 'ph', username: uniq('guro') });
    await t.db.insert(courses).values({
      schoolId: w.schoolA.id,
      classId: (await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [filipino] })).id,
      name: 'Filipino 7',
      code: 'FIL7',
    });
    const [mine] = await t.db
      .select()
      .from(courses)
      .where(and(eq(courses.code, 'FIL7'), eq(courses.schoolId, w.schoolA.id)));
    const guro = await signIn(t.app, filipino.username);
    expect((await share(guro, mine?.id ?? '', true)).json()).toEqual({ message: COURSE_MESSAGES.courseShared.ph });

    expect((await share(teacher, course.id, 'yes')).statusCode).toBe(400);
    expect((await teacher.req('PATCH', `/api/courses/${course.id}/shared`, {})).statusCode).toBe(400);
    for (const [who, code] of [
      [w.s1, 403],
      [w.parent, 403],
      [w.assistant, 403],
      [w.admin, 403],
      [w.otherTeacher, 404],
      [w.teacherB, 404],
    ] as const) {
      expect((await share(await signIn(t.app, who.username), course.id, true)).statusCode, who.username).toBe(code);
    }
    const archived = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    const old = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: archived.id });
    expect((await share(teacher, old.course.id, true)).json().code).toBe('CLASS_ARCHIVED');
    expect((await teacher.req('GET', `/api/courses/${course.id}`)).json<CourseDetails>().shared).toBe(false);
  });

  it("lists what a teacher can copy: their own courses, courses their school shares, published catalogue courses; never another school's", async () => {
    const { t, w } = ctx;
    const tag = uniq('avl');
    const mk = (classId: string, name: string, schoolId = w.schoolA.id) => buildCourse(t.db, { schoolId, classId, name: `${name} ${tag}` });
    const own = (await mk(w.cls.id, 'Own')).course;
    const archivedClass = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    const lastYear = (await mk(archivedClass.id, 'Last year')).course;
    const shared = (await mk(w.otherClass.id, 'Shared')).course;
    const unshared = (await mk(w.otherClass.id, 'Unshared')).course;
    const otherSchool = (await mk(w.classB.id, 'Other school', w.schoolB.id)).course;
    const copying = (await mk(w.cls.id, 'Copying')).course;
    await t.db.update(courses).set({ shared: true }).where(eq(courses.id, shared.id));
    await t.db.update(courses).set({ shared: true }).where(eq(courses.id, otherSchool.id));
    await t.db.update(courses).set({ job: 'copying' }).where(eq(courses.id, copying.id));
    const category = await buildCategory(t.db, { name: uniq('Science ') });
    const catalogue = await buildCatalogueCourse(t.db, { categoryId: category.id, name: `Catalogue ${tag}` });
    const draft = await buildCatalogueCourse(t.db, { categoryId: category.id, name: `Draft ${tag}`, published: false });
    await buildElement(t.db, catalogue.id, { published: true });
    await buildElement(t.db, catalogue.id, { published: false });

    const teacher = await signIn(t.app, w.teacher.username);
    const page = await available(teacher, `search=${tag}&sortBy=name`);
    expect(idsOf(page)).toEqual([catalogue.id, lastYear.id, own.id, shared.id]);
    expect(page.pagination.totalcount).toBe(4);
    const row = (id: string) => page.data.find((c) => c.id === id);
    expect(row(own.id)).toMatchObject({ source: 'own', className: w.cls.name, teacherName: null, categoryName: null, elementCount: 1, materialCount: 4 });
    expect(row(lastYear.id)).toMatchObject({ source: 'own', className: archivedClass.name });
    expect(row(shared.id)).toMatchObject({ source: 'school', className: w.otherClass.name, teacherName: 'Andres Bautista' });
    expect(row(catalogue.id)).toMatchObject({
      source: 'catalogue',
      className: null,
      teacherName: null,
      categoryName: category.name,
      elementCount: 1,
      materialCount: 0,
    });
    expect(idsOf(page)).not.toContain(unshared.id);
    expect(idsOf(page)).not.toContain(otherSchool.id);
    expect(idsOf(page)).not.toContain(draft.id);
    expect(idsOf(page)).not.toContain(copying.id);

    expect(idsOf(await available(teacher, `search=${tag}&filter[key]=source&filter[values][]=school&filter[values][]=catalogue&sortBy=source`))).toEqual([
      catalogue.id,
      shared.id,
    ]);
    expect(idsOf(await available(teacher, `search=${tag}&filter[key]=source&filter[values][]=nothing`))).toEqual([]);
    expect(idsOf(await available(teacher, `search=${tag}&categoryId=${category.id}`))).toEqual([catalogue.id]);
    expect((await teacher.req('GET', '/api/courses/available?categoryId=nope')).statusCode).toBe(400);

    // The other teacher sees their own courses (shared or not) as own; school B only its own and the catalogue.
    const colleague = await signIn(t.app, w.otherTeacher.username);
    const theirs = await available(colleague, `search=${tag}`);
    expect(theirs.data.map((c) => `${c.name}:${c.source}`).sort()).toEqual([`Catalogue ${tag}:catalogue`, `Shared ${tag}:own`, `Unshared ${tag}:own`]);
    const teacherB = await signIn(t.app, w.teacherB.username);
    expect((await available(teacherB, `search=${tag}`)).data.map((c) => `${c.name}:${c.source}`).sort()).toEqual([
      `Catalogue ${tag}:catalogue`,
      `Other school ${tag}:own`,
    ]);
    for (const who of [w.s1, w.parent, w.assistant, w.admin]) {
      expect((await (await signIn(t.app, who.username)).req('GET', '/api/courses/available')).statusCode).toBe(403);
    }
  });

  it("copies a course another teacher of the school shares; refuses unshared, other schools' and unpublished catalogue courses", async () => {
    const { t, w } = ctx;
    const shared = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.otherClass.id, materials: 3 });
    const unshared = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.otherClass.id });
    const otherSchool = await buildCourse(t.db, { schoolId: w.schoolB.id, classId: w.classB.id });
    await t.db.update(courses).set({ shared: true }).where(eq(courses.id, shared.course.id));
    await t.db.update(courses).set({ shared: true }).where(eq(courses.id, otherSchool.course.id));
    const draft = await buildCatalogueCourse(t.db, { categoryId: (await buildCategory(t.db)).id, published: false });
    const teacher = await signIn(t.app, w.teacher.username);
    const before = await t.db.$count(courses);
    expect((await copy(teacher, unshared.course.id, w.cls.id)).statusCode).toBe(404);
    expect((await copy(teacher, otherSchool.course.id, w.cls.id)).statusCode).toBe(404);
    expect((await copy(teacher, draft.id, w.cls.id)).statusCode).toBe(404);
    // A shared course goes only into a class the caller teaches.
    expect((await copy(teacher, shared.course.id, w.otherClass.id)).statusCode).toBe(404);
    expect((await copy(await signIn(t.app, w.assistant.username), shared.course.id, w.cls.id)).statusCode).toBe(403);
    expect(await t.db.$count(courses)).toBe(before);

    const res = await copy(teacher, shared.course.id, w.cls.id);
    expect(res.statusCode, res.body).toBe(202);
    const { courseId } = res.json<CourseCopyAnswer>();
    expect(await runJobs()).toBe(1);
    const copied = (await teacher.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>();
    expect(copied).toMatchObject({
      classId: w.cls.id,
      schoolId: w.schoolA.id,
      name: shared.course.name,
      shared: false,
      published: false,
      job: null,
      materialCount: 3,
    });

    // A busy shared course cannot be copied.
    await t.db.update(courses).set({ job: 'deleting' }).where(eq(courses.id, shared.course.id));
    expect((await copy(teacher, shared.course.id, w.cls.id)).json().code).toBe('COURSE_BUSY');
  });

  it('adds a catalogue course to a class: published content copied, the class course unpublished, the catalogue untouched; its files outlive the catalogue course', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const category = await buildCategory(t.db);
    const { course: catalogue, byName } = await buildCatalogueCourseApi(admin, category.id);
    const catalogueBefore = await contentOf(t.db, catalogue.id);
    const [catalogueRow] = await t.db.select().from(courses).where(eq(courses.id, catalogue.id));

    const teacher = await signIn(t.app, w.teacherB.username);
    const res = await copy(teacher, catalogue.id, w.classB.id);
    expect(res.statusCode, res.body).toBe(202);
    const { courseId, classId } = res.json<CourseCopyAnswer>();
    expect(classId).toBe(w.classB.id);
    expect((await teacher.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>()).toMatchObject({ job: 'copying', published: false });
    expect(await runJobs()).toBe(1);

    const copied = (await teacher.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>();
    expect(copied).toMatchObject({
      classId: w.classB.id,
      schoolId: w.schoolB.id,
      categoryId: null,
      categoryName: null,
      name: catalogue.name,
      code: catalogue.code,
      published: false,
      job: null,
      sequential: true,
      imageUrl: `/api/courses/${courseId}/image?v=1`,
      can: { manage: true },
    });
    // Only what teachers could see of the catalogue course: its drafts stay behind.
    // Issue 13: the class's copy is unpublished through and through, until the teacher publishes it.
    expect(copied.elements.map((e) => [e.name, e.published, e.materials.map((m) => `${m.name}:${m.published}`)])).toEqual([
      ['Unit 1', false, ['Layers of the Earth:false', 'Worksheet:false', 'PHIVOLCS:false']],
    ]);
    const student = await signIn(t.app, w.studentB.username);
    expect((await student.req('GET', `/api/courses/${courseId}`)).statusCode).toBe(404);
    expect(await contentOf(t.db, catalogue.id)).toEqual(catalogueBefore);
    const [after] = await t.db.select().from(courses).where(eq(courses.id, catalogue.id));
    expect(after).toEqual(catalogueRow);

    // The class course is the teacher's own to change; students see it once published.
    const worksheet = copied.elements[0]?.materials.find((m) => m.name === 'Worksheet')?.id ?? '';
    const kept = (await teacher.req('GET', `/api/materials/${worksheet}`)).json<MaterialDetails>();
    expect(kept.file).toMatchObject({ name: 'worksheet.txt', uploadId: expect.any(String) });
    expect((await teacher.req('PATCH', `/api/courses/${courseId}/published`, { published: true, contents: true })).statusCode).toBe(200);
    expect((await student.req('GET', `/api/courses/${courseId}`)).json<CourseDetails>().elements.map((e) => e.materials.length)).toEqual([3]);

    // A second copy deleted first leaves the catalogue course its file.
    const second = (await copy(teacher, catalogue.id, w.classB.id)).json<CourseCopyAnswer>();
    expect(await runJobs()).toBe(1);
    expect((await teacher.req('DELETE', `/api/courses/${second.courseId}`)).statusCode).toBe(202);
    expect(await runJobs()).toBe(1);
    const fromCatalogue = await teacher.req('GET', `/api/materials/${byName.Worksheet}/file`);
    expect(fromCatalogue.statusCode).toBe(200);
    expect(fromCatalogue.rawPayload.equals(WORKSHEET)).toBe(true);

    // The rex admin deletes the catalogue course: the class course keeps its file.
    const gone = await admin.req('DELETE', `/api/courses/${catalogue.id}`);
    expect(gone.statusCode, gone.body).toBe(202);
    expect(await runJobs()).toBe(1);
    expect((await admin.req('GET', `/api/courses/${catalogue.id}`)).statusCode).toBe(404);
    expect((await teacher.req('GET', `/api/materials/${byName.Worksheet}`)).statusCode).toBe(404);
    const download = await teacher.req('GET', `/api/materials/${worksheet}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(WORKSHEET)).toBe(true);
    expect((await teacher.req('GET', `/api/courses/${courseId}/image`)).statusCode).toBe(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogueCourseForm, CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { TablePage } from '@klase/core/table';
import { auditLog } from '../../db/schema/platform.ts';
import { courses } from '../../db/schema/courses.ts';
import { signIn } from '../../test/agent.ts';
import { buildCourse } from '../../test/class-factories.ts';
import { buildCatalogueCourse, buildCategory, buildElement, buildRexAdmin } from '../../test/course-factories.ts';
import { uniq } from '../../test/factories.ts';
import { COURSE_MESSAGES } from '../../kernel/course-messages.ts';
import { useClassWorld } from '../../test/class-world.ts';

const courseForm = (categoryId: string, extra: Partial<CatalogueCourseForm> = {}): CatalogueCourseForm => ({
  name: uniq('Earth Science '),
  code: uniq('es-'),
  description: 'Rocks, weather and the solar system.',
  gradeLevel: 'Grade 8',
  subject: 'Science',
  sequential: true,
  categoryId,
  ...extra,
});

describe('catalogue: categories and catalogue courses', () => {
  const ctx = useClassWorld();
  const rex = async () => signIn(ctx.t.app, (await buildRexAdmin(ctx.t.db)).username);
  const auditOf = async (targetId: string) => (await ctx.t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).map((a) => a.action);

  it('the rex admin creates, renames and deletes categories; names are unique whatever their case; bad input is refused', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const name = uniq('Science ');
    const res = await admin.req('POST', '/api/catalogue/categories', { name, description: 'Living things, matter and energy.' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CategoryRow>();
    expect(created).toEqual({ id: expect.any(String), name, description: 'Living things, matter and energy.', courseCount: 0 });
    expect(await auditOf(created.id)).toEqual(['category.created']);

    const dup = await admin.req('POST', '/api/catalogue/categories', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CATEGORY_EXISTS', message: expect.any(String) });
    expect(dup.json().message).not.toBe('');
    const short = await admin.req('POST', '/api/catalogue/categories', { name: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0]).toMatchObject({ path: 'name' });
    expect((await admin.req('POST', '/api/catalogue/categories', { description: 'no name' })).statusCode).toBe(400);

    const other = (await admin.req('POST', '/api/catalogue/categories', { name: uniq('Mathematics ') })).json<CategoryRow>();
    const clash = await admin.req('PUT', `/api/catalogue/categories/${other.id}`, { name: name.toLowerCase(), description: '' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('CATEGORY_EXISTS');
    const renamed = await admin.req('PUT', `/api/catalogue/categories/${other.id}`, { name: `${other.name} and Statistics`, description: 'Numbers.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<CategoryRow>()).toMatchObject({ id: other.id, name: `${other.name} and Statistics`, description: 'Numbers.', courseCount: 0 });
    // Keeping its own name is no clash.
    expect((await admin.req('PUT', `/api/catalogue/categories/${other.id}`, { name: `${other.name} and Statistics`, description: '' })).statusCode).toBe(200);
    expect((await admin.req('PUT', `/api/catalogue/categories/${crypto.randomUUID()}`, { name: 'Nowhere', description: '' })).statusCode).toBe(404);
    expect((await admin.req('PUT', '/api/catalogue/categories/not-a-uuid', { name: 'Nowhere', description: '' })).statusCode).toBe(400);

    // Teachers read categories; nobody but the rex admin changes them.
    const teacher = await signIn(t.app, w.teacher.username);
    expect((await teacher.req('GET', '/api/catalogue/categories')).statusCode).toBe(200);
    expect((await teacher.req('POST', '/api/catalogue/categories', { name: uniq('Teacher made ') })).statusCode).toBe(403);
    expect((await teacher.req('PUT', `/api/catalogue/categories/${other.id}`, { name: 'Mine', description: '' })).statusCode).toBe(403);
    expect((await teacher.req('DELETE', `/api/catalogue/categories/${other.id}`)).statusCode).toBe(403);
    for (const who of [w.s1, w.parent, w.assistant, w.admin]) {
      expect((await (await signIn(t.app, who.username)).req('GET', '/api/catalogue/categories')).statusCode).toBe(403);
    }

    const gone = await admin.req('DELETE', `/api/catalogue/categories/${other.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: COURSE_MESSAGES.categoryDeleted['en-us'] });
    expect((await admin.req('GET', '/api/catalogue/categories')).json<CategoryRow[]>().map((c) => c.id)).not.toContain(other.id);
    expect(await auditOf(other.id)).toEqual(['category.created', 'category.updated', 'category.updated', 'category.deleted']);
    expect((await admin.req('DELETE', `/api/catalogue/categories/${other.id}`)).statusCode).toBe(404);
  });

  it('counts courses per category (teachers: published ones) and refuses to delete a category in use', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const science = await buildCategory(t.db, { name: uniq('A Science ') });
    const empty = await buildCategory(t.db, { name: uniq('B Values ') });
    await buildCatalogueCourse(t.db, { categoryId: science.id });
    await buildCatalogueCourse(t.db, { categoryId: science.id, published: false });
    const count = async (agent: Awaited<ReturnType<typeof rex>>, id: string) =>
      (await agent.req('GET', '/api/catalogue/categories')).json<CategoryRow[]>().find((c) => c.id === id)?.courseCount;
    expect(await count(admin, science.id)).toBe(2);
    expect(await count(admin, empty.id)).toBe(0);
    const teacher = await signIn(t.app, w.teacher.username);
    expect(await count(teacher, science.id)).toBe(1);
    const list = (await teacher.req('GET', '/api/catalogue/categories')).json<CategoryRow[]>();
    const names = list.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const inUse = await admin.req('DELETE', `/api/catalogue/categories/${science.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('CATEGORY_IN_USE');
    expect(await count(admin, science.id)).toBe(2);
  });

  it('the rex admin creates and edits catalogue courses (no class, no school, unpublished) with their category; duplicates get the spec texts', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const science = await buildCategory(t.db, { name: uniq('Science ') });
    const math = await buildCategory(t.db, { name: uniq('Mathematics ') });
    const form = courseForm(science.id, { name: uniq('Earth and Space '), code: uniq('esp-') });
    const res = await admin.req('POST', '/api/catalogue/courses', form);
    expect(res.statusCode, res.body).toBe(201);
    const course = res.json<CourseDetails>();
    expect(course).toMatchObject({
      classId: null,
      className: null,
      schoolId: null,
      categoryId: science.id,
      categoryName: science.name,
      name: form.name,
      code: form.code.toUpperCase(),
      published: false,
      shared: false,
      elements: [],
      can: { manage: true, viewStudentMode: true },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, course.id), eq(auditLog.action, 'course.created')));
    expect(entry).toMatchObject({ schoolId: null, targetType: 'course' });
    expect((entry?.data as { after: Record<string, unknown> }).after).toMatchObject({ name: form.name, categoryId: science.id });

    const sameName = await admin.req('POST', '/api/catalogue/courses', courseForm(math.id, { name: form.name.toLowerCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ code: 'COURSE_CREATE_EXISTS', message: 'Creation Unsuccessful. Course already exists.' });
    expect((await admin.req('POST', '/api/catalogue/courses', courseForm(math.id, { code: form.code }))).json().code).toBe('COURSE_CREATE_EXISTS');
    const noCategory = await admin.req('POST', '/api/catalogue/courses', courseForm(crypto.randomUUID()));
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields).toEqual([expect.objectContaining({ path: 'categoryId' })]);
    const { categoryId: _c, ...withoutCategory } = courseForm(math.id);
    expect((await admin.req('POST', '/api/catalogue/courses', withoutCategory)).json().fields).toEqual([expect.objectContaining({ path: 'categoryId' })]);
    // A class course may have a catalogue course's name (they are different lists).
    const teacher = await signIn(t.app, w.teacher.username);
    const classCopy = await teacher.req('POST', `/api/classes/${w.cls.id}/courses`, { ...withoutCategory, name: form.name, code: form.code });
    expect(classCopy.statusCode, classCopy.body).toBe(201);

    const edited = await admin.req('PUT', `/api/catalogue/courses/${course.id}`, courseForm(math.id, { name: `${form.name} II`, code: form.code }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CourseDetails>()).toMatchObject({ name: `${form.name} II`, categoryId: math.id, categoryName: math.name });
    const second = (await admin.req('POST', '/api/catalogue/courses', courseForm(math.id))).json<CourseDetails>();
    const clash = await admin.req('PUT', `/api/catalogue/courses/${second.id}`, courseForm(math.id, { name: `${form.name} ii` }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'COURSE_UPDATE_EXISTS', message: 'Update Unsuccessful. Course already exists.' });
    expect((await admin.req('PUT', `/api/catalogue/courses/${second.id}`, courseForm(crypto.randomUUID()))).statusCode).toBe(400);
    const [stored] = await t.db.select().from(courses).where(eq(courses.id, second.id));
    expect(stored?.categoryId).toBe(math.id);
    // The plain course edit works too and keeps the category.
    const plain = await admin.req('PUT', `/api/courses/${second.id}`, withoutCategory);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<CourseDetails>()).toMatchObject({ categoryId: math.id, name: withoutCategory.name });

    // Teachers neither create nor edit catalogue courses; the rex admin never reaches class courses.
    expect((await teacher.req('POST', '/api/catalogue/courses', courseForm(math.id))).statusCode).toBe(403);
    expect((await teacher.req('PUT', `/api/catalogue/courses/${second.id}`, courseForm(math.id))).statusCode).toBe(403);
    expect((await admin.req('PUT', `/api/catalogue/courses/${classCopy.json<CourseDetails>().id}`, courseForm(math.id))).statusCode).toBe(404);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', '/api/catalogue/courses')).statusCode).toBe(403);
  });

  it('lists catalogue courses: the rex admin all of them, teachers the published ones with their published items; search, category and sorting', async () => {
    const { t, w } = ctx;
    const admin = await rex();
    const bio = await buildCategory(t.db, { name: uniq('Biology ') });
    const geo = await buildCategory(t.db, { name: uniq('Geometry ') });
    const tag = uniq('zq');
    const cells = await buildCatalogueCourse(t.db, { categoryId: bio.id, name: `Cells ${tag}` });
    const draft = await buildCatalogueCourse(t.db, { categoryId: bio.id, name: `Draft ${tag}`, published: false });
    const angles = await buildCatalogueCourse(t.db, { categoryId: geo.id, name: `Angles ${tag}` });
    await buildElement(t.db, cells.id, { published: true });
    await buildElement(t.db, cells.id, { published: false });

    const list = async (agent: typeof admin, query: string) => {
      const res = await agent.req('GET', `/api/catalogue/courses?search=${tag}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TablePage<CatalogueCourseRow>>();
    };
    const all = await list(admin, 'sortBy=name');
    expect(all.data.map((c) => c.id)).toEqual([angles.id, cells.id, draft.id]);
    expect(all.pagination.totalcount).toBe(3);
    expect(all.data.find((c) => c.id === cells.id)).toMatchObject({
      categoryId: bio.id,
      categoryName: bio.name,
      classId: null,
      elementCount: 2,
      status: 'PUBLISHED',
    });
    expect((await list(admin, 'filter[key]=status&filter[values][]=unpublished')).data.map((c) => c.id)).toEqual([draft.id]);

    const teacher = await signIn(t.app, w.teacher.username);
    const seen = await list(teacher, 'sortBy=categoryName&sortOrder=desc');
    expect(seen.data.map((c) => c.id)).toEqual([angles.id, cells.id]);
    expect(seen.data.find((c) => c.id === cells.id)?.elementCount).toBe(1);
    expect((await list(teacher, `categoryId=${bio.id}`)).data.map((c) => c.id)).toEqual([cells.id]);
    expect((await teacher.req('GET', '/api/catalogue/courses?categoryId=nope')).statusCode).toBe(400);

    // The catalogue is not My Courses: class courses never show here.
    const classCourse = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: `Class ${tag}` });
    expect((await list(admin, '')).data.map((c) => c.id)).not.toContain(classCourse.course.id);
  });
});

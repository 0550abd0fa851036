import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classes, classTeachers } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { checkEditVersions } from '../../test/edit-versions.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildJourneyCourse } from '../../test/materials-world.ts';

/** Two co-teachers of one class saving the same class, course, element and material (issue 13). */
describe('edit versions: classes, courses, elements, materials', () => {
  const ctx = useClassWorld();
  let first: Agent;
  let second: Agent;
  let courseId: string;
  let elementId: string;
  let pageId: string;
  let essayId: string;
  let quizId: string;

  beforeAll(async () => {
    const { t, w } = ctx;
    await t.db.insert(classTeachers).values({ classId: w.cls.id, userId: w.otherTeacher.id, position: 2 });
    const built = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      elements: [{ name: 'Week 1', materials: [{ name: 'Reading' }, { name: 'Essay', type: 'assignment' }, { name: 'Quiz', type: 'quiz' }] }],
    });
    courseId = built.course.id;
    elementId = built.elementIds['Week 1'] ?? '';
    pageId = built.ids.Reading ?? '';
    essayId = built.ids.Essay ?? '';
    quizId = built.ids.Quiz ?? '';
    first = await signIn(t.app, w.teacher.username);
    second = await signIn(t.app, w.otherTeacher.username);
  });

  const pair = () => ({ first, second, firstName: 'Maria Santos' });

  it('class settings', async () => {
    const { t, w } = ctx;
    const read = async () => (await t.db.select().from(classes).where(eq(classes.id, w.cls.id)))[0];
    await checkEditVersions({
      ...pair(),
      url: `/api/classes/${w.cls.id}`,
      readVersion: async () => (await read())?.version ?? 0,
      body: (n) => ({
        name: `Grade 7 - Sampaguita ${n}`,
        gradeLevel: 'Grade 7',
        section: 'Sampaguita',
        schoolYearFrom: 2026,
        schoolYearTo: 2027,
        teacherIds: [w.teacher.id, w.assistant.id, w.otherTeacher.id],
      }),
      savedMark: async () => (await read())?.name,
      mark: (n) => `Grade 7 - Sampaguita ${n}`,
    });
    const details = await first.req('GET', `/api/classes/${w.cls.id}`);
    expect(details.json()).toMatchObject({ version: 4, updatedBy: expect.any(String) });
  });

  it('course settings', async () => {
    const { t } = ctx;
    const read = async () => (await t.db.select().from(courses).where(eq(courses.id, courseId)))[0];
    await checkEditVersions({
      ...pair(),
      url: `/api/courses/${courseId}`,
      readVersion: async () => (await read())?.version ?? 0,
      body: (n) => ({ name: `Science ${n}`, code: `SCI-${n}`, gradeLevel: 'Grade 7', subject: 'Science' }),
      savedMark: async () => (await read())?.name,
      mark: (n) => `Science ${n}`,
    });
    const details = await first.req('GET', `/api/courses/${courseId}`);
    expect(details.json()).toMatchObject({ version: 4, elements: [expect.objectContaining({ id: elementId, version: 1 })] });
  });

  it('a course element', async () => {
    const { t } = ctx;
    const read = async () => (await t.db.select().from(courseElements).where(eq(courseElements.id, elementId)))[0];
    await checkEditVersions({
      ...pair(),
      url: `/api/courses/${courseId}/elements/${elementId}`,
      readVersion: async () => (await read())?.version ?? 0,
      body: (n) => ({ name: `Week 1 (${n})`, type: 'basic' }),
      savedMark: async () => (await read())?.name,
      mark: (n) => `Week 1 (${n})`,
    });
  });

  it('a material, and the material read carries the version; reordering does not change it', async () => {
    const { t } = ctx;
    const read = async () => (await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, pageId)))[0];
    await checkEditVersions({
      ...pair(),
      url: `/api/materials/${pageId}`,
      readVersion: async () => (await read())?.version ?? 0,
      body: (n) => ({ type: 'page', name: 'Reading', contentHtml: `<p>Version ${n}</p>` }),
      savedMark: async () => (await read())?.contentHtml,
      mark: (n) => `<p>Version ${n}</p>`,
    });
    const details = await first.req('GET', `/api/materials/${pageId}`);
    expect(details.json()).toMatchObject({ version: 4 });
    const order = await first.req('PUT', `/api/courses/${courseId}/elements/${elementId}/materials/order`, { materialIds: [quizId, essayId, pageId] });
    expect(order.statusCode, order.body).toBe(200);
    expect((await read())?.version).toBe(4);
  });

  /** Settings stored on first save: version 0 (the defaults) until then. */
  const settingsRecord = (url: string, body: (n: number) => Record<string, unknown>, field: string) => {
    const read = async () => (await first.req('GET', url)).json<Record<string, unknown>>();
    return {
      ...pair(),
      url,
      readVersion: async () => Number((await read()).version),
      body,
      savedMark: async () => (await read())[field],
      mark: (n: number) => body(n)[field],
    };
  };

  it('assignment settings, from their defaults on', async () => {
    await checkEditVersions(settingsRecord(`/api/materials/${essayId}/assignment-settings`, (n) => ({ submissionType: 'files', maxFiles: n }), 'maxFiles'));
  });

  it('quiz settings, from their defaults on', async () => {
    await checkEditVersions(settingsRecord(`/api/materials/${quizId}/quiz-settings`, (n) => ({ passingPercent: 50 + n }), 'passingPercent'));
  });

  it('answers the conflict in the caller language', async () => {
    const { t, w } = ctx;
    await t.db.update(users).set({ language: 'zh' }).where(eq(users.id, w.otherTeacher.id));
    const zh = await signIn(t.app, w.otherTeacher.username);
    const res = await zh.req('PUT', `/api/materials/${pageId}`, { type: 'page', name: 'Reading', contentHtml: '<p>Old</p>', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Maria Santos 已于 .+ 修改了此内容。/);
  });

  it('refuses a version that is not a whole number from 0 up (400), and a record out of reach stays 404', async () => {
    const bad = await first.req('PUT', `/api/materials/${pageId}`, { type: 'page', name: 'Reading', version: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'version' })]);
    const outsider = await signIn(ctx.t.app, ctx.w.teacherB.username);
    const hidden = await outsider.req('PUT', `/api/materials/${pageId}`, { type: 'page', name: 'Reading', version: 1, overwrite: true });
    expect(hidden.statusCode).toBe(404);
  });
});

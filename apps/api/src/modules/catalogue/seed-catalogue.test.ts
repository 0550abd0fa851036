import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { catalogueCategories, courseMaterials, courses } from '../../db/schema/courses.ts';
import { CATALOGUE_COURSES, seedCatalogue } from '../../seed/seed-catalogue.ts';
import { signIn } from '../../test/agent.ts';
import { buildRexAdmin } from '../../test/course-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';

describe('the demo catalogue seed', () => {
  const ctx = useClassWorld();

  it('adds two categories and two published catalogue courses with published content, once; teachers can open and copy them', async () => {
    const { t, w } = ctx;
    const rexAdmin = await buildRexAdmin(t.db);
    expect(await seedCatalogue(t.db, rexAdmin.id)).toBe(2);
    const counts = async () => [
      await t.db.$count(catalogueCategories),
      await t.db.$count(courses, isNull(courses.classId)),
      await t.db.$count(courseMaterials),
    ];
    const before = await counts();
    expect(await seedCatalogue(t.db, rexAdmin.id)).toBe(0);
    expect(await counts()).toEqual(before);

    const teacher = await signIn(t.app, w.teacher.username);
    const categories = (await teacher.req('GET', '/api/catalogue/categories')).json<CategoryRow[]>();
    expect(categories.map((c) => [c.name, c.courseCount])).toEqual([
      ['Mathematics', 1],
      ['Science', 1],
    ]);
    const listed = (await teacher.req('GET', '/api/catalogue/courses?sortBy=name')).json<{ data: CatalogueCourseRow[] }>().data;
    expect(listed.map((c) => [c.name, c.categoryName])).toEqual([
      ['Mathematics 7: Measurement', 'Mathematics'],
      ['Science 8: Earthquakes and Faults', 'Science'],
    ]);
    const types: string[] = [];
    for (const row of listed) {
      const details = (await teacher.req('GET', `/api/courses/${row.id}`)).json<CourseDetails>();
      const spec = CATALOGUE_COURSES.find((c) => c.name === row.name);
      expect(details.elements.map((e) => e.name)).toEqual(spec?.elements.map((e) => e.name));
      expect(details.materialCount).toBe(spec?.elements.reduce((n, e) => n + e.materials.length, 0));
      details.elements.forEach((e) => types.push(...e.materials.map((m) => m.type)));
      const first = details.elements[0]?.materials[0]?.id;
      const page = (await teacher.req('GET', `/api/materials/${first}`)).json<MaterialDetails>();
      expect(page.contentHtml).toContain('<h2>');
    }
    expect(new Set(types)).toEqual(new Set(['page', 'video', 'link', 'assignment', 'quiz', 'activity']));
    const [graded] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.name, 'Our family earthquake plan'));
    expect(graded).toMatchObject({ type: 'assignment', maxPoints: 20, published: true });
    const copy = await teacher.req('POST', `/api/courses/${listed[1]?.id}/copy`, { targetClassId: w.cls.id });
    expect(copy.statusCode, copy.body).toBe(202);
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    const copied = (await teacher.req('GET', `/api/courses/${copy.json<{ courseId: string }>().courseId}`)).json<CourseDetails>();
    expect(copied).toMatchObject({ name: 'Science 8: Earthquakes and Faults', classId: w.cls.id, materialCount: 7, published: false });
  });
});

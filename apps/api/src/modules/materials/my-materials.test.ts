import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyMaterialRow } from '@klase/core/materials/contracts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClass } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildJourneyCourse } from '../../test/materials-world.ts';

interface Page {
  data: MyMaterialRow[];
  pagination: { page: number; totalcount: number };
}

describe('#/materials: the teacher materials across courses', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let biologyId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const { t, w } = ctx;
    const biology = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      elements: [
        { name: 'Cells', materials: [{ name: 'Cell parts' }, { name: 'Cell quiz', type: 'quiz' }, { name: 'Draft notes', published: false }] },
        { name: 'Plants', published: false, materials: [{ name: 'Photosynthesis video', type: 'video' }] },
      ],
    });
    biologyId = biology.course.id;
    // A second class the same teacher teaches, and a class of someone else.
    const second = await buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], name: 'Grade 8 - Mabini' });
    const math = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: second.id,
      elements: [{ name: 'Numbers', materials: [{ name: 'Fractions', type: 'assignment' }] }],
    });
    await buildJourneyCourse(t.db, { schoolId: w.schoolA.id, classId: w.otherClass.id, elements: [{ name: 'Other', materials: [{ name: 'Not mine' }] }] });
    ids = { ...biology.ids, ...math.ids };
    await t.db
      .update(courseMaterials)
      .set({ dueAt: new Date('2026-10-01T00:00:00Z') })
      .where(eq(courseMaterials.id, ids['Cell quiz'] ?? ''));
    teacher = await signIn(t.app, w.teacher.username);
  });

  const list = async (agent: Agent, query = ''): Promise<Page> => {
    const res = await agent.req('GET', `/api/materials?rowsperpage=50&page=1${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const names = (p: Page) => p.data.map((m) => m.name);

  it('lists every material of the courses of the classes the teacher teaches, published or not', async () => {
    const page = await list(teacher);
    expect(page.pagination.totalcount).toBe(5);
    expect(names(page)).toEqual(['Cell parts', 'Cell quiz', 'Draft notes', 'Fractions', 'Photosynthesis video']);
    expect(page.data.find((m) => m.name === 'Cell quiz')).toEqual({
      id: ids['Cell quiz'],
      name: 'Cell quiz',
      type: 'quiz',
      courseId: biologyId,
      courseName: expect.stringContaining('Course '),
      classId: ctx.w.cls.id,
      className: ctx.w.cls.name,
      elementId: expect.any(String),
      elementName: 'Cells',
      published: true,
      status: 'PUBLISHED',
      dueAt: '2026-10-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    });
    expect(page.data.find((m) => m.name === 'Draft notes')?.status).toBe('UNPUBLISHED');
  });

  it('searches by name, filters by type, course and published, sorts and pages', async () => {
    expect(names(await list(teacher, '&search=cell'))).toEqual(['Cell parts', 'Cell quiz']);
    expect(names(await list(teacher, '&filter[key]=type&filter[values][]=video&filter[values][]=assignment'))).toEqual(['Fractions', 'Photosynthesis video']);
    expect(await list(teacher, '&filter[key]=type&filter[values][]=spreadsheet')).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
    // The material's own flag (the video is published inside an unpublished element).
    expect(names(await list(teacher, `&courseId=${biologyId}&published=false`))).toEqual(['Draft notes']);
    expect(names(await list(teacher, `&courseId=${biologyId}&published=true&sortBy=name&sortOrder=desc`))).toEqual([
      'Photosynthesis video',
      'Cell quiz',
      'Cell parts',
    ]);
    expect(names(await list(teacher, '&sortBy=type&sortOrder=desc'))[0]).toBe('Photosynthesis video');
    expect(names(await list(teacher, '&sortBy=className')).slice(-1)).toEqual(['Fractions']);
    expect(names(await list(teacher, '&sortBy=dueAt'))[0]).toBe('Cell quiz');
    const second = (await teacher.req('GET', '/api/materials?rowsperpage=10&page=2')).json<Page>();
    expect(second).toEqual({ data: [], pagination: { page: 2, totalcount: 5 } });
    expect((await teacher.req('GET', '/api/materials?courseId=nope')).statusCode).toBe(400);
    expect((await teacher.req('GET', '/api/materials?published=maybe')).statusCode).toBe(400);
  });

  it('assistants see the materials of the classes they assist; others see only their own or are refused', async () => {
    const { t, w } = ctx;
    const assistant = await signIn(t.app, w.assistant.username);
    expect(names(await list(assistant))).toEqual(['Cell parts', 'Cell quiz', 'Draft notes', 'Photosynthesis video']);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect(names(await list(other))).toEqual(['Not mine']);
    const foreign = await signIn(t.app, w.teacherB.username);
    expect((await list(foreign)).pagination.totalcount).toBe(0);
    for (const username of [w.s1.username, w.parent.username, w.admin.username]) {
      const agent = await signIn(t.app, username);
      expect((await agent.req('GET', '/api/materials')).statusCode, username).toBe(403);
    }
  });
});

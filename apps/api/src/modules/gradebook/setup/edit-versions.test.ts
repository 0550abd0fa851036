import { beforeAll, describe, expect, it } from 'vitest';
import type { GradebookSetupView } from '@klase/core/gradebook/index';
import { classTeachers } from '../../../db/schema/classes.ts';
import { checkEditVersions } from '../../../test/edit-versions.ts';
import { useSetupWorld } from '../../../test/gradebook-setup-world.ts';

type SetupList = 'categories' | 'items' | 'scales' | 'rubrics' | 'periods';

/** Two co-teachers saving the same part of one gradebook's setup (issue 13). */
describe('edit versions: the gradebook setup', () => {
  const k = useSetupWorld();
  let courseId: string;
  let categoryId: string;

  beforeAll(async () => {
    const { t, w } = k.ctx;
    await t.db.insert(classTeachers).values({ classId: w.cls.id, userId: w.otherTeacher.id, position: 2 });
    const built = await k.course(['Written works']);
    courseId = built.course.id;
    categoryId = built.categories[0]?.id ?? '';
  });

  const pair = () => ({ first: k.teacher, second: k.otherTeacher, firstName: 'Maria Santos' });
  const setup = () => k.setup(courseId);

  /** A record of one of the setup's lists, created by the first teacher, then saved by both. */
  const listRecord = async (list: SetupList, create: Record<string, unknown>, body: (n: number) => Record<string, unknown>, field: string) => {
    const made = await k.teacher.req('POST', k.url(courseId, list), create);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string; version: number }>().id;
    expect(made.json()).toMatchObject({ version: 1 });
    const read = async () => (await setup())[list].find((r) => r.id === id) as unknown as Record<string, unknown>;
    await checkEditVersions({
      ...pair(),
      url: k.url(courseId, `${list}/${id}`),
      readVersion: async () => Number((await read()).version),
      body,
      savedMark: async () => (await read())[field],
      mark: (n) => body(n)[field],
    });
  };

  it('a category', async () => {
    await listRecord('categories', { name: 'Performance tasks' }, (n) => ({ name: `Performance tasks ${n}` }), 'name');
  });

  it('a manual item', async () => {
    await listRecord('items', { name: 'Recitation', categoryId }, (n) => ({ name: `Recitation ${n}`, categoryId }), 'name');
  });

  it('a custom scale', async () => {
    await listRecord('scales', { name: 'Reading level', values: 'Low, High' }, (n) => ({ name: `Reading level ${n}`, values: 'Low, High' }), 'name');
  });

  it('a rubric', async () => {
    const criteria = [
      {
        title: 'Content',
        levels: [
          { label: 'Weak', points: 1 },
          { label: 'Strong', points: 4 },
        ],
      },
    ];
    await listRecord('rubrics', { name: 'Essay rubric', criteria }, (n) => ({ name: `Essay rubric ${n}`, criteria }), 'name');
  });

  it('a grading period', async () => {
    const dates = { startsOn: '2026-06-08', endsOn: '2026-08-14' };
    await listRecord('periods', { name: 'First quarter', ...dates }, (n) => ({ name: `First quarter ${n}`, ...dates }), 'name');
  });

  it('the settings, final-grade settings and letters: one record, one version', async () => {
    const read = async (): Promise<GradebookSetupView['settings']> => (await setup()).settings;
    const settings = (n: number) => ({
      status: 'visible',
      gradeDisplayType: 'real',
      decimals: n,
      hiddenPolicy: 'hideTotals',
      minMaxToUse: 'item',
      includeScales: true,
    });
    await checkEditVersions({
      ...pair(),
      url: k.url(courseId, 'settings'),
      readVersion: async () => (await read()).version,
      body: settings,
      savedMark: async () => (await read()).decimals,
      mark: (n) => n,
    });
    const finals = (n: number) => ({ finalMode: 'courseTotal', finalDisplayType: 'realPercentage', finalDecimals: n });
    await checkEditVersions({
      ...pair(),
      url: k.url(courseId, 'final-settings'),
      readVersion: async () => (await read()).version,
      body: finals,
      savedMark: async () => (await read()).finalDecimals,
      mark: (n) => n,
    });
    const letters = (n: number) => ({
      letters: [
        { letter: `A${n}`, boundary: 90 },
        { letter: 'F', boundary: 0 },
      ],
    });
    await checkEditVersions({
      ...pair(),
      url: k.url(courseId, 'letters'),
      readVersion: async () => (await read()).version,
      body: letters,
      savedMark: async () => (await read()).letters[0]?.letter,
      mark: (n) => `A${n}`,
    });
  });
});

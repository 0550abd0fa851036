import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementList } from '@klase/core/announcements/contracts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo announcements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  const titles = async (username: string, query = '') => {
    const res = await (await signIn(t.app, username, DEMO_PASSWORD)).req('GET', `/api/announcements/current${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AnnouncementList>().items.map((a) => a.title);
  };

  it('every demo role of both schools sees current ones at once; the scheduled and the ended one show to nobody', async () => {
    const users = [
      'schooladmin',
      'teacher1',
      'teacher2',
      'assistant1',
      'student1',
      'student2',
      'student5',
      'parent1',
      'parent2',
      'schooladmin2',
      'teacher3',
      'student7',
    ];
    const seen = new Map<string, string[]>();
    for (const u of users) seen.set(u, await titles(u));
    for (const u of users) expect(seen.get(u)?.length ?? 0, u).toBeGreaterThan(0);
    expect(seen.get('student1')).toEqual(expect.arrayContaining(['Science fair booths', 'Bring a scientific calculator', 'Foundation Day celebration']));
    expect(seen.get('student1')?.some((x) => x.startsWith('New lesson in '))).toBe(true);
    expect(seen.get('schooladmin')).toEqual(['Foundation Day celebration']);
    expect(seen.get('student7')).toEqual(expect.arrayContaining(['Spelling bee practice', 'Enrollment for the next school year']));
    expect(seen.get('student7')).not.toContain('Foundation Day celebration');
    const parent = await signIn(t.app, 'parent1', DEMO_PASSWORD);
    const ana = parent.session.childrenList.find((c) => c.username === 'student2');
    expect(await titles('parent1', `?childId=${ana?.id ?? ''}`)).toEqual(
      expect.arrayContaining(['Museum trip permission slips', 'Foundation Day celebration']),
    );
    for (const list of seen.values()) expect(list).not.toEqual(expect.arrayContaining(['Quarterly exam schedule']));
    for (const list of seen.values()) expect(list).not.toEqual(expect.arrayContaining(['Make-up quiz this week']));
  });
});

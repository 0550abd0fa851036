import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetails, PortfolioRow } from '@klase/core/portfolios/contracts';
import type { TablePage } from '@klase/core/table';
import { portfolioItems } from '../db/schema/portfolios.ts';
import { users } from '../db/schema/users.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PORTFOLIO_TITLE, seedDemoPortfolios } from './seed-portfolios.ts';
import { DEMO_GROUP_PORTFOLIO_TITLE, DEMO_TEACHER_PORTFOLIO_TITLE } from './seed-portfolios-more.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: portfolios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('gives student1 one published portfolio with an item of each kind, seen by the parent and the teacher; once, and its file again when missing', async () => {
    expect(await seedDemoPortfolios(t.db, t.app.storage)).toBe(3);
    expect(await seedDemoPortfolios(t.db, t.app.storage)).toBe(0);
    const [student1] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'student1'));
    const mine = (await (await signIn(t.app, 'student1', DEMO_PASSWORD)).req('GET', '/api/portfolios')).json<TablePage<PortfolioRow>>();
    expect(mine.data.map((r) => [r.title, r.status, r.itemCount])).toEqual([[DEMO_PORTFOLIO_TITLE, 'PUBLISHED', 4]]);
    const id = mine.data[0]?.id ?? '';
    for (const who of ['parent1', 'teacher1']) {
      const a = await signIn(t.app, who, DEMO_PASSWORD);
      expect((await a.req('GET', `/api/users/${student1?.id}/portfolios`)).json<TablePage<PortfolioRow>>().data.map((r) => r.id)).toEqual([id]);
      const details = (await a.req('GET', `/api/portfolios/${id}`)).json<PortfolioDetails>();
      expect(details.items.map((i) => i.kind)).toEqual(['file', 'reflection', 'link', 'work']);
      const work = details.items[3];
      expect(work?.kind === 'work' && work.work?.grade).toMatchObject({ points: expect.any(Number) });
      expect(work?.kind === 'work' && work.work?.feedbackHtml).toBeTruthy();
      const file = details.items[0];
      const download = await a.req('GET', file?.kind === 'file' ? file.file.downloadUrl : '');
      expect(download.statusCode).toBe(200);
      expect(download.body.startsWith('%PDF-1.4')).toBe(true);
    }
    const [item] = await t.db.select({ key: portfolioItems.storageKey }).from(portfolioItems).where(eq(portfolioItems.portfolioId, id));
    await t.app.storage.delete(item?.key ?? '');
    expect(await seedDemoPortfolios(t.db, t.app.storage)).toBe(0);
    expect(await t.app.storage.get(item?.key ?? '')).not.toBeNull();
  });

  it("gives student1's Reading Circle a published group portfolio and teacher1 a published one: student1 and student3 edit the group's, the class's teacher and classmates read both", async () => {
    await seedDemoPortfolios(t.db, t.app.storage);
    const student1 = await signIn(t.app, 'student1', DEMO_PASSWORD);
    const groups = (await student1.req('GET', '/api/portfolios/groups')).json<TablePage<PortfolioRow>>();
    expect(groups.data.map((r) => [r.title, r.owner.kind, r.owner.name, r.status, r.itemCount])).toEqual([
      [DEMO_GROUP_PORTFOLIO_TITLE, 'group', 'Reading Circle', 'PUBLISHED', 2],
    ]);
    const groupUrl = `/api/portfolios/${groups.data[0]?.id}`;
    for (const who of ['student1', 'student3']) {
      expect((await (await signIn(t.app, who, DEMO_PASSWORD)).req('GET', groupUrl)).json<PortfolioDetails>().canEdit, who).toBe(true);
    }
    for (const who of ['student2', 'teacher1']) {
      const details = (await (await signIn(t.app, who, DEMO_PASSWORD)).req('GET', groupUrl)).json<PortfolioDetails>();
      expect([details.canEdit, details.items.map((i) => i.kind)], who).toEqual([false, ['reflection', 'link']]);
    }
    const [teacher1] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher1'));
    const teaching = (await student1.req('GET', `/api/users/${teacher1?.id}/portfolios`)).json<TablePage<PortfolioRow>>();
    expect(teaching.data.map((r) => [r.title, r.owner.kind, r.status])).toEqual([[DEMO_TEACHER_PORTFOLIO_TITLE, 'teacher', 'PUBLISHED']]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetails, PortfolioRow } from '@klase/core/portfolios/contracts';
import type { TablePage } from '@klase/core/table';
import { portfolioItems } from '../db/schema/portfolios.ts';
import { users } from '../db/schema/users.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PORTFOLIO_TITLE, seedDemoPortfolios } from './seed-portfolios.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: portfolios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('gives student1 one published portfolio with an item of each kind, seen by the parent and the teacher; once, and its file again when missing', async () => {
    expect(await seedDemoPortfolios(t.db, t.app.storage)).toBe(1);
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
});

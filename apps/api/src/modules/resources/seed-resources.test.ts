import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRow } from '@klase/core/resources/contracts';
import type { TablePage } from '@klase/core/table';
import { schoolResources } from '../../db/schema/resources.ts';
import { DEMO_RESOURCES, seedDemoResources, tinyPdf } from '../../seed/seed-resources.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/seed.ts';
import { signIn } from '../../test/agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('demo resources', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  const library = async (username: string) => {
    const agent = await signIn(t.app, username, DEMO_PASSWORD);
    return { agent, page: (await agent.req('GET', '/api/resources?sortBy=title')).json<TablePage<ResourceRow>>() };
  };

  it('gives each demo school its own links and one PDF, once, and writes a missing demo file again', async () => {
    expect(await seedDemoResources(t.db, t.app.storage)).toBe(DEMO_RESOURCES.length);
    expect(await seedDemoResources(t.db, t.app.storage)).toBe(0);

    const rizal = await library('student1');
    expect(rizal.page.data.map((r) => r.title)).toEqual([
      'DepEd Learning Resource Portal',
      'Khan Academy: Pre-algebra',
      'PhET interactive simulations',
      'Science laboratory safety rules',
    ]);
    const pdf = rizal.page.data.find((r) => r.kind === 'file');
    expect(pdf).toMatchObject({ addedBy: { name: 'Maria Clara Santos' }, file: { name: 'Laboratory safety rules.pdf', mime: 'application/pdf' } });
    const download = await rizal.agent.req('GET', pdf?.file?.downloadUrl ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.body.startsWith('%PDF-1.4')).toBe(true);
    expect(download.body).toContain('(5. Wash your hands before leaving the laboratory.) Tj');
    expect(download.body.trimEnd().endsWith('%%EOF')).toBe(true);

    const sanIsidro = await library('student7');
    expect(sanIsidro.page.data.map((r) => r.title)).toEqual(['DepEd Commons', 'StoryWeaver picture books', 'Weekly reading log']);

    const [row] = await t.db.select().from(schoolResources).where(eq(schoolResources.title, 'Weekly reading log'));
    await t.app.storage.delete(row?.fileKey ?? '');
    expect(await seedDemoResources(t.db, t.app.storage)).toBe(0);
    expect((await sanIsidro.agent.req('GET', `/api/resources/${row?.id}/file`)).statusCode).toBe(200);
  });

  it('writes PDFs whose cross-reference table points at each object', () => {
    const data = tinyPdf(['A (first) line', 'back\\slash']).toString('latin1');
    expect(data).toContain('(A \\(first\\) line) Tj');
    expect(data).toContain('(back\\\\slash) Tj');
    const startxref = Number(/startxref\n(\d+)/.exec(data)?.[1]);
    expect(data.slice(startxref).startsWith('xref\n0 6\n')).toBe(true);
    const offsets = [...data.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(data.slice(o).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });
});

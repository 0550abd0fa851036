import type { PortfolioDetails, PortfolioExportJob, PortfolioItem } from '@klase/core/portfolios/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { portfolioItems } from '../../db/schema/portfolios.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { readZip } from '../../test/assessment-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { fakePng, multipartFile } from '../../test/multipart.ts';
import { addFileItemAs, addItemAs, buildGradedWork, createPortfolioAs, publishAs } from '../../test/portfolio-factories.ts';

describe('portfolio export to ZIP', () => {
  const ctx = useClassWorld();
  let s1: Agent;
  let s2: Agent;
  let teacher: Agent;
  let parent: Agent;
  let portfolio: PortfolioDetails;

  beforeAll(async () => {
    const { t, w } = ctx;
    s1 = await signIn(t.app, w.s1.username);
    s2 = await signIn(t.app, w.s2.username);
    teacher = await signIn(t.app, w.teacher.username);
    parent = await signIn(t.app, w.parent.username);
    const c = ctxOf(t.app);
    portfolio = await createPortfolioAs(s1, { title: 'Grade 7 / best work', description: 'My <best> work' });
    const id = portfolio.id;
    expect((await s1.req('PUT', `/api/portfolios/${id}/cover`, undefined, multipartFile('cover', 'me.png', 'image/png', fakePng(300)))).statusCode).toBe(200);
    expect((await addFileItemAs(s1, id, 'poster.pdf', Buffer.from('%PDF-1.4 poster'), { title: 'Poster' })).statusCode).toBe(201);
    expect((await addFileItemAs(s1, id, 'poster.pdf', Buffer.from('%PDF-1.4 poster two'), { title: 'Poster again' })).statusCode).toBe(201);
    expect((await addFileItemAs(s1, id, '../../etc/passwd', Buffer.from('not really'))).statusCode).toBe(201);
    await addItemAs(s1, id, { kind: 'reflection', title: 'What I learned', bodyHtml: '<p>Fractions <em>finally</em>.</p><script>x()</script>' });
    await addItemAs(s1, id, { kind: 'link', title: 'My blog', url: 'https://example.com/blog?a=1&b=2' });
    const work = await buildGradedWork(t.db, c.storage, { schoolId: w.schoolA.id, classId: w.cls.id, studentId: w.s1.id });
    await addItemAs(s1, id, { kind: 'work', title: 'My essay', submissionId: work.submission.id, includeGrade: true, includeFeedback: false });
    // A file item whose stored name still carries path tricks and control characters (an older row, or one written by hand).
    const key = `portfolios/${id}/files/hand-made`;
    await c.storage.put(key, Buffer.from('tricky'));
    await t.db.insert(portfolioItems).values({
      portfolioId: id,
      kind: 'file',
      title: 'Tricky',
      position: 99,
      storageKey: key,
      fileName: '/abs/../../evil\u0007name\u001b.txt',
      size: 6,
      mime: 'text/plain',
    });
    await publishAs(s1, id);
  });

  const expectedNames = [
    'index.html',
    'cover.png',
    'items/01 poster.pdf',
    'items/02 poster.pdf',
    'items/03 passwd',
    'items/04 What I learned.html',
    'items/05 My blog.html',
    'items/06 My essay.html',
    'items/06 My essay files/essay.pdf',
    'items/07 evilname.txt',
  ];

  const checkZip = (files: Map<string, Buffer>) => {
    const names = [...files.keys()];
    expect(names).toEqual(expectedNames);
    for (const n of names) {
      expect(n.startsWith('/')).toBe(false);
      expect(n.split('/')).not.toContain('..');
      expect([...n].some((ch) => ch < ' ' || ch === '\\')).toBe(false);
    }
    expect(files.get('items/01 poster.pdf')?.toString()).toBe('%PDF-1.4 poster');
    expect(files.get('items/02 poster.pdf')?.toString()).toBe('%PDF-1.4 poster two');
    expect(files.get('items/07 evilname.txt')?.toString()).toBe('tricky');
    const reflection = files.get('items/04 What I learned.html')?.toString() ?? '';
    expect(reflection).toContain('<em>finally</em>');
    expect(reflection).not.toContain('<script');
    const essay = files.get('items/06 My essay.html')?.toString() ?? '';
    expect(essay).toContain('Grade: 45 / 50');
    expect(essay).not.toContain('Well argued');
    expect(essay).toContain('href="06%20My%20essay%20files/essay.pdf"');
    const index = files.get('index.html')?.toString() ?? '';
    expect(index).toContain('<title>Grade 7 / best work</title>');
    expect(index).toContain('My &#60;best&#62; work');
    expect(index).toContain('href="https://example.com/blog?a=1&#38;b=2"');
    // index.html links every entry but itself (the work's file through the work's page).
    for (const n of names.filter((x) => x !== 'index.html' && !x.includes(' files/'))) {
      expect(index, n).toContain(`"${n.split('/').map(encodeURIComponent).join('/')}"`);
    }
  };

  it('streams a small portfolio at once to its readers: every item, names made safe and unique, index.html linking them', async () => {
    const res = await teacher.req('GET', `/api/portfolios/${portfolio.id}/export.zip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Grade 7 - best work.zip"');
    checkZip(readZip(res.rawPayload));
    expect((await s2.req('GET', `/api/portfolios/${portfolio.id}/export.zip`)).statusCode).toBe(404);
  });

  it('runs as a background job with progress, then downloads for the requester only', async () => {
    const { t } = ctx;
    const started = await parent.req('POST', `/api/portfolios/${portfolio.id}/exports`);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<PortfolioExportJob>();
    expect(job).toMatchObject({ state: 'queued', done: 0, downloadUrl: null });
    expect(job.total).toBeGreaterThan(0);
    const early = await parent.req('GET', `/api/portfolios/exports/${job.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EXPORT_NOT_READY');
    await t.app.portfolioExportWorker.flush();
    const done = (await parent.req('GET', `/api/portfolios/exports/${job.id}`)).json<PortfolioExportJob>();
    expect(done).toMatchObject({
      state: 'done',
      done: job.total,
      total: job.total,
      fileName: 'Grade 7 - best work.zip',
      downloadUrl: `/api/portfolios/exports/${job.id}/file`,
    });
    const file = await parent.req('GET', done.downloadUrl ?? '');
    expect(file.statusCode).toBe(200);
    checkZip(readZip(file.rawPayload));
    // Somebody else's job is not found, even by a reader of the portfolio.
    expect((await teacher.req('GET', `/api/portfolios/exports/${job.id}`)).statusCode).toBe(404);
    expect((await s2.req('POST', `/api/portfolios/${portfolio.id}/exports`)).statusCode).toBe(404);
  });

  it('says a portfolio over the direct limit must use the job', async () => {
    const { t } = ctx;
    const p = await createPortfolioAs(s1, { title: 'Big' });
    const item = await addFileItemAs(s1, p.id, 'small.bin', Buffer.from('x'));
    // Pretend the stored file is 60 MB (the limit is on the recorded sizes).
    await t.db
      .update(portfolioItems)
      .set({ size: 60 * 1024 * 1024 })
      .where(eq(portfolioItems.portfolioId, p.id));
    const res = await s1.req('GET', `/api/portfolios/${p.id}/export.zip`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EXPORT_TOO_LARGE');
    expect(item.json<PortfolioItem>().kind).toBe('file');
  });
});

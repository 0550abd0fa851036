import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_REASON_COLUMN } from '@klase/core/admin/bulk';
import { users } from '../../../db/schema/users.ts';
import { signIn } from '../../../test/agent.ts';
import { BULK_HEADER, bulkJobAfterWork, uploadBulk, useBulkWorld } from '../../../test/bulk-upload.ts';
import { uniq } from '../../../test/factories.ts';

const teacher = (name: string, email = `${name}@x.ph`) => `teacher,${name},${email},,Ana,,Ramos,,T-1,,,`;
const csvOf = (rows: string[]) => Buffer.from([BULK_HEADER, ...rows, ''].join('\n'));
const parseCsv = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('bulk upload preview, confirmation and rejected rows', () => {
  const world = useBulkWorld();

  it('previews what will be created and what is wrong, creates nothing until confirmed, then creates it', async () => {
    const [a, b, c] = [uniq('pa'), uniq('pb'), uniq('pc')];
    const file = csvOf([teacher(a), teacher(world.w.teacherA.username, `${uniq('n')}@x.ph`), teacher(b, `${a}@x.ph`), teacher(c, 'bad-email')]);
    const job = (await uploadBulk(world.sa, file)).json();
    const preview = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', total: 4, processed: 4, created: 1, rejectedCount: 3 });
    expect(preview.rejected.map((r) => [r.row, r.field, r.key])).toEqual([
      [3, 'username', 'USERNAME_EXISTS'],
      [4, 'email', 'USER_EXISTS'],
      [5, 'email', 'email'],
    ]);
    expect(await world.t.db.$count(users, inArray(users.username, [a, b, c]))).toBe(0);

    const confirmed = await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    const done = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(done).toMatchObject({ status: 'done', total: 4, processed: 4, created: 1, rejectedCount: 3 });
    expect(await world.t.db.$count(users, eq(users.username, a))).toBe(1);

    const again = await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'BULK_NOT_IN_PREVIEW',
      message: 'This upload is no longer waiting for confirmation. Reload the page to see its status.',
    });
  });

  it('finds a duplicate across batches of the same file in the preview', async () => {
    const first = uniq('dup');
    const rows = [teacher(first), ...Array.from({ length: 500 }, () => teacher(uniq('f'))), teacher(first, `${uniq('o')}@x.ph`)];
    const job = (await uploadBulk(world.sa, csvOf(rows))).json();
    const preview = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', created: 501, rejectedCount: 1 });
    expect(preview.rejected.map((r) => [r.row, r.field, r.key])).toEqual([[503, 'username', 'USERNAME_EXISTS']]);
    expect((await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/cancel`)).statusCode).toBe(200);
  }, 60_000);

  it('offers the rejected rows as the uploaded format with a reason column, which can be uploaded again', async () => {
    const [a, bad] = [uniq('ra'), uniq('rb')];
    const job = (await uploadBulk(world.sa, csvOf([teacher(a), teacher(bad, 'not-an-email'), 'principal,x,,,A,,B,,,,,']))).json();
    await bulkJobAfterWork(world.t.app, world.sa, job.id);
    const csv = await world.sa.req('GET', `/api/admin/bulk-jobs/${job.id}/rejected`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="klase-users-rejected-\d{4}-\d{2}-\d{2}\.csv";/);
    const grid = parseCsv(csv.body);
    expect(grid[0]).toEqual([...BULK_COLUMNS, BULK_REASON_COLUMN]);
    expect(grid.slice(1).map((r) => [r[0], r[1], r[BULK_COLUMNS.length]])).toEqual([
      ['teacher', bad, 'email: Incorrect email.'],
      ['principal', 'x', expect.stringMatching(/^role: /)],
    ]);
    // The same file in Filipino, and as XLSX when asked.
    const ph = await world.sa.req('GET', `/api/admin/bulk-jobs/${job.id}/rejected?format=xlsx`, undefined, { headers: { 'accept-language': 'ph' } });
    expect(ph.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(ph.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(3);
    expect(String(book.worksheets[0]?.getCell(2, BULK_COLUMNS.length + 1).value)).toMatch(/^email: /);

    // Confirmed and done: the rejected rows stay downloadable, the created ones are gone from the job.
    await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`);
    await bulkJobAfterWork(world.t.app, world.sa, job.id);
    const after = parseCsv((await world.sa.req('GET', `/api/admin/bulk-jobs/${job.id}/rejected`)).body);
    expect(after.slice(1).map((r) => r[1])).toEqual([bad, 'x']);

    // Fixed and uploaded again: the reason column is ignored.
    const fixed = csv.body.replace('not-an-email', `${bad}@x.ph`);
    const reupload = await uploadBulk(world.sa, Buffer.from(fixed));
    expect(reupload.statusCode, reupload.body).toBe(202);
    expect(await bulkJobAfterWork(world.t.app, world.sa, reupload.json().id)).toMatchObject({ status: 'preview', created: 1, rejectedCount: 1 });
  });

  it('serves an XLSX upload its rejected rows as XLSX', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Users');
    ws.addRow([...BULK_COLUMNS]);
    ws.addRow(['teacher', uniq('xa'), 'nope', '', 'Ana', '', 'Ramos', '', 'T-1', '', '', '']);
    const job = (await uploadBulk(world.sa, Buffer.from(await book.xlsx.writeBuffer()), 'class list.xlsx')).json();
    await bulkJobAfterWork(world.t.app, world.sa, job.id);
    const res = await world.sa.req('GET', `/api/admin/bulk-jobs/${job.id}/rejected`);
    expect(res.headers['content-disposition']).toMatch(/\.xlsx";/);
  });

  it('cancels a preview (nothing created) and keeps other schools out', async () => {
    const a = uniq('ca');
    const job = (await uploadBulk(world.sa, csvOf([teacher(a)]))).json();
    await bulkJobAfterWork(world.t.app, world.sa, job.id);
    const saB = await signIn(world.t.app, world.w.schoolAdminB.username);
    for (const [method, path] of [
      ['POST', 'confirm'],
      ['POST', 'cancel'],
      ['GET', 'rejected'],
    ] as const) {
      const res = await saB.req(method, `/api/admin/bulk-jobs/${job.id}/${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    const teacherA = await signIn(world.t.app, world.w.teacherA.username);
    expect((await teacherA.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`)).statusCode).toBe(403);
    const cancelled = await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await world.t.app.bulkWorker.flush();
    expect(await world.t.db.$count(users, eq(users.username, a))).toBe(0);
    expect((await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`)).json().code).toBe('BULK_NOT_IN_PREVIEW');
    const audit = (await world.sa.req('GET', '/api/admin/audit?action=bulk.cancelled&rowsperpage=50&page=1')).json();
    expect(audit.data.map((r: { targetId: string }) => r.targetId)).toContain(job.id);
  });
});

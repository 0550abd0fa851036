import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_COLUMNS, type BulkJobDetails } from '@klase/core/admin/bulk';
import { ROLE } from '@klase/core/roles';
import { users } from '../../../db/schema/users.ts';
import { signIn, type Agent } from '../../../test/agent.ts';
import { buildAdminWorld, type AdminWorld } from '../../../test/admin-world.ts';
import { uniq } from '../../../test/factories.ts';
import { BULK_HEADER as HEADER, bulkJobAfterWork, confirmBulk, uploadBulk as upload } from '../../../test/bulk-upload.ts';
import { fakePng, multipartFile } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('bulk upload of users', () => {
  let t: TestApp;
  let w: AdminWorld;

  const finished = (agent: Agent, id: string): Promise<BulkJobDetails> => confirmBulk(t.app, agent, id);

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  it('serves the template as CSV and XLSX', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const csv = await sa.req('GET', '/api/admin/bulk-template?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);
    const xlsx = await sa.req('GET', '/api/admin/bulk-template?format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, ...BULK_COLUMNS]);
    expect(book.worksheets[0]?.rowCount).toBe(4);
  });

  it('creates the valid rows, lists every rejected row, and creates nothing twice', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const p = uniq('p');
    const s = uniq('s');
    const csv = [
      HEADER,
      `parent,${p},${p}@bahay.ph,Mrs.,Rosario,,Santos,,,,,`,
      `student,${s},,,Jose,Protacio,Santos,Jr.,,Grade 7,=1+1,${p}`,
      `student,${uniq('x')},,,<script>alert(1)</script>,,Reyes,,,Grade 7,Narra,`,
      `teacher,${uniq('t')},not-an-email,Ms.,Liza,,Soberano,,T-9,,,`,
      `principal,${uniq('r')},r@x.ph,,Ana,,Ramos,,,,,`,
      `teacher,${w.teacherA.username},new@x.ph,,Ana,,Ramos,,T-1,,,`,
      `student,${uniq('y')},,,Ana,,Ramos,,,Grade 8,Narra,nobody.here`,
      `"student","${uniq('z')}",,,"Maria, Clara",,"Dela Cruz",,,"Grade 9","Rizal",,,,,extra`,
      '',
    ].join('\n');
    const res = await upload(sa, Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({ status: 'queued', total: 8, processed: 0, schoolId: w.schoolA.id, fileName: 'users.csv' });

    const preview = await bulkJobAfterWork(t.app, sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', total: 8, processed: 8, created: 2, rejectedCount: 6 });
    expect(await t.db.$count(users, eq(users.username, s))).toBe(0);
    const done = await finished(sa, job.id);
    expect(done).toMatchObject({ status: 'done', total: 8, processed: 8, created: 2, rejectedCount: 6 });
    expect(done.rejected.map((r) => [r.row, r.field, r.key])).toEqual([
      [4, 'firstName', 'noHtml'],
      [5, 'email', 'email'],
      [6, 'role', 'invalidChoice'],
      [7, 'username', 'USERNAME_EXISTS'],
      [8, 'parentUsernames', 'parentNotFound'],
      [9, 'row', 'importColumns'],
    ]);
    expect(done.rejected[0]?.message).toBe('The characters < and > are not allowed.');
    expect(done.rejected[1]?.message).toBe('Incorrect email.');
    expect(done.rejected[3]?.message).toBe('Username already exists.');

    const student = await t.db.query.users.findFirst({ where: eq(users.username, s) });
    expect(student).toMatchObject({ section: '=1+1', suffix: 'Jr.', active: false, schoolId: w.schoolA.id, roleId: ROLE.student });
    const details = (await sa.req('GET', `/api/admin/users/${student?.id}`)).json();
    expect(details.parents.map((x: { username: string }) => x.username)).toEqual([p]);
    const exported = await sa.req('GET', `/api/admin/users/export?format=csv&search=${s}`);
    expect(exported.body).toContain(`'=1+1`);

    const again = await finished(sa, (await upload(sa, Buffer.from(csv))).json().id);
    expect(again).toMatchObject({ created: 0, rejectedCount: 8 });
    expect(again.rejected.filter((r) => r.key === 'USERNAME_EXISTS').map((r) => r.row)).toEqual([2, 3, 7]);
    expect(await t.db.$count(users, eq(users.username, s))).toBe(1);

    const audit = await sa.req('GET', '/api/admin/audit?action=bulk.uploaded,bulk.completed&rowsperpage=50&page=1');
    const mine = audit.json().data.filter((r: { targetId: string }) => r.targetId === job.id);
    expect(mine.map((r: { action: string }) => r.action)).toEqual(['bulk.completed', 'bulk.uploaded']);
    expect(mine[0].after).toMatchObject({ created: 2, rejected: 6, total: 8 });

    const list = await sa.req('GET', '/api/admin/bulk-jobs?page=1&rowsperpage=10');
    expect(list.json().data.map((j: { id: string }) => j.id)).toContain(job.id);
  });

  it('reads XLSX by content and keeps a formula cell as text', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Users');
    ws.addRow([...BULK_COLUMNS]);
    const a = uniq('xa');
    const b = uniq('xb');
    ws.addRow(['teacher', a, `${a}@x.ph`, 'Mr.', 'Andres', '', 'Bonifacio', '', 'T-77', '', '', '']);
    ws.addRow(['student', b, '', '', 'Emilio', '', 'Jacinto', '', '', 'Grade 10', 'Mabini', '']);
    ws.getCell('K3').value = { formula: 'HYPERLINK("http://evil")', result: 'Mabini' } as ExcelJS.CellFormulaValue;
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const done = await finished(sa, (await upload(sa, buf, 'users.csv')).json().id);
    expect(done).toMatchObject({ created: 2, rejectedCount: 0 });
    const student = await t.db.query.users.findFirst({ where: eq(users.username, b) });
    expect(student?.section).toBe('=HYPERLINK("http://evil")');
  });

  it('refuses wrong headers, empty files, malformed CSV, non-text and non-workbook files', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const headers = await upload(sa, Buffer.from('user,mail,name\nx,y,z\n'));
    expect(headers.statusCode).toBe(400);
    expect(headers.json().code).toBe('IMPORT_HEADERS');
    expect(headers.json().message).toBe('The column headers do not match the template. Download the template and try again.');
    expect(headers.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'header', key: 'invalidChoice', params: { name: 'user' } },
        { path: 'header', key: 'required', params: { name: 'username' } },
      ]),
    );
    for (const body of ['', `${HEADER}\n`, '\n\n  \n']) {
      const res = await upload(sa, Buffer.from(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('IMPORT_EMPTY');
    }
    const malformed = await upload(sa, Buffer.from(`${HEADER}\nteacher,"unclosed,a@b.ph,,A,,B,,T,,,\n`));
    expect(malformed.json().code).toBe('IMPORT_MALFORMED');
    const latin1 = await upload(sa, Buffer.concat([Buffer.from(`${HEADER}\nstudent,jose,,,Jos`), Buffer.from([0xe9]), Buffer.from(',,R,,,G7,A,\n')]));
    expect(latin1.statusCode).toBe(415);
    expect(latin1.json().code).toBe('IMPORT_FILE_TYPE');
    expect((await upload(sa, fakePng(500), 'users.xlsx')).json().code).toBe('IMPORT_FILE_TYPE');
    const notBook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    expect((await upload(sa, notBook, 'users.xlsx')).json().code).toBe('IMPORT_FILE_TYPE');
    const none = await sa.req('POST', '/api/admin/bulk-jobs', { file: 'x' });
    expect(none.statusCode).toBe(400);
  });

  it('answers 400 to a cut or boundary-less upload, refuses NUL characters, and strips bidi controls from the file name', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const { payload, headers } = multipartFile('file', 'users.csv', 'text/csv', Buffer.from(`${HEADER}\n`));
    const cut = await sa.req('POST', '/api/admin/bulk-jobs', undefined, { payload: payload.subarray(0, payload.length - 20), headers });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toEqual({ code: 'UPLOAD_INCOMPLETE', message: 'The upload did not arrive complete. Please choose the file and try again.' });
    const noBoundary = await sa.req('POST', '/api/admin/bulk-jobs', undefined, { payload, headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json().code).toBe('UPLOAD_INCOMPLETE');
    const nul = await upload(sa, Buffer.from(`${HEADER}\nteacher,${uniq('t')},t@x.ph,,Li\u0000za,,Soberano,,T-9,,,\n`));
    expect(nul.statusCode, nul.body).toBe(415);
    expect(nul.json().code).toBe('IMPORT_FILE_TYPE');
    const res = await upload(sa, Buffer.from(`${HEADER}\nteacher,${uniq('t')},u@x.ph,,Liza,,Soberano,,T-10,,,\n`), 'users\u202Evsc.exe');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().fileName).toBe('usersvsc.exe');
    // OOXML escapes: a cell typed `_x0000_` would read back as U+0000 (`_xD800_` as a lone surrogate)
    // with a decoding reader. The streaming reader keeps the text as typed, so the row reaches the
    // preview, where the name (letters only) rejects it: nothing unsafe is stored, no 5xx.
    for (const bad of ['Li_x0000_za', 'Li_xD800_za']) {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('Users');
      ws.addRow([...BULK_COLUMNS]);
      ws.addRow(['teacher', uniq('xt'), 'x@x.ph', '', bad, '', 'Soberano', '', 'T-78', '', '', '']);
      const xlsx = await upload(sa, Buffer.from(await book.xlsx.writeBuffer()), 'users.xlsx');
      expect(xlsx.statusCode, `${JSON.stringify(bad)}: ${xlsx.body}`).toBe(202);
      const checked = await bulkJobAfterWork(t.app, sa, xlsx.json().id);
      expect(checked).toMatchObject({ status: 'preview', total: 1, rejectedCount: 1 });
    }
  });

  it('refuses a file over 50 MB with 413', async () => {
    const sa = await signIn(t.app, w.schoolAdminA.username);
    const big = Buffer.alloc(50 * 1024 * 1024 + 1024, 0x61);
    const res = await upload(sa, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'IMPORT_TOO_LARGE', message: 'The file must be less than 50 MB.' });
  });

  it('keeps each administrator to their schools', async () => {
    const saA = await signIn(t.app, w.schoolAdminA.username);
    const saB = await signIn(t.app, w.schoolAdminB.username);
    const row = `teacher,${uniq('k')},${uniq('k')}@x.ph,,Ana,,Ramos,,T-1,,,`;
    const jobA = (await upload(saA, Buffer.from(`${HEADER}\n${row}\n`))).json();
    expect((await saB.req('GET', `/api/admin/bulk-jobs/${jobA.id}`)).statusCode).toBe(404);
    expect((await saB.req('GET', '/api/admin/bulk-jobs')).json().data.map((j: { id: string }) => j.id)).not.toContain(jobA.id);
    const intoB = (
      await upload(saA, Buffer.from(`${HEADER}\nteacher,${uniq('k')},${uniq('k')}@x.ph,,Ana,,Ramos,,T-1,,,\n`), 'u.csv', `?schoolId=${w.schoolB.id}`)
    ).json();
    expect(intoB.schoolId).toBe(w.schoolA.id);

    const admin = await signIn(t.app, w.admin.username);
    const noSchool = await upload(admin, Buffer.from(`${HEADER}\n${row}\n`));
    expect(noSchool.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'schoolId', key: 'required' }] });
    const forB = await upload(
      admin,
      Buffer.from(`${HEADER}\nteacher,${uniq('k')},${uniq('k')}@x.ph,,Ana,,Ramos,,T-1,,,\n`),
      'u.csv',
      `?schoolId=${w.schoolB.id}`,
    );
    expect(forB.statusCode).toBe(202);
    const done = await finished(admin, forB.json().id);
    expect(done).toMatchObject({ schoolId: w.schoolB.id, created: 1 });
  });
});

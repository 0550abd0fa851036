import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS } from '@klase/core/admin/bulk';
import { learnerProfiles } from '../../../db/schema/deped.ts';
import { users } from '../../../db/schema/users.ts';
import { signIn, type Agent } from '../../../test/agent.ts';
import { BULK_HEADER, bulkJobAfterWork, confirmBulk, uploadBulk, useBulkWorld } from '../../../test/bulk-upload.ts';
import { uniq } from '../../../test/factories.ts';

/** A fresh 12-digit LRN (unique enough for the test database). */
let lrnSeq = 0;
const newLrn = () => `1365${String(Date.now() % 1e6).padStart(6, '0')}${String(lrnSeq++ % 100).padStart(2, '0')}`;

const student = (name: string, lrn = '', sex = '', birthDate = '') => `student,${name},,,Jose,,Rizal,,,Grade 7,Narra,,${lrn},${sex},${birthDate}`;
const teacher = (name: string, learner = ',,') => `teacher,${name},${name}@x.ph,,Ana,,Ramos,,T-1,,,,${learner}`;
const parent = (name: string, learner = ',,') => `parent,${name},${name}@x.ph,,Rosa,,Rizal,,,,,,${learner}`;
const csvOf = (rows: string[]) => Buffer.from([BULK_HEADER, ...rows, ''].join('\n'));

describe('bulk upload of learner fields (LRN, sex, birth date)', () => {
  const world = useBulkWorld();

  const idOf = async (username: string) => (await world.t.db.query.users.findFirst({ where: eq(users.username, username) }))?.id ?? '';
  const learnerOf = async (agent: Agent, username: string) => {
    const res = await agent.req('GET', `/api/learners/${await idOf(username)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ lrn: string | null; sex: string | null; birthDate: string | null }>();
  };

  it('offers the learner columns in the template, with an example on the student row', async () => {
    const csv = await world.sa.req('GET', '/api/admin/bulk-template?format=csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(BULK_HEADER);
    expect(lines[2]).toMatch(/^student,.*,lreyes,136512120001,male,2013-06-24$/);
    expect(lines[1]).toMatch(/^parent,.*,,,$/);
  });

  it('creates students with their learner fields and rejects bad values, teacher and parent rows with them, and a repeated LRN', async () => {
    const [lrn, other] = [newLrn(), newLrn()];
    const names = Array.from({ length: 10 }, (_, i) => uniq(`l${i}`));
    const n = (i: number) => names[i] ?? '';
    const file = csvOf([
      student(n(0), lrn, 'Male', '2013-06-24'),
      student(n(1), '12345678901', 'male'),
      student(n(2), '12345678901a'),
      student(n(3), '', 'boy'),
      student(n(4), '', '', '24/06/2013'),
      teacher(n(5), `${other},,`),
      parent(n(6), ',female,'),
      student(n(7), lrn, 'female'),
      student(n(8)),
      teacher(n(9)),
    ]);
    const job = (await uploadBulk(world.sa, file)).json();
    const preview = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', total: 10, created: 3, rejectedCount: 7 });
    const expected = [
      [3, 'lrn', 'lrn', 'Enter the 12-digit LRN.'],
      [4, 'lrn', 'lrn', 'Enter the 12-digit LRN.'],
      [5, 'sex', 'invalidChoice', 'Please choose one of the options.'],
      [6, 'birthDate', 'invalidChoice', 'Please choose one of the options.'],
      [7, 'lrn', 'studentsOnly', 'Only a student row may have a value in this column.'],
      [8, 'sex', 'studentsOnly', 'Only a student row may have a value in this column.'],
      [9, 'lrn', 'lrnTaken', 'Another learner of this school has this LRN.'],
    ];
    expect(preview.rejected.map((r) => [r.row, r.field, r.key, r.message])).toEqual(expected);
    expect(await world.t.db.$count(users, inArray(users.username, names))).toBe(0);
    expect(await world.t.db.$count(learnerProfiles, eq(learnerProfiles.lrn, lrn))).toBe(0);

    const done = await confirmBulk(world.t.app, world.sa, job.id);
    expect(done).toMatchObject({ status: 'done', created: 3, rejectedCount: 7 });
    expect(done.rejected.map((r) => [r.row, r.field, r.key, r.message])).toEqual(expected);
    expect(await learnerOf(world.sa, n(0))).toEqual({ userId: await idOf(n(0)), lrn, sex: 'male', birthDate: '2013-06-24', canEdit: true });
    expect(await learnerOf(world.sa, n(8))).toMatchObject({ lrn: null, sex: null, birthDate: null });
    expect((await world.t.db.select().from(users).where(inArray(users.username, names))).map((u) => u.username).sort()).toEqual([n(0), n(8), n(9)].sort());

    // The rejected rows come back with their learner columns and reasons, ready to be corrected.
    const rejectedFile = await world.sa.req('GET', `/api/admin/bulk-jobs/${job.id}/rejected`);
    expect(rejectedFile.body).toContain(`${lrn},female,,lrn: Another learner of this school has this LRN.`);
  });

  it('rejects an LRN held by a learner of the school (also one set between the preview and the confirmation), not one of another school', async () => {
    const [held, later] = [newLrn(), newLrn()];
    const [a, b] = [uniq('la'), uniq('lb')];
    expect(await confirmBulk(world.t.app, world.sa, (await uploadBulk(world.sa, csvOf([student(a), student(b)]))).json().id)).toMatchObject({ created: 2 });
    expect((await world.sa.req('PUT', `/api/learners/${await idOf(a)}`, { lrn: held, sex: 'female', birthDate: null })).statusCode).toBe(200);

    const [c, d, e] = [uniq('lc'), uniq('ld'), uniq('le')];
    const job = (await uploadBulk(world.sa, csvOf([student(c, held), student(d, later, 'female'), student(e, newLrn())]))).json();
    const preview = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', created: 2, rejectedCount: 1 });
    expect(preview.rejected.map((r) => [r.row, r.field, r.key])).toEqual([[2, 'lrn', 'lrnTaken']]);
    // Another learner takes `later` before the administrator confirms: the import checks again.
    expect((await world.sa.req('PUT', `/api/learners/${await idOf(b)}`, { lrn: later, sex: 'male', birthDate: null })).statusCode).toBe(200);
    const res = await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    const done = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(done).toMatchObject({ status: 'done', created: 1, rejectedCount: 2 });
    expect(done.rejected.map((r) => [r.row, r.field, r.key])).toEqual([
      [2, 'lrn', 'lrnTaken'],
      [3, 'lrn', 'lrnTaken'],
    ]);
    expect(await world.t.db.$count(users, inArray(users.username, [c, d]))).toBe(0);
    expect(await learnerOf(world.sa, b)).toMatchObject({ lrn: later, sex: 'male' });

    const saB = await signIn(world.t.app, world.w.schoolAdminB.username);
    const f = uniq('lf');
    expect(await confirmBulk(world.t.app, saB, (await uploadBulk(saB, csvOf([student(f, held, 'male')]))).json().id)).toMatchObject({
      created: 1,
      rejectedCount: 0,
    });
    expect(await learnerOf(saB, f)).toMatchObject({ lrn: held, sex: 'male' });
  });

  it('reads a birth date typed as a date cell and the sex in capitals from an XLSX', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Users');
    ws.addRow([...BULK_COLUMNS]);
    const [s, lrn] = [uniq('lx'), newLrn()];
    ws.addRow(['student', s, '', '', 'Gabriela', '', 'Silang', '', '', 'Grade 8', 'Ilang-ilang', '', lrn, 'FEMALE', new Date(Date.UTC(2012, 2, 19))]);
    const done = await confirmBulk(world.t.app, world.sa, (await uploadBulk(world.sa, Buffer.from(await book.xlsx.writeBuffer()), 'users.xlsx')).json().id);
    expect(done.rejected).toEqual([]);
    expect(done).toMatchObject({ created: 1, rejectedCount: 0 });
    expect(await learnerOf(world.sa, s)).toMatchObject({ lrn, sex: 'female', birthDate: '2012-03-19' });
  });

  it('finds an LRN repeated across batches of the same file in the preview', async () => {
    const lrn = newLrn();
    const rows = [student(uniq('lg'), lrn), ...Array.from({ length: 500 }, () => teacher(uniq('lt'))), student(uniq('lh'), lrn)];
    const job = (await uploadBulk(world.sa, csvOf(rows))).json();
    const preview = await bulkJobAfterWork(world.t.app, world.sa, job.id);
    expect(preview).toMatchObject({ status: 'preview', created: 501, rejectedCount: 1 });
    expect(preview.rejected.map((r) => [r.row, r.field, r.key])).toEqual([[503, 'lrn', 'lrnTaken']]);
    expect((await world.sa.req('POST', `/api/admin/bulk-jobs/${job.id}/cancel`)).statusCode).toBe(200);
  }, 60_000);
});

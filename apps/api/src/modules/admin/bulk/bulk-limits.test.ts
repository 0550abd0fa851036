import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_MAX_ROWS, BULK_MAX_UNPACKED_BYTES } from '@klase/core/admin/bulk';
import { BULK_HEADER, uploadBulk, useBulkWorld } from '../../../test/bulk-upload.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { rowsFrom, sheetRow, xlsxOf } from '../../../test/xlsx-parts.ts';
import { inspectZip } from '../../../platform/zip-guard.ts';
import { MAX_READ_ROWS } from './bulk-parse.ts';

const csvRows = (n: number) => [BULK_HEADER, ...Array.from({ length: n }, (_, i) => `teacher,t${i},t${i}@x.ph,,Ana,,Ramos,,T-${i},,,`), ''].join('\n');

/** A workbook of `n` tiny data rows under the template's header (the 2.6 million rows file, smaller). */
const manyRowsXlsx = (n: number) => xlsxOf([sheetRow(1, BULK_COLUMNS), ...rowsFrom(2, n, (r) => sheetRow(r, ['teacher', `u${r}`]))]);

/** A workbook whose sheet unpacks to more than the cap (spaces compress about 1000 to 1). */
const bombXlsx = () => {
  const mb = ' '.repeat(1 << 20);
  return xlsxOf([sheetRow(1, BULK_COLUMNS), ...rowsFrom(0, BULK_MAX_UNPACKED_BYTES / (1 << 20) + 5, () => mb)]);
};

describe('bulk upload limits: hostile and malformed files', () => {
  const world = useBulkWorld();

  it('accepts 50,000 rows and refuses 50,001, in CSV and in XLSX, counting while reading', async () => {
    const ok = await uploadBulk(world.sa, Buffer.from(csvRows(BULK_MAX_ROWS)));
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().total).toBe(BULK_MAX_ROWS);
    const over = await uploadBulk(world.sa, Buffer.from(csvRows(BULK_MAX_ROWS + 1)));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ code: 'IMPORT_TOO_MANY_ROWS', message: 'The file has more than 50,000 rows. Split it into smaller files.' });
    const xlsx = await uploadBulk(world.sa, await manyRowsXlsx(BULK_MAX_ROWS + 10_000), 'users.xlsx');
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().code).toBe('IMPORT_TOO_MANY_ROWS');
  }, 180_000);

  it('refuses a sheet of millions of blank rows', async () => {
    const blank = await xlsxOf([sheetRow(1, BULK_COLUMNS), ...rowsFrom(2, MAX_READ_ROWS + 10, (r) => `<row r="${r}"/>`)]);
    const res = await uploadBulk(world.sa, blank, 'users.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_MANY_ROWS');
  }, 60_000);

  it('refuses a ZIP bomb from its central directory, before unpacking it', async () => {
    const bomb = await bombXlsx();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(inspectZip(bomb, { maxUnpackedBytes: BULK_MAX_UNPACKED_BYTES, maxEntries: 100 })).toEqual({ ok: false, reason: 'tooLarge' });
    const res = await uploadBulk(world.sa, bomb, 'users.xlsx');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'IMPORT_UNPACKED_TOO_LARGE',
      message: 'The workbook is too large once unpacked (over 100 MB). Split it into smaller files.',
    });
  }, 60_000);

  it('answers a clear 4xx to a truncated workbook and to broken sheet XML', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Users').addRow([...BULK_COLUMNS]);
    const real = Buffer.from(await book.xlsx.writeBuffer());
    const truncated = await uploadBulk(world.sa, real.subarray(0, Math.floor(real.length * 0.6)), 'users.xlsx');
    expect(truncated.statusCode).toBe(415);
    expect(truncated.json()).toEqual({ code: 'IMPORT_FILE_TYPE', message: 'The file must be a CSV file (UTF-8) or an XLSX workbook.' });
    const broken = await uploadBulk(world.sa, await xlsxOf([sheetRow(1, BULK_COLUMNS), '<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></c>']), 'users.xlsx');
    expect(broken.statusCode).toBe(415);
    expect(broken.json().code).toBe('IMPORT_FILE_TYPE');
  }, 60_000);

  it('keeps answering GET /api/health within 2 s while hostile spreadsheets are being refused', async () => {
    const hostile = [await manyRowsXlsx(300_000), await bombXlsx(), Buffer.from(csvRows(BULK_MAX_ROWS + 1))];
    const address = await world.t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (data: Buffer) => {
      const { payload, headers } = multipartFile('file', 'users.xlsx', 'application/octet-stream', data);
      return fetch(`${address}/api/admin/bulk-jobs`, {
        method: 'POST',
        headers: { ...headers, cookie: world.sa.cookie, 'x-csrf-token': world.sa.csrf },
        body: payload,
      });
    };
    let uploading = true;
    const uploads = Promise.all(hostile.map(post)).finally(() => {
      uploading = false;
    });
    const latencies: number[] = [];
    while (uploading) {
      const started = performance.now();
      const res = await fetch(`${address}/api/health`);
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answers = await uploads;
    expect(answers.map((a) => a.status)).toEqual([400, 413, 400]);
    expect(latencies.length).toBeGreaterThan(2);
    expect(Math.max(...latencies)).toBeLessThan(2000);
  }, 120_000);
});

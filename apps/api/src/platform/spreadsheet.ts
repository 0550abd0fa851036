import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@klase/core/admin/common';
import { attachmentHeader } from './downloads.ts';

/** Exports (CSV and XLSX, streamed) and the formula guard shared by exports and imports. */

export type Cell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that a spreadsheet would run as a formula gets a leading `'` (OWASP CSV injection). */
export const neutralise = (v: Cell): Cell => (typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v);

const csvField = (v: Cell): string => {
  const s = v === null ? '' : String(neutralise(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** CSV text with a BOM (so spreadsheet programs read it as UTF-8). */
export const csvStream = (header: readonly string[], rows: AsyncIterable<readonly Cell[]>): Readable =>
  Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(header)}`;
      for await (const row of rows) yield csvLine(row);
    })(),
  );

/** An XLSX workbook written row by row (the streaming writer keeps little in memory). */
export const xlsxStream = (sheet: string, header: readonly string[], rows: AsyncIterable<readonly Cell[]>): Readable => {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = book.addWorksheet(sheet);
  (async () => {
    ws.addRow([...header]).commit();
    for await (const row of rows) ws.addRow(row.map(neutralise)).commit();
    ws.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error('xlsx export failed')));
  return out;
};

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends rows as a CSV or XLSX attachment named `<base>-<yyyy-mm-dd>.<format>` (`<base>.<format>` when `dated` is false). */
export const sendSheet = (
  reply: FastifyReply,
  opts: { format: ExportFormat; base: string; dated?: boolean; sheet: string; header: readonly string[]; rows: AsyncIterable<readonly Cell[]> },
): FastifyReply => {
  const name = opts.dated === false ? `${opts.base}.${opts.format}` : `${opts.base}-${new Date().toISOString().slice(0, 10)}.${opts.format}`;
  const body = opts.format === 'csv' ? csvStream(opts.header, opts.rows) : xlsxStream(opts.sheet, opts.header, opts.rows);
  return reply.header('content-type', CONTENT_TYPES[opts.format]).header('content-disposition', attachmentHeader(name)).send(body);
};

/** Pages through a query in chunks, for exports that must not hold every row at once. */
export async function* chunked<T>(load: (limit: number, offset: number) => Promise<T[]>, size = 1000): AsyncIterable<T> {
  for (let offset = 0; ; offset += size) {
    const rows = await load(size, offset);
    for (const r of rows) yield r;
    if (rows.length < size) return;
  }
}

import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { BULK_COLUMNS, BULK_MAX_ROWS, BULK_REQUIRED_COLUMNS, type BulkColumn } from '@klase/core/admin/bulk';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import { hasUnsafeChars } from '@klase/core/validation/rules';
import type { BulkInputRow } from '../../db/schema/admin.ts';

/**
 * Reads an uploaded CSV or XLSX file by its content (never its name) into rows keyed by template
 * column. Every cell is text: numbers are not guessed and a formula is kept as its text
 * (`=...`), so nothing in a file is ever evaluated. `_row` is the row's number in the file.
 */

export const ROW_KEY = '_row';
/** Set on a row whose cell count differs from the header's (rejected with `importColumns`). */
export const COLUMNS_KEY = '_columns';

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

const normalise = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s_-]+/g, '');
const BY_NORMALISED = new Map<string, BulkColumn>(BULK_COLUMNS.map((c) => [normalise(c), c]));

const readCsv = (buf: Buffer): string[][] => {
  if (buf.includes(0)) throw new DomainError('IMPORT_FILE_TYPE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new DomainError('IMPORT_FILE_TYPE');
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    dynamicTyping: false,
  });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw new DomainError('IMPORT_MALFORMED');
  return parsed.data;
};

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return '';
};

const readXlsx = async (buf: Buffer): Promise<string[][]> => {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('IMPORT_FILE_TYPE');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new DomainError('IMPORT_FILE_TYPE');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
};

/** Maps the header row to template columns; IMPORT_HEADERS lists the missing and unknown ones. */
const mapHeader = (header: readonly string[]): (BulkColumn | null)[] => {
  const mapped = header.map((h) => (h.trim() === '' ? null : (BY_NORMALISED.get(normalise(h)) ?? undefined)));
  const fields: FieldIssue[] = [];
  mapped.forEach((m, i) => {
    if (m === undefined) fields.push({ path: 'header', key: 'invalidChoice', params: { name: (header[i] ?? '').slice(0, 60) } });
  });
  for (const required of BULK_REQUIRED_COLUMNS) {
    if (!mapped.includes(required)) fields.push({ path: 'header', key: 'required', params: { name: required } });
  }
  const seen = new Set<string>();
  for (const m of mapped) {
    if (m && seen.has(m)) fields.push({ path: 'header', key: 'invalidChoice', params: { name: m } });
    if (m) seen.add(m);
  }
  if (fields.length) throw new DomainError('IMPORT_HEADERS', { fields });
  return mapped.map((m) => m ?? null);
};

export interface ParsedUpload {
  format: 'csv' | 'xlsx';
  rows: BulkInputRow[];
}

/** The data rows of a file (blank rows skipped); IMPORT_EMPTY when there are none. */
export const parseUpload = async (buf: Buffer): Promise<ParsedUpload> => {
  if (buf.length === 0) throw new DomainError('IMPORT_EMPTY');
  const format = isZip(buf) ? 'xlsx' : 'csv';
  const grid = format === 'xlsx' ? await readXlsx(buf) : readCsv(buf);
  // A workbook can carry NUL (`_x0000_`) or lone surrogates in a cell: not text, as in a CSV.
  if (grid.some((r) => r.some(hasUnsafeChars))) throw new DomainError('IMPORT_FILE_TYPE');
  const headerIndex = grid.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) throw new DomainError('IMPORT_EMPTY');
  const columns = mapHeader(grid[headerIndex] ?? []);
  const rows: BulkInputRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (!cells.some((c) => c.trim() !== '')) continue;
    if (rows.length >= BULK_MAX_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS');
    const row: BulkInputRow = { [ROW_KEY]: String(i + 1) };
    columns.forEach((col, c) => {
      if (col) row[col] = (cells[c] ?? '').trim();
    });
    if (cells.slice(columns.length).some((c) => c.trim() !== '')) row[COLUMNS_KEY] = 'extra';
    rows.push(row);
  }
  if (rows.length === 0) throw new DomainError('IMPORT_EMPTY');
  return { format, rows };
};

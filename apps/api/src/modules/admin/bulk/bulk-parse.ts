import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  BULK_COLUMNS,
  BULK_MAX_ROWS,
  BULK_MAX_UNPACKED_BYTES,
  BULK_MAX_ZIP_ENTRIES,
  BULK_REASON_COLUMN,
  BULK_REQUIRED_COLUMNS,
  type BulkColumn,
} from '@klase/core/admin/bulk';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import { hasUnsafeChars } from '@klase/core/validation/rules';
import type { BulkInputRow } from './bulk.repo.ts';
import { inspectZip } from '../../../platform/zip-guard.ts';

/**
 * Reads an uploaded CSV or XLSX file by its content (never its name) into rows keyed by template
 * column. Every cell is text: numbers are not guessed and a formula is kept as its text
 * (`=...`), so nothing in a file is ever evaluated. `_row` is the row's number in the file.
 */

export const ROW_KEY = '_row';
/** Set on a row whose cell count differs from the header's (rejected with `importColumns`). */
export const COLUMNS_KEY = '_columns';

export const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

const normalise = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const BY_NORMALISED = new Map<string, BulkColumn>(BULK_COLUMNS.map((c) => [normalise(c), c]));
const REASON = normalise(BULK_REASON_COLUMN);

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

/** Maps the header row to template columns; IMPORT_HEADERS lists the missing and unknown ones. */
const mapHeader = (header: readonly string[]): (BulkColumn | null)[] => {
  const mapped = header.map((h) => (h.trim() === '' || normalise(h) === REASON ? null : (BY_NORMALISED.get(normalise(h)) ?? undefined)));
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

/** Rows read at all, blank ones included (a sheet of millions of empty rows is refused as well). */
export const MAX_READ_ROWS = 2 * BULK_MAX_ROWS;

/**
 * Takes the file's rows one at a time as they are read: the first non-blank one is the header,
 * blank ones are skipped, and the row limits stop the reading at data row 50,001 or read row
 * 100,001 (a file of millions of rows is never read whole).
 */
class RowCollector {
  private columns: (BulkColumn | null)[] | null = null;
  private read = 0;
  readonly rows: BulkInputRow[] = [];

  add(cells: readonly string[], line: number): void {
    this.read += 1;
    if (this.read > MAX_READ_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS');
    if (!cells.some((c) => c.trim() !== '')) return;
    // A workbook can carry NUL (`_x0000_`) or lone surrogates in a cell: not text, as in a CSV.
    if (cells.some(hasUnsafeChars)) throw new DomainError('IMPORT_FILE_TYPE');
    if (!this.columns) {
      this.columns = mapHeader(cells);
      return;
    }
    if (this.rows.length >= BULK_MAX_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS');
    const columns = this.columns;
    const row: BulkInputRow = { [ROW_KEY]: String(line) };
    columns.forEach((col, c) => {
      if (col) row[col] = (cells[c] ?? '').trim();
    });
    if (cells.slice(columns.length).some((c) => c.trim() !== '')) row[COLUMNS_KEY] = 'extra';
    this.rows.push(row);
  }
}

const readCsv = (buf: Buffer, into: RowCollector): void => {
  if (buf.includes(0)) throw new DomainError('IMPORT_FILE_TYPE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new DomainError('IMPORT_FILE_TYPE');
  }
  let line = 0;
  let failure: unknown = null;
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    dynamicTyping: false,
    step: (result, parser) => {
      line += 1;
      try {
        if (result.errors.some((e) => e.type === 'Quotes')) throw new DomainError('IMPORT_MALFORMED');
        into.add(result.data, line);
      } catch (err) {
        failure = err;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
};

const zipRefusal = {
  notZip: 'IMPORT_FILE_TYPE',
  zip64: 'IMPORT_UNPACKED_TOO_LARGE',
  tooManyEntries: 'IMPORT_UNPACKED_TOO_LARGE',
  tooLarge: 'IMPORT_UNPACKED_TOO_LARGE',
} as const;

/** The first worksheet, streamed row by row; the archive's unpacked size is checked first. */
const readXlsx = async (buf: Buffer, into: RowCollector): Promise<void> => {
  const verdict = inspectZip(buf, { maxUnpackedBytes: BULK_MAX_UNPACKED_BYTES, maxEntries: BULK_MAX_ZIP_ENTRIES });
  if (!verdict.ok) throw new DomainError(zipRefusal[verdict.reason]);
  // Loaded here: a CSV upload's worker does not pay for loading the workbook library.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // The number formats tell a date cell (a birth date) from a number: read as `YYYY-MM-DD` (cellText).
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        const cells: string[] = [];
        for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
        into.add(cells, row.number);
      }
      break;
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('IMPORT_FILE_TYPE');
  }
  if (sheets === 0) throw new DomainError('IMPORT_FILE_TYPE');
};

/** The data rows of a file (blank rows skipped); IMPORT_EMPTY when there are none. Run it in the parse worker. */
export const parseUpload = async (buf: Buffer): Promise<ParsedUpload> => {
  if (buf.length === 0) throw new DomainError('IMPORT_EMPTY');
  const format = isZip(buf) ? 'xlsx' : 'csv';
  const rows = new RowCollector();
  if (format === 'xlsx') await readXlsx(buf, rows);
  else readCsv(buf, rows);
  if (rows.rows.length === 0) throw new DomainError('IMPORT_EMPTY');
  return { format, rows: rows.rows };
};

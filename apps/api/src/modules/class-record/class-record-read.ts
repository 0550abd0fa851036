import ExcelJS from 'exceljs';
import { DomainError } from '@klase/core/errors';
import type { Quarter } from '@klase/core/deped/contracts';
import { CLASS_RECORD_MAX_BYTES } from '@klase/core/deped/class-record';
import { inspectZip } from '../../platform/zip-guard.ts';
import { GROUP_TITLES, HPS_TITLE, META_MARK, META_SHEET, META_VERSION } from './class-record-sheet.ts';

/**
 * Reads an uploaded E-Class Record back (by its content, never its name): a real XLSX (a ZIP whose
 * unpacked size is checked before anything is inflated), carrying the `klase` sheet of this course
 * and quarter; anything else is 400 CLASS_RECORD_FILE. Nothing in the file is evaluated: a formula
 * counts by its cached result when that is a number, else it is "not a number".
 */

const ZIP_LIMITS = { maxUnpackedBytes: 50 * 1024 * 1024, maxEntries: 200 };
/** Learner rows read at most (a section is far smaller; a sheet of a million rows is refused). */
const MAX_ROWS = 2000;

/** A score cell as read: empty, a number, or text that is not one. */
export type ScoreCell = { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'text'; text: string };

export interface ClassRecordRow {
  /** The row's number in the sheet (what the teacher sees). */
  row: number;
  studentId: string | null;
  name: string;
  scores: Map<string, ScoreCell>;
}

export interface ClassRecordFile {
  /** Item id by column (the columns the export wrote). */
  items: { column: number; itemId: string }[];
  rows: ClassRecordRow[];
}

const fileError = () => new DomainError('CLASS_RECORD_FILE');

const plain = (v: ExcelJS.CellValue): ExcelJS.CellValue => {
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    if ('result' in v && ('formula' in v || 'sharedFormula' in v)) return (v.result as ExcelJS.CellValue) ?? null;
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
  }
  return v;
};

const textOf = (v: ExcelJS.CellValue): string => {
  const p = plain(v);
  if (p === null || p === undefined) return '';
  if (typeof p === 'string' || typeof p === 'number' || typeof p === 'boolean') return String(p).trim();
  return '';
};

const NUMBER_RE = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

export const scoreCell = (v: ExcelJS.CellValue): ScoreCell => {
  const p = plain(v);
  if (p === null || p === undefined) return { kind: 'empty' };
  if (typeof p === 'number') return Number.isFinite(p) ? { kind: 'number', value: p } : { kind: 'text', text: String(p) };
  const text = textOf(p);
  if (text === '') return { kind: 'empty' };
  if (NUMBER_RE.test(text)) return { kind: 'number', value: Number(text.replace(',', '.')) };
  return { kind: 'text', text: text.slice(0, 40) };
};

const GROUP_ROWS = new Set<string>([...Object.values(GROUP_TITLES), HPS_TITLE]);

export const readClassRecord = async (buf: Buffer, expect: { courseId: string; quarter: Quarter }): Promise<ClassRecordFile> => {
  if (buf.length === 0 || buf.length > CLASS_RECORD_MAX_BYTES) throw fileError();
  if (!inspectZip(buf, ZIP_LIMITS).ok) throw fileError();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fileError();
  }
  const meta = book.getWorksheet(META_SHEET);
  if (!meta || textOf(meta.getCell(1, 1).value) !== META_MARK || textOf(meta.getCell(1, 2).value) !== String(META_VERSION)) throw fileError();
  const values = new Map<string, string>();
  const items: { column: number; itemId: string }[] = [];
  meta.eachRow((row) => {
    const key = textOf(row.getCell(1).value);
    if (key === 'item') items.push({ column: Number(textOf(row.getCell(2).value)), itemId: textOf(row.getCell(3).value) });
    else values.set(key, textOf(row.getCell(2).value));
  });
  if (values.get('course') !== expect.courseId || values.get('quarter') !== String(expect.quarter)) throw fileError();
  const sheet = book.getWorksheet(values.get('sheet') ?? '');
  const firstRow = Number(values.get('firstRow'));
  const idColumn = Number(values.get('idColumn'));
  if (!sheet || !Number.isInteger(firstRow) || firstRow < 2 || !Number.isInteger(idColumn) || idColumn < 2) throw fileError();
  if (items.some((i) => !Number.isInteger(i.column) || i.column < 2 || i.column >= idColumn || i.itemId === '')) throw fileError();
  if (sheet.rowCount > firstRow + MAX_ROWS) throw fileError();

  const rows: ClassRecordRow[] = [];
  for (let r = firstRow; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const name = textOf(row.getCell(1).value);
    const id = textOf(row.getCell(idColumn).value);
    const scores = new Map<string, ScoreCell>(items.map((i) => [i.itemId, scoreCell(row.getCell(i.column).value)]));
    const blank = name === '' && id === '' && [...scores.values()].every((s) => s.kind === 'empty');
    if (blank || (id === '' && GROUP_ROWS.has(name.toUpperCase()))) continue;
    rows.push({ row: r, studentId: id === '' ? null : id, name, scores });
  }
  return { items, rows };
};

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTORS, DEFAULT_TRANSMUTATION } from '@klase/core/deped/defaults';
import { computeQuarter } from '@klase/core/deped/engine';
import { COMPONENTS, type Component, type Quarter } from '@klase/core/deped/contracts';
import { DomainError } from '@klase/core/errors';
import { buildClassRecord, classRecordColumns, ROWS, type ClassRecordLearner, type ClassRecordSource } from './class-record-sheet.ts';
import { readClassRecord } from './class-record-read.ts';

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const weights = { ww: 30, pt: 50, qa: 20 };
const items: ClassRecordSource['items'] = [
  { id: 'w1', name: 'Quiz 1', component: 'ww', quarter: 1, max: 20 },
  { id: 'w2', name: 'Quiz 2', component: 'ww', quarter: 1, max: 30 },
  { id: 'p1', name: 'Role play', component: 'pt', quarter: 1, max: 50 },
  { id: 'q1', name: 'Quarterly exam', component: 'qa', quarter: 1, max: 40 },
  { id: 'w9', name: 'Quiz (Q2)', component: 'ww', quarter: 2, max: 10 },
];
const learners: ClassRecordLearner[] = [
  { id: 's-f1', lastName: 'Santos', firstName: 'Maria', middleName: 'Luna', sex: 'female' },
  { id: 's-m1', lastName: 'Reyes', firstName: 'Jose', middleName: null, sex: 'male' },
  { id: 's-f2', lastName: 'Aquino', firstName: 'Ana', middleName: null, sex: 'female' },
  { id: 's-x', lastName: 'Bautista', firstName: 'Kim', middleName: null, sex: null },
  { id: 's-m2', lastName: 'Cruz', firstName: 'Pedro', middleName: null, sex: 'male' },
];
const scoresOf: Record<string, Record<string, number | null>> = {
  's-f1': { w1: 18, w2: 25, p1: 40, q1: 30 },
  's-m1': { w1: 10, w2: 20, p1: 45, q1: 20 },
  's-f2': { w1: 20, w2: 30, p1: 50, q1: 40 },
  's-x': { w1: 5, w2: null, p1: null, q1: null },
  's-m2': { w1: 12, w2: 15, p1: 30, q1: 25 },
};

const source = (): ClassRecordSource => ({
  courseId: COURSE,
  weights,
  items,
  students: new Map(
    learners.map((l) => {
      const scores = new Map(items.map((i) => [i.id, scoresOf[l.id]![i.id] ?? null]));
      const results = ([1, 2, 3, 4] as Quarter[]).map((q) => {
        const by = Object.fromEntries(
          COMPONENTS.map((c) => [c, items.filter((i) => i.quarter === q && i.component === c).map((i) => ({ score: scores.get(i.id) ?? null, max: i.max }))]),
        ) as Record<Component, { score: number | null; max: number }[]>;
        return computeQuarter(q, weights, by, DEFAULT_TRANSMUTATION, DEFAULT_DESCRIPTORS);
      });
      return [l.id, { scores, results }];
    }),
  ),
});
const header = {
  region: 'NCR',
  division: 'Rizal',
  schoolName: 'Rizal National High School',
  schoolId: '305000',
  schoolYear: '2025-2026',
  gradeSection: 'Grade 7 - Sampaguita',
  teacher: 'Dela Cruz, Juan',
  subject: 'English 7',
};

const roundTrip = async (book: ExcelJS.Workbook): Promise<ExcelJS.Workbook> => {
  const back = new ExcelJS.Workbook();
  await back.xlsx.load((await book.xlsx.writeBuffer()) as ArrayBuffer);
  return back;
};
const names = (ws: ExcelJS.Worksheet): string[] => {
  const out: string[] = [];
  for (let r = ROWS.hps + 1; r <= ws.rowCount; r++) out.push(String(ws.getCell(r, 1).value ?? ''));
  return out;
};
const rowOf = (ws: ExcelJS.Worksheet, name: string): ExcelJS.Row => {
  for (let r = ROWS.hps + 1; r <= ws.rowCount; r++) if (String(ws.getCell(r, 1).value).endsWith(name)) return ws.getRow(r);
  throw new Error(`no row ${name}`);
};

describe('E-Class Record sheet', () => {
  const cols = classRecordColumns(items, 1);
  const [ww, pt, qa] = cols.components as [(typeof cols.components)[number], (typeof cols.components)[number], (typeof cols.components)[number]];

  it('lays out 10 WW and 10 PT columns with Total, PS and WS, then QA 1, PS, WS, initial and quarterly grade', () => {
    expect([ww.first, ww.slots, ww.total, ww.ps, ww.ws]).toEqual([2, 10, 12, 13, 14]);
    expect([pt.first, pt.slots, pt.total, pt.ps, pt.ws]).toEqual([15, 10, 25, 26, 27]);
    expect([qa.first, qa.slots, qa.total, qa.ps, qa.ws]).toEqual([28, 1, null, 29, 30]);
    expect([cols.initial, cols.quarterly, cols.id]).toEqual([31, 32, 33]);
  });

  it('gives a quarter with more than 10 written works extra columns instead of dropping items', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `x${i}`, name: `WW ${i}`, component: 'ww' as const, quarter: 1, max: 10 }));
    const c = classRecordColumns(many, 1);
    expect(c.components[0]!.slots).toBe(12);
    expect(c.components[0]!.total).toBe(14);
    expect(c.components[1]!.first).toBe(17);
  });

  it('groups the learners MALE then FEMALE by last name, the learners without a recorded sex last', async () => {
    const ws = (await roundTrip(buildClassRecord(source(), 1, header, learners))).getWorksheet('Q1')!;
    expect(names(ws)).toEqual([
      'MALE',
      '1. Cruz, Pedro',
      '2. Reyes, Jose',
      'FEMALE',
      '1. Aquino, Ana',
      '2. Santos, Maria L.',
      'SEX NOT RECORDED',
      '1. Bautista, Kim',
    ]);
    expect(ws.getCell(ROWS.school, 14).value).toBe('305000');
    expect(ws.getCell(ROWS.section, 1).value).toBe('FIRST QUARTER');
    expect(ws.getColumn(cols.id).hidden).toBe(true);
  });

  it('writes each item name, the highest possible scores and their totals, and only the quarter’s items', async () => {
    const ws = (await roundTrip(buildClassRecord(source(), 1, header, learners))).getWorksheet('Q1')!;
    expect(ws.getCell(ROWS.names, ww.first).value).toBe('Quiz 1');
    expect(ws.getCell(ROWS.names, ww.first + 1).value).toBe('Quiz 2');
    expect(ws.getCell(ROWS.names, ww.first + 2).value).toBeNull();
    expect(ws.getCell(ROWS.hps, 1).value).toBe('HIGHEST POSSIBLE SCORE');
    expect([ws.getCell(ROWS.hps, ww.first).value, ws.getCell(ROWS.hps, ww.first + 1).value, ws.getCell(ROWS.hps, ww.total!).value]).toEqual([20, 30, 50]);
    expect([ws.getCell(ROWS.hps, pt.first).value, ws.getCell(ROWS.hps, qa.first).value]).toEqual([50, 40]);
    expect([ws.getCell(ROWS.hps, ww.ws).value, ws.getCell(ROWS.hps, pt.ws).value, ws.getCell(ROWS.hps, qa.ws).value]).toEqual([0.3, 0.5, 0.2]);
    expect(ws.getCell(ROWS.heads, ww.first).value).toBe('WRITTEN WORKS (30%)');
  });

  it("writes the engine's PS, WS, initial and quarterly grade for each learner", async () => {
    const src = source();
    const ws = (await roundTrip(buildClassRecord(src, 1, header, learners))).getWorksheet('Q1')!;
    const maria = rowOf(ws, 'Santos, Maria L.');
    // WW 43/50 = 86.00 → 25.80; PT 40/50 = 80.00 → 40.00; QA 30/40 = 75.00 → 15.00; initial 80.80 → 88.
    expect([maria.getCell(ww.first).value, maria.getCell(ww.first + 1).value, maria.getCell(ww.total!).value]).toEqual([18, 25, 43]);
    expect([maria.getCell(ww.ps).value, maria.getCell(ww.ws).value]).toEqual([86, 25.8]);
    expect([maria.getCell(pt.ps).value, maria.getCell(pt.ws).value, maria.getCell(qa.ps).value, maria.getCell(qa.ws).value]).toEqual([80, 40, 75, 15]);
    expect([maria.getCell(cols.initial).value, maria.getCell(cols.quarterly).value]).toEqual([80.8, 88]);
    const r = src.students.get('s-f1')!.results[0]!;
    expect([r.initial, r.quarterly]).toEqual([80.8, 88]);
    // A learner missing PT and QA scores: WW shown, the quarter incomplete (no initial or quarterly grade).
    const kim = rowOf(ws, 'Bautista, Kim');
    expect([kim.getCell(ww.total!).value, kim.getCell(ww.ps).value, kim.getCell(pt.ps).value, kim.getCell(cols.quarterly).value]).toEqual([5, 25, null, null]);
    expect(kim.getCell(cols.id).value).toBe('s-x');
  });

  it('reads its own export back: items by column, learners by their id, group rows left out', async () => {
    const book = buildClassRecord(source(), 1, header, learners);
    const ws = book.getWorksheet('Q1')!;
    rowOf(ws, 'Reyes, Jose').getCell(ww.first).value = 'ten';
    rowOf(ws, 'Cruz, Pedro').getCell(pt.first).value = '33.5';
    const file = await readClassRecord(Buffer.from(await book.xlsx.writeBuffer()), { courseId: COURSE, quarter: 1 });
    expect(file.items).toEqual([
      { column: ww.first, itemId: 'w1' },
      { column: ww.first + 1, itemId: 'w2' },
      { column: pt.first, itemId: 'p1' },
      { column: qa.first, itemId: 'q1' },
    ]);
    expect(file.rows.map((r) => r.studentId)).toEqual(['s-m2', 's-m1', 's-f2', 's-f1', 's-x']);
    expect(file.rows[1]!.scores.get('w1')).toEqual({ kind: 'text', text: 'ten' });
    expect(file.rows[0]!.scores.get('p1')).toEqual({ kind: 'number', value: 33.5 });
    expect(file.rows[4]!.scores.get('w2')).toEqual({ kind: 'empty' });
  });

  it('refuses another course’s or quarter’s record and anything that is not one', async () => {
    const buf = Buffer.from(await buildClassRecord(source(), 1, header, learners).xlsx.writeBuffer());
    const refused = async (b: Buffer, expect: { courseId: string; quarter: Quarter }) =>
      readClassRecord(b, expect).then(
        () => 'read',
        (e: unknown) => (e instanceof DomainError ? e.code : 'other'),
      );
    expect(await refused(buf, { courseId: COURSE, quarter: 2 })).toBe('CLASS_RECORD_FILE');
    expect(await refused(buf, { courseId: '00000000-0000-4000-8000-0000000000c2', quarter: 1 })).toBe('CLASS_RECORD_FILE');
    expect(await refused(Buffer.from('<html><body>not a workbook</body></html>'), { courseId: COURSE, quarter: 1 })).toBe('CLASS_RECORD_FILE');
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Sheet1').addRow(['Name', 'Quiz 1']);
    expect(await refused(Buffer.from(await plain.xlsx.writeBuffer()), { courseId: COURSE, quarter: 1 })).toBe('CLASS_RECORD_FILE');
  });
});

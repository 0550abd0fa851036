import ExcelJS from 'exceljs';
import {
  CLASS_RECORD_MAX_ITEMS,
  COMPONENTS,
  type Component,
  type ComponentWeights,
  type Quarter,
  type QuarterResult,
  type Sex,
} from '@klase/core/deped/contracts';

/**
 * The E-Class Record of one course and quarter as a workbook, in DepEd's class record layout
 * (DepEd Order No. 8, s. 2015): a header block (region, division, school, school ID, school year,
 * grade & section, teacher, subject, quarter), the column heads (WRITTEN WORKS, PERFORMANCE TASKS,
 * QUARTERLY ASSESSMENT with their weights, Initial Grade, Quarterly Grade), a row of item names, a
 * row of numbers 1..10 / Total / PS / WS, the HIGHEST POSSIBLE SCORE row, then the learners, MALE
 * first, then FEMALE (then those whose sex is not recorded), each group by last name.
 *
 * The values are the engine's (`computeQuarter` through the shared DepEd loader): the sheet never
 * computes a grade itself. A quarter with more than 10 written works or performance tasks (or more
 * than one quarterly assessment) gets extra item columns rather than losing items (decision file).
 *
 * So an import can map the file back, a very hidden sheet `klase` holds the course, the quarter, the
 * learners' first row and which column is which item, and a hidden last column holds each
 * learner's id (rows sorted in a spreadsheet program keep their id).
 */

/** The subset of the shared loader's `DepedCourseGrades` the sheet reads (structurally the same). */
export interface ClassRecordSource {
  courseId: string;
  weights: ComponentWeights;
  items: readonly { id: string; name: string; component: Component; quarter: number | null; max: number }[];
  students: ReadonlyMap<string, ClassRecordStudent>;
}

export interface ClassRecordStudent {
  scores: ReadonlyMap<string, number | null>;
  results: readonly QuarterResult[];
}

export interface ClassRecordHeader {
  region: string;
  division: string;
  schoolName: string;
  schoolId: string;
  schoolYear: string;
  gradeSection: string;
  teacher: string;
  subject: string;
}

export interface ClassRecordLearner {
  id: string;
  lastName: string;
  firstName: string;
  middleName: string | null;
  sex: Sex | null;
}

export const META_SHEET = 'klase';
export const META_MARK = 'klase-class-record';
export const META_VERSION = 1;

const COMPONENT_TITLES: Record<Component, string> = { ww: 'WRITTEN WORKS', pt: 'PERFORMANCE TASKS', qa: 'QUARTERLY ASSESSMENT' };
const QUARTER_NAMES = ['FIRST', 'SECOND', 'THIRD', 'FOURTH'] as const;
export const GROUP_TITLES = { male: 'MALE', female: 'FEMALE', none: 'SEX NOT RECORDED' } as const;
export const HPS_TITLE = 'HIGHEST POSSIBLE SCORE';

/** The row numbers of the fixed part of the sheet. */
export const ROWS = { title: 1, school: 3, section: 4, heads: 6, names: 7, numbers: 8, hps: 9 } as const;

export interface ComponentColumns {
  component: Component;
  /** The quarter's items of this component, in order (position in the list = column offset). */
  items: ClassRecordSource['items'][number][];
  first: number;
  /** Item columns (at least 10 for WW/PT, 1 for QA). */
  slots: number;
  total: number | null;
  ps: number;
  ws: number;
}

export interface ClassRecordColumns {
  components: ComponentColumns[];
  initial: number;
  quarterly: number;
  id: number;
  count: number;
}

/** Which column holds what: name in A, then each component's item columns, Total (not for QA), PS, WS. */
export const classRecordColumns = (items: ClassRecordSource['items'], quarter: Quarter): ClassRecordColumns => {
  let col = 2;
  const components = COMPONENTS.map((component): ComponentColumns => {
    const own = items.filter((i) => i.quarter === quarter && i.component === component);
    const slots = Math.max(component === 'qa' ? 1 : CLASS_RECORD_MAX_ITEMS, own.length);
    const first = col;
    col += slots;
    const total = component === 'qa' ? null : col++;
    const ps = col++;
    const ws = col++;
    return { component, items: own, first, slots, total, ps, ws };
  });
  const initial = col++;
  const quarterly = col++;
  const id = col++;
  return { components, initial, quarterly, id, count: id };
};

/** `Last, First M.` */
export const learnerName = (l: ClassRecordLearner): string => {
  const middle = l.middleName?.trim() ? ` ${l.middleName.trim()[0]!.toUpperCase()}.` : '';
  return `${l.lastName}, ${l.firstName}${middle}`;
};

const bySurname = (a: ClassRecordLearner, b: ClassRecordLearner): number =>
  a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
  a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
  a.id.localeCompare(b.id);

/** Learners in the record's order: male, female, then not recorded, each by last name (empty groups left out). */
export const groupLearners = (learners: readonly ClassRecordLearner[]): { title: string; learners: ClassRecordLearner[] }[] =>
  (['male', 'female', 'none'] as const)
    .map((key) => ({ title: GROUP_TITLES[key], learners: learners.filter((l) => (l.sex ?? 'none') === key).sort(bySurname) }))
    .filter((g, i) => i < 2 || g.learners.length > 0);

const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

const quarterName = (q: Quarter) => `${QUARTER_NAMES[q - 1]} QUARTER`;

/** Rows 1–4: the title and the header block (labels in bold, each value beside its label). */
const writeHeaderBlock = (ws: ExcelJS.Worksheet, quarter: Quarter, header: ClassRecordHeader): void => {
  ws.getCell(ROWS.title, 1).value = 'CLASS RECORD';
  ws.getCell(ROWS.title, 1).font = { bold: true, size: 14 };
  ws.getCell(ROWS.title + 1, 1).value = '(Pursuant to DepEd Order No. 8, s. 2015)';
  const pairs = (row: number, list: [string, string][]) =>
    list.forEach(([label, value], i) => {
      ws.getCell(row, 1 + i * 4).value = label;
      ws.getCell(row, 1 + i * 4).font = { bold: true };
      ws.getCell(row, 2 + i * 4).value = value;
    });
  pairs(ROWS.school, [
    ['REGION', header.region],
    ['DIVISION', header.division],
    ['SCHOOL NAME', header.schoolName],
    ['SCHOOL ID', header.schoolId],
    ['SCHOOL YEAR', header.schoolYear],
  ]);
  pairs(ROWS.section, [
    [quarterName(quarter), ''],
    ['GRADE & SECTION', header.gradeSection],
    ['TEACHER', header.teacher],
    ['SUBJECT', header.subject],
  ]);
};

/** Rows 6–9: component heads with their weights, item names, numbers, the highest possible scores. */
const writeColumnHeads = (ws: ExcelJS.Worksheet, cols: ClassRecordColumns, weights: ComponentWeights): void => {
  const heads = ws.getRow(ROWS.heads);
  const names = ws.getRow(ROWS.names);
  const numbers = ws.getRow(ROWS.numbers);
  const hps = ws.getRow(ROWS.hps);
  heads.getCell(1).value = "LEARNERS' NAMES";
  hps.getCell(1).value = HPS_TITLE;
  const label = (col: number, text: string, highest: number) => {
    names.getCell(col).value = text;
    numbers.getCell(col).value = text;
    hps.getCell(col).value = highest;
  };
  for (const c of cols.components) {
    heads.getCell(c.first).value = `${COMPONENT_TITLES[c.component]} (${weights[c.component]}%)`;
    ws.mergeCells(ROWS.heads, c.first, ROWS.heads, c.ws);
    for (let k = 0; k < c.slots; k++) {
      const item = c.items[k];
      names.getCell(c.first + k).value = item?.name ?? null;
      numbers.getCell(c.first + k).value = k + 1;
      hps.getCell(c.first + k).value = item ? item.max : null;
    }
    if (c.total !== null)
      label(
        c.total,
        'Total',
        c.items.reduce((s, i) => s + i.max, 0),
      );
    label(c.ps, 'PS', 100);
    label(c.ws, 'WS', weights[c.component] / 100);
    hps.getCell(c.ws).numFmt = '0%';
  }
  heads.getCell(cols.initial).value = 'Initial Grade';
  heads.getCell(cols.quarterly).value = 'Quarterly Grade';
  heads.getCell(cols.id).value = 'Klase ID';
  for (const col of [1, cols.initial, cols.quarterly, cols.id]) ws.mergeCells(ROWS.heads, col, ROWS.numbers, col);
  for (const r of [heads, names, numbers, hps]) r.font = { bold: true };
  names.alignment = { textRotation: 90, vertical: 'bottom', horizontal: 'center', wrapText: true };
  names.height = 90;
};

/** One learner's row: the scores, per component Total, PS and WS, the initial and quarterly grade, the id. */
const writeLearner = (row: ExcelJS.Row, cols: ClassRecordColumns, student: ClassRecordStudent | undefined, quarter: Quarter): void => {
  const result = student?.results.find((x) => x.quarter === quarter);
  for (const c of cols.components) {
    c.items.forEach((item, k) => {
      row.getCell(c.first + k).value = student?.scores.get(item.id) ?? null;
    });
    const res = result?.components.find((x) => x.component === c.component);
    if (c.total !== null) row.getCell(c.total).value = res && res.items > 0 ? res.raw : null;
    row.getCell(c.ps).value = res?.ps ?? null;
    row.getCell(c.ws).value = res?.ws ?? null;
  }
  row.getCell(cols.initial).value = result?.initial ?? null;
  row.getCell(cols.quarterly).value = result?.quarterly ?? null;
};

/** Borders, widths, number formats, the hidden id column, landscape A4 on one page wide. */
const finishLayout = (ws: ExcelJS.Worksheet, cols: ClassRecordColumns, lastRow: number): void => {
  for (let row = ROWS.heads; row <= lastRow; row++) for (let col = 1; col < cols.id; col++) ws.getCell(row, col).border = THIN;
  ws.getColumn(1).width = 34;
  for (let col = 2; col < cols.id; col++) ws.getColumn(col).width = 7;
  for (const c of cols.components) for (const col of [c.ps, c.ws]) ws.getColumn(col).numFmt = '0.00';
  ws.getColumn(cols.initial).numFmt = '0.00';
  ws.getColumn(cols.initial).width = 9;
  ws.getColumn(cols.quarterly).width = 9;
  ws.getColumn(cols.id).hidden = true;
  ws.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 };
};

/** The workbook of the E-Class Record (every value from the loader and the engine). */
export const buildClassRecord = (
  src: ClassRecordSource,
  quarter: Quarter,
  header: ClassRecordHeader,
  learners: readonly ClassRecordLearner[],
): ExcelJS.Workbook => {
  const cols = classRecordColumns(src.items, quarter);
  const book = new ExcelJS.Workbook();
  book.creator = 'Klase';
  const ws = book.addWorksheet(`Q${quarter}`, { views: [{ state: 'frozen', xSplit: 1, ySplit: ROWS.hps }] });
  writeHeaderBlock(ws, quarter, header);
  writeColumnHeads(ws, cols, src.weights);
  let r = ROWS.hps + 1;
  for (const group of groupLearners(learners)) {
    ws.getCell(r, 1).value = group.title;
    ws.getCell(r, 1).font = { bold: true };
    r += 1;
    group.learners.forEach((l, n) => {
      const row = ws.getRow(r);
      row.getCell(1).value = `${n + 1}. ${learnerName(l)}`;
      writeLearner(row, cols, src.students.get(l.id), quarter);
      row.getCell(cols.id).value = l.id;
      r += 1;
    });
  }
  finishLayout(ws, cols, r - 1);

  const meta = book.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.addRow([META_MARK, META_VERSION]);
  meta.addRow(['course', src.courseId]);
  meta.addRow(['quarter', quarter]);
  meta.addRow(['sheet', ws.name]);
  meta.addRow(['firstRow', ROWS.hps + 1]);
  meta.addRow(['idColumn', cols.id]);
  for (const c of cols.components) c.items.forEach((item, k) => meta.addRow(['item', c.first + k, item.id]));
  return book;
};

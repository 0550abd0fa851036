import type { ObservedStatement, PaperSize, Quarter } from '@klase/core/deped/contracts';
import { OBSERVED_MARKS, QUARTERS } from '@klase/core/deped/contracts';
import type { CardArea, ReportCardData } from './report-card-data.repo.ts';
import { sf9Labels, type CardLang, type Sf9Labels } from './sf9-labels.ts';

/**
 * The SF9 as a pdfmake document definition (plain data, unit-tested as such). Each learner's card
 * is one sheet printed on both sides and folded, as DepEd prints it: page 1 (landscape) is the
 * front (left: report on attendance and signatures; right: school and learner details), page 2 the
 * inside (left: report on learning progress and achievement with the grading scale; right:
 * observed values with the marking legend). Black on white, no fills, so it prints anywhere.
 */

export type Node = Record<string, unknown> | string;
export type Sf9Document = {
  pageSize: { width: number; height: number };
  pageOrientation: 'landscape';
  pageMargins: number[];
  info: { title: string; subject: string };
  defaultStyle: { font: string; fontSize: number };
  styles: Record<string, Record<string, unknown>>;
  content: Node[];
};

/** Points (1/72 in): A4 and folio (8.5 × 13 in), landscape. */
export const PAPER: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 841.89, height: 595.28 },
  folio: { width: 936, height: 612 },
};

const blank = (v: string | number | null | undefined): string => (v === null || v === undefined || v === '' ? '' : String(v));
const cell = (text: string | number | null, extra: Record<string, unknown> = {}): Node => ({ text: blank(text), ...extra });
const head = (text: string, extra: Record<string, unknown> = {}): Node => ({ text, bold: true, alignment: 'center', ...extra });
const field = (label: string, value: string | number | null): Node => ({
  text: [{ text: `${label}: `, bold: true }, { text: blank(value) || '________________' }],
  margin: [0, 2, 0, 2],
});

const remarksText = (r: 'passed' | 'failed' | null, l: Sf9Labels): string => (r === 'passed' ? l.passed : r === 'failed' ? l.failed : '');

const front = (d: ReportCardData, l: Sf9Labels): Node => {
  const months = d.attendance;
  const totalDays = months.reduce((s, m) => s + m.schoolDays, 0);
  const entered = months.filter((m) => m.present !== null);
  const totalPresent = entered.length ? entered.reduce((s, m) => s + (m.present ?? 0), 0) : null;
  const absent = (m: { schoolDays: number; present: number | null }) => (m.present === null ? null : m.schoolDays - m.present);
  const totalAbsent = entered.length ? entered.reduce((s, m) => s + (absent(m) ?? 0), 0) : null;
  const attendance = {
    table: {
      headerRows: 1,
      widths: ['*', ...months.map(() => 'auto'), 'auto'],
      body: [
        [head(l.month, { alignment: 'left' }), ...months.map((m) => head(l.months[m.month.slice(5)] ?? m.month)), head(l.total)],
        [
          cell(l.schoolDays),
          ...months.map((m) => cell(m.schoolDays, { alignment: 'center' })),
          cell(months.length ? totalDays : null, { alignment: 'center' }),
        ],
        [cell(l.daysPresent), ...months.map((m) => cell(m.present, { alignment: 'center' })), cell(totalPresent, { alignment: 'center' })],
        [cell(l.daysAbsent), ...months.map((m) => cell(absent(m), { alignment: 'center' })), cell(totalAbsent, { alignment: 'center' })],
      ],
    },
    fontSize: 7,
  };
  const sex = d.learner.sex === 'male' ? l.male : d.learner.sex === 'female' ? l.female : null;
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: l.attendance, style: 'heading' },
          attendance,
          { text: l.parentSignature, margin: [0, 40, 0, 0] },
          { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5 }] },
          { text: `${l.quarter} 1 · 2 · 3 · 4`, fontSize: 7, margin: [0, 2, 0, 0] },
        ],
      },
      {
        width: '*',
        stack: [
          { text: l.republic, alignment: 'center' },
          { text: l.department, alignment: 'center', bold: true },
          field(l.region, d.school.region),
          field(l.division, d.school.province),
          field(l.district, d.school.city),
          { text: d.school.name, alignment: 'center', bold: true, fontSize: 11, margin: [0, 6, 0, 0] },
          { text: `${l.schoolId}: ${blank(d.school.depedSchoolId)}`, alignment: 'center' },
          { text: l.title, style: 'title' },
          { text: `${l.form} · ${l.asOf(d.quarter)}`, alignment: 'center', fontSize: 8, margin: [0, 0, 0, 8] },
          field(l.name, d.learner.name),
          field(l.lrn, d.learner.lrn),
          { columns: [field(l.age, d.age), field(l.sex, sex)] },
          { columns: [field(l.grade, d.section.gradeLevel), field(l.section, d.section.section)] },
          field(l.schoolYear, d.section.schoolYear),
          field(l.adviser, d.section.adviser),
          { text: l.adviserSignature, margin: [0, 30, 0, 0] },
          { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5 }] },
        ],
      },
    ],
    columnGap: 30,
  };
};

const areaCells = (a: CardArea, l: Sf9Labels, indent: boolean): Node[] => [
  cell(a.part ? l.mapeh[a.part] : a.name, indent ? { margin: [12, 0, 0, 0] } : {}),
  ...a.quarters.map((q) => cell(q, { alignment: 'center' })),
  cell(a.final, { alignment: 'center' }),
  cell(remarksText(a.remarks, l), { alignment: 'center' }),
];

const progress = (d: ReportCardData, l: Sf9Labels): Node[] => {
  const rows: Node[][] = [
    [head(l.learningAreas, { rowSpan: 2 }), head(l.quarter, { colSpan: 4 }), '', '', '', head(l.finalGrade, { rowSpan: 2 }), head(l.remarks, { rowSpan: 2 })],
    ['', ...QUARTERS.map((q) => head(String(q))), '', ''],
  ];
  for (const a of d.areas) {
    rows.push(areaCells(a, l, false));
    for (const p of a.parts) rows.push(areaCells(p, l, true));
  }
  rows.push([
    { text: l.generalAverage, bold: true, colSpan: 5 },
    '',
    '',
    '',
    '',
    cell(d.generalAverage?.value ?? null, { alignment: 'center', bold: true }),
    cell(remarksText(d.generalAverage?.remarks ?? null, l), { alignment: 'center' }),
  ]);
  const b = d.descriptors;
  const scale: [keyof Sf9Labels['descriptor'], string][] = [
    ['outstanding', `${b.outstanding}–100`],
    ['verySatisfactory', `${b.verySatisfactory}–${b.outstanding - 1}`],
    ['satisfactory', `${b.satisfactory}–${b.verySatisfactory - 1}`],
    ['fairlySatisfactory', `${b.fairlySatisfactory}–${b.satisfactory - 1}`],
    ['didNotMeet', `< ${b.fairlySatisfactory}`],
  ];
  return [
    { text: l.progress, style: 'heading' },
    { table: { headerRows: 2, widths: ['*', 22, 22, 22, 22, 38, 50], body: rows }, fontSize: 8 },
    {
      margin: [0, 8, 0, 0],
      fontSize: 7,
      table: {
        widths: ['*', 'auto', 'auto'],
        body: [
          [head(l.descriptors, { alignment: 'left' }), head(l.gradingScale), head(l.remarks)],
          ...scale.map(([k, range]) => [cell(l.descriptor[k]), cell(range, { alignment: 'center' }), cell(k === 'didNotMeet' ? l.failed : l.passed)]),
        ],
      },
      layout: 'noBorders',
    },
  ];
};

const GROUPS: { value: keyof Sf9Labels['coreValue']; statements: ObservedStatement[] }[] = [
  { value: 'makaDiyos', statements: ['makaDiyos1', 'makaDiyos2'] },
  { value: 'makatao', statements: ['makatao1', 'makatao2'] },
  { value: 'makakalikasan', statements: ['makakalikasan1'] },
  { value: 'makabansa', statements: ['makabansa1', 'makabansa2'] },
];

const observed = (d: ReportCardData, l: Sf9Labels): Node[] => {
  const rows: Node[][] = [
    [head(l.coreValues, { rowSpan: 2 }), head(l.behaviour, { rowSpan: 2 }), head(l.quarter, { colSpan: 4 }), '', '', ''],
    ['', '', ...QUARTERS.map((q) => head(String(q)))],
  ];
  for (const g of GROUPS)
    g.statements.forEach((s, i) => {
      rows.push([
        i === 0 ? { text: l.coreValue[g.value], bold: true, rowSpan: g.statements.length } : '',
        cell(l.statement[s]),
        ...QUARTERS.map((q: Quarter) => cell(d.observed[q][s] ?? null, { alignment: 'center' })),
      ]);
    });
  return [
    { text: l.observedValues, style: 'heading' },
    { table: { headerRows: 2, widths: [60, '*', 18, 18, 18, 18], body: rows }, fontSize: 7 },
    {
      margin: [0, 8, 0, 0],
      fontSize: 7,
      table: {
        widths: ['auto', '*'],
        body: [
          [head(l.marking, { alignment: 'left' }), head(l.nonNumerical, { alignment: 'left' })],
          ...OBSERVED_MARKS.map((m) => [cell(m), cell(l.marks[m])]),
        ],
      },
      layout: 'noBorders',
    },
  ];
};

/** One learner's card: the front page, then the inside (a page break before the inside, and before every card but the first). */
export const cardContent = (d: ReportCardData, l: Sf9Labels, first: boolean): Node[] => [
  { ...(front(d, l) as Record<string, unknown>), ...(first ? {} : { pageBreak: 'before' }) },
  {
    columns: [
      { width: '*', stack: progress(d, l) },
      { width: '*', stack: observed(d, l) },
    ],
    columnGap: 24,
    pageBreak: 'before',
  },
];

/** The pdfmake document of one or many cards (a section's file: every learner's card in order). */
export const sf9Document = (cards: readonly ReportCardData[], paper: PaperSize, lang: CardLang): Sf9Document => {
  const l = sf9Labels(lang);
  const first = cards[0];
  return {
    // A copy: pdfmake writes its orientation into the object it is given, and PAPER is shared.
    pageSize: { ...PAPER[paper] },
    pageOrientation: 'landscape',
    pageMargins: [36, 30, 36, 30],
    info: {
      title:
        cards.length === 1 && first
          ? `${l.title} - ${first.learner.name}`
          : `${l.title} - ${first ? `${first.section.gradeLevel} ${first.section.section}` : ''}`,
      subject: l.form,
    },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      heading: { bold: true, fontSize: 10, alignment: 'center', margin: [0, 0, 0, 6] },
      title: { bold: true, fontSize: 13, alignment: 'center', margin: [0, 10, 0, 2] },
    },
    content: cards.length ? cards.flatMap((c, i) => cardContent(c, l, i === 0)) : [{ text: l.title }],
  };
};

import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTORS } from '@klase/core/deped/defaults';
import { ageOn, areaRow, averageOf, learnerAreas, schoolMonths, type ReportCardData } from './report-card-data.repo.ts';
import type { DepedCourseGrades } from '../grading-policy/deped-grades.service.ts';
import { PAPER, sf9Document } from './sf9-document.ts';
import { renderPdf } from './sf9-pdf.ts';

const grades = (mapehPart: DepedCourseGrades['mapehPart'], byStudent: Record<string, (number | null)[]>): DepedCourseGrades =>
  ({
    mapehPart,
    students: new Map(Object.entries(byStudent).map(([id, q]) => [id, { results: q.map((quarterly) => ({ quarterly })) }])),
  }) as unknown as DepedCourseGrades;

const card = (over: Partial<ReportCardData> = {}): ReportCardData => ({
  quarter: 4,
  school: { name: 'Rizal National High School', depedSchoolId: '305312', region: 'NCR', province: null, city: 'Pasig' },
  section: { gradeLevel: 'Grade 7', section: 'Sampaguita', schoolYear: '2025-2026', adviser: 'Maria Santos' },
  learner: { id: 's1', name: 'José Dela Cruz', sortName: 'Dela Cruz, José', lrn: '123456789012', sex: 'male', birthDate: '2013-08-01' },
  age: 12,
  areas: [areaRow('Filipino', [88, 90, 91, 95], 4)],
  generalAverage: { value: 91, exact: 91, remarks: 'passed' },
  descriptors: DEFAULT_DESCRIPTORS,
  attendance: [
    { month: '2025-06', schoolDays: 20, present: 19 },
    { month: '2025-07', schoolDays: 22, present: null },
  ],
  observed: { 1: { makaDiyos1: 'AO' }, 2: {}, 3: {}, 4: {} },
  ...over,
});

/** Every string of a document definition, in order. */
const texts = (node: unknown): string[] => {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
};

describe('SF9 data rules', () => {
  it('blanks later quarters and gives the final grade and remarks only at quarter 4 with every quarter graded', () => {
    expect(areaRow('Math', [80, 82, 84, 86], 2)).toMatchObject({ quarters: [80, 82, null, null], final: null, remarks: null });
    // (80 + 82 + 84 + 86) / 4 = 83
    expect(areaRow('Math', [80, 82, 84, 86], 4)).toMatchObject({ quarters: [80, 82, 84, 86], final: 83, remarks: 'passed' });
    expect(areaRow('Math', [70, 72, 74, null], 4)).toMatchObject({ final: null, remarks: null });
    expect(areaRow('Math', [70, 72, 74, 73], 4)).toMatchObject({ final: 72, remarks: 'failed' });
  });

  it('folds the MAPEH parts into one row (mean of the parts per quarter) with the parts below it, in DepEd order', () => {
    const areas = learnerAreas(
      [
        { name: 'English', g: grades(null, { s: [90, 90, 90, 90] }) },
        { name: 'PE 7', g: grades('pe', { s: [80, 80, 80, 80] }) },
        { name: 'Music 7', g: grades('music', { s: [90, 90, 90, 90] }) },
        { name: 'Health 7', g: grades('health', { s: [85, 85, 85, 85] }) },
        { name: 'Arts 7', g: grades('arts', { s: [86, 87, 88, null] }) },
        { name: 'Science', g: grades(null, { s: [75, 76, 77, 78] }) },
      ],
      's',
      4,
    );
    expect(areas.map((a) => a.name)).toEqual(['English', 'MAPEH', 'Science']);
    const mapeh = areas[1]!;
    // Q1 (90 + 86 + 80 + 85) / 4 = 85.25 → 85; Q2 85.5 → 86; Q3 85.75 → 86; Q4 incomplete (Arts).
    expect(mapeh.quarters).toEqual([85, 86, 86, null]);
    expect(mapeh.final).toBeNull();
    expect(mapeh.parts.map((p) => p.part)).toEqual(['music', 'arts', 'pe', 'health']);
    expect(averageOf(areas)).toBeNull();
  });

  it('computes the general average (3 decimals kept for honors) and the learner’s age and school months', () => {
    const areas = [areaRow('A', [90, 90, 90, 90], 4), areaRow('B', [95, 95, 95, 95], 4), areaRow('C', [91, 91, 91, 91], 4)];
    // (90 + 95 + 91) / 3 = 92 exactly.
    expect(averageOf(areas)).toEqual({ value: 92, exact: 92, remarks: 'passed' });
    const uneven = [areaRow('A', [90, 90, 90, 90], 4), areaRow('B', [91, 91, 91, 91], 4), areaRow('C', [91, 91, 91, 91], 4)];
    expect(averageOf(uneven)).toEqual({ value: 91, exact: 90.667, remarks: 'passed' });
    expect(ageOn('2013-08-01', '2026-07-31')).toBe(12);
    expect(ageOn('2013-08-01', '2026-08-01')).toBe(13);
    expect(ageOn(null, '2026-08-01')).toBeNull();
    expect(schoolMonths(2025)).toEqual([
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
  });
});

describe('SF9 document', () => {
  it('prints the learner, the grades, attendance and observed values with English labels on A4', () => {
    const doc = sf9Document([card()], 'a4', 'en-us');
    expect(doc.pageSize).toEqual(PAPER.a4);
    const t = texts(doc.content);
    for (const s of ["Learner's Progress Report Card", 'José Dela Cruz', '123456789012', 'Grade 7', 'Sampaguita', 'Maria Santos', 'Rizal National High School'])
      expect(t).toContain(s);
    expect(t).toEqual(expect.arrayContaining(['Filipino', '88', '95', '91', 'Passed', 'General Average', 'Report on Attendance', 'Jun', '19', 'AO']));
    expect(t).toContain('Always Observed');
    expect(t).toContain('Did Not Meet Expectations');
    expect(t).toContain('90–100');
  });

  it('uses Filipino labels and folio paper on request, leaving missing learner fields blank', () => {
    const doc = sf9Document(
      [card({ learner: { id: 's', name: 'Ana Bonifacio', sortName: 'Bonifacio, Ana', lrn: null, sex: null, birthDate: null }, age: null })],
      'folio',
      'ph',
    );
    expect(doc.pageSize).toEqual({ width: 936, height: 612 });
    const t = texts(doc.content);
    expect(t).toEqual(
      expect.arrayContaining(['Ulat ng Pag-unlad ng Mag-aaral', 'Pangkalahatang Marka', 'Nakapasa', 'Ulat sa Pagdalo', 'Hun', 'Palaging nakikita']),
    );
    expect(t).not.toContain('123456789012');
    expect(t).not.toContain("Learner's Progress Report Card");
  });

  it('renders a real PDF with two pages (front and inside) per learner', async () => {
    const pdf = await renderPdf(sf9Document([card(), card({ learner: { ...card().learner, id: 's2', name: 'Ñino Reyes' } })], 'a4', 'ph'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(4);
  });

  it('names the learner in the document title of a single card (readable in the file’s info dictionary)', async () => {
    const pdf = await renderPdf(sf9Document([card({ learner: { ...card().learner, name: 'Jose Rizal Dela Cruz' } })], 'a4', 'en-us'));
    expect(pdf.toString('latin1')).toContain("(Learner's Progress Report Card - Jose Rizal Dela Cruz)");
  });
});

import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/views';
import { DEFAULT_LETTERS } from '@klase/core/gradebook/display';
import { computeGradebook } from '@klase/core/gradebook/engine';
import type { GradebookSetup } from '@klase/core/gradebook/types';

export const CLASS_ID = '55555555-5555-4555-8555-555555555555';
export const COURSE_ID = '77777777-7777-4777-8777-777777777777';
export const STUDENT_ID = 'u1';
export const CHILD_ID = '88888888-8888-4888-8888-888888888888';

/**
 * Four 10-point quizzes in a "Quizzes" category (Natural, drop the lowest; quiz 4 not taken) and a
 * unit exam of 20 directly in the course, excused: Quizzes 17 / 20, the course total 17 / 20. The
 * lines come in the API's reading order (a category's items, then its total); the numbers and
 * explanations are the real engine's.
 */
const setup: GradebookSetup = {
  categories: [
    { id: 'course', parentId: null, aggregation: 'natural' },
    { id: 'quizzes', parentId: 'course', aggregation: 'natural', dropLowest: 1 },
  ],
  items: [
    { id: 'exam', categoryId: 'course', type: 'value', max: 20 },
    ...['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, categoryId: 'quizzes', type: 'value' as const, max: 10 })),
  ],
};
const [computed] = computeGradebook(setup, [
  { studentId: STUDENT_ID, grades: { q1: { value: 8 }, q2: { value: 5 }, q3: { value: 9 }, q4: { value: null }, exam: { value: 12, excluded: true } } },
]);
const result = computed!;

/** The numbers of a line as the API prints them (Real, 2 decimals). */
const figures = (r: { value: number | null; min: number; max: number; percent: number | null }) => ({
  value: r.value,
  min: r.min,
  max: r.max,
  percent: r.percent,
  display: r.value === null ? '-' : r.value.toFixed(2),
  range: `${r.min.toFixed(2)}–${r.max.toFixed(2)}`,
});

const item = (id: string, name: string, depth: number, over: Partial<ReportLine> = {}): ReportLine => {
  const r = result.items[id]!;
  return {
    kind: 'item',
    id,
    name,
    depth,
    source: 'quiz',
    materialId: null,
    ...figures(r),
    letter: null,
    weight: r.weight,
    contribution: r.contribution,
    passed: null,
    ...over,
  };
};

const total = (kind: 'category' | 'course', id: string, name: string, depth: number, letter: string): ReportLine => {
  const r = result.totals[id]!;
  return {
    kind,
    id,
    name,
    depth,
    ...figures(r),
    letter,
    weight: kind === 'category' ? 1 : null,
    contribution: null,
    passed: null,
    explanation: r.explanation,
  };
};

export const reportLines = (): ReportLine[] => [
  item('exam', 'Unit exam', 1, { source: 'assignment', excused: true }),
  item('q1', 'Quiz 1', 2, { feedbackHtml: '<p>Well done on <strong>cells</strong>.</p>' }),
  item('q2', 'Quiz 2', 2),
  item('q3', 'Quiz 3', 2),
  item('q4', 'Quiz 4', 2),
  total('category', 'quizzes', 'Quizzes', 1, 'B'),
  total('course', 'course', 'Science 7', 0, 'B'),
  {
    kind: 'final',
    id: 'final',
    name: 'final',
    depth: 0,
    value: 85,
    min: 0,
    max: 100,
    percent: 85,
    display: '85.00 %',
    range: '0.00–100.00',
    letter: 'B',
    weight: null,
    contribution: null,
    passed: null,
    explanation: null,
  },
];

export const reportFixture = (over: Partial<StudentGradeReport> = {}): StudentGradeReport => ({
  courseId: COURSE_ID,
  student: { id: STUDENT_ID, name: 'Juan Dela Cruz' },
  released: true,
  lines: reportLines(),
  names: { q1: 'Quiz 1', q2: 'Quiz 2', q3: 'Quiz 3', q4: 'Quiz 4', exam: 'Unit exam', quizzes: 'Quizzes' },
  settings: { gradeDisplayType: 'real', decimals: 2, hiddenPolicy: 'hideTotals', letters: [...DEFAULT_LETTERS], finalMode: 'courseTotal' },
  periods: [],
  computedAt: '2026-06-10T01:00:00.000Z',
  ...over,
});

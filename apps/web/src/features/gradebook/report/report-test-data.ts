import type { ReportLine, StudentGradeReport } from '@klase/core/gradebook/contracts';
import { DEFAULT_LETTERS } from '@klase/core/gradebook/display';
import { computeGradebook } from '@klase/core/gradebook/engine';
import type { GradebookSetup } from '@klase/core/gradebook/types';

export const CLASS_ID = '55555555-5555-4555-8555-555555555555';
export const COURSE_ID = '77777777-7777-4777-8777-777777777777';
export const STUDENT_ID = 'u1';
export const CHILD_ID = '88888888-8888-4888-8888-888888888888';

/**
 * A course of four 10-point quizzes (Natural, drop the lowest; quiz 4 not taken) and an exam of
 * 20, excused: the course total 17 / 20. The explanation is the real engine's.
 */
const setup: GradebookSetup = {
  categories: [{ id: 'course', parentId: null, aggregation: 'natural', dropLowest: 1 }],
  items: ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, categoryId: 'course', type: 'value' as const, max: 10 })),
};
const [computed] = computeGradebook(setup, [{ studentId: STUDENT_ID, grades: { q1: { value: 8 }, q2: { value: 5 }, q3: { value: 9 }, q4: { value: null } } }]);

const item = (id: string, name: string, value: number | null, weight: number, over: Partial<ReportLine> = {}): ReportLine => ({
  kind: 'item',
  id,
  name,
  depth: 1,
  source: 'quiz',
  materialId: null,
  value,
  min: 0,
  max: 10,
  percent: value === null ? null : value * 10,
  display: value === null ? '-' : value.toFixed(2),
  range: '0.00–10.00',
  letter: null,
  weight,
  contribution: value === null ? null : value * 10 * weight,
  passed: null,
  ...over,
});

export const reportLines = (): ReportLine[] => [
  {
    kind: 'course',
    id: 'course',
    name: 'Course total',
    depth: 0,
    value: 17,
    min: 0,
    max: 20,
    percent: 85,
    display: '17.00',
    range: '0.00–20.00',
    letter: 'B',
    weight: null,
    contribution: null,
    passed: null,
    explanation: computed!.course.explanation,
  },
  item('q1', 'Quiz 1', 8, 0.5, { feedbackHtml: '<p>Well done on <strong>cells</strong>.</p>' }),
  item('q2', 'Quiz 2', 5, 0),
  item('q3', 'Quiz 3', 9, 0.5),
  item('q4', 'Quiz 4', null, 0),
  item('exam', 'Unit exam', null, 0, { excused: true, max: 20, range: '0.00–20.00' }),
  {
    kind: 'final',
    id: 'final',
    name: 'Final grade',
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
  names: { q1: 'Quiz 1', q2: 'Quiz 2', q3: 'Quiz 3', q4: 'Quiz 4' },
  settings: { gradeDisplayType: 'real', decimals: 2, hiddenPolicy: 'hideTotals', letters: [...DEFAULT_LETTERS], finalMode: 'courseTotal' },
  periods: [],
  computedAt: '2026-06-10T01:00:00.000Z',
  ...over,
});

import type { GradebookGrid, GradeCategoryRow, GradeItemRow, GridTotal } from '@klase/core/gradebook/views';
import { DEFAULT_LETTERS } from '@klase/core/gradebook/display';

/** Fixtures of the grader grid tests (shapes of packages/core/src/gradebook/contracts.ts). */

export const CLASS_ID = 'c1';
export const COURSE_ID = 'k1';
export const GRID_URL = `/api/courses/${COURSE_ID}/gradebook`;
export const cellUrl = (itemId: string, studentId: string) => `${GRID_URL}/items/${itemId}/grades/${studentId}`;

export const categoryFixture = (id: string, name: string, parentId: string | null, over: Partial<GradeCategoryRow> = {}): GradeCategoryRow => ({
  version: 1,
  id,
  parentId,
  name,
  idNumber: null,
  aggregation: 'natural',
  excludeEmpty: true,
  dropLowest: 0,
  keepHighest: 0,
  includeOutcomes: false,
  maxGrade: 100,
  weight: null,
  extraCredit: false,
  hidden: false,
  hiddenUntil: null,
  locked: false,
  lockedAfter: null,
  gradePass: null,
  displayType: null,
  decimals: null,
  position: 0,
  depth: parentId === null ? 0 : 1,
  itemCount: 0,
  computedWeight: null,
  ...over,
});

export const itemFixture = (id: string, name: string, categoryId: string, over: Partial<GradeItemRow> = {}): GradeItemRow => ({
  version: 1,
  id,
  categoryId,
  materialId: null,
  source: 'manual',
  name,
  idNumber: null,
  gradeType: 'value',
  maxGrade: 20,
  minGrade: 0,
  scaleId: null,
  rubricId: null,
  weight: null,
  extraCredit: false,
  hidden: false,
  hiddenUntil: null,
  locked: false,
  lockedAfter: null,
  gradePass: null,
  displayType: null,
  decimals: null,
  gradingPeriodId: null,
  periodId: null,
  dueAt: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  position: 0,
  unpublished: false,
  computedWeight: null,
  ...over,
});

export const total = (value: number | null, max = 100): GridTotal => ({ value, min: 0, max, percent: value === null ? null : (value / max) * 100 });

type Student = GradebookGrid['students'][number];
export const studentFixture = (
  id: string,
  name: string,
  values: (number | null)[],
  flags: number[],
  totals: Record<string, GridTotal>,
  groupIds: string[] = [],
): Student => ({
  id,
  name,
  username: name.toLowerCase().replace(' ', '.'),
  groupIds,
  values,
  flags,
  totals,
});

/** Math 7: Written works (Quiz 1 /20), Performance tasks (Essay /50, an assignment; Recitation on a 3-word scale). */
export const gridFixture = (over: Partial<GradebookGrid> = {}): GradebookGrid => ({
  courseId: COURSE_ID,
  settings: {
    version: 1,
    status: 'visible',
    gradeDisplayType: 'real',
    decimals: 2,
    hiddenPolicy: 'showExcluding',
    minMaxToUse: 'item',
    includeScales: true,
    letters: [...DEFAULT_LETTERS],
    defaultLetters: true,
    finalMode: 'courseTotal',
    finalDisplayType: 'real',
    finalDecimals: 2,
  },
  categories: [categoryFixture('root', 'Math 7', null), categoryFixture('ww', 'Written works', 'root'), categoryFixture('pt', 'Performance tasks', 'root')],
  items: [
    itemFixture('quiz', 'Quiz 1', 'ww'),
    itemFixture('essay', 'Essay', 'pt', { materialId: 'm1', source: 'assignment', maxGrade: 50 }),
    itemFixture('recit', 'Recitation', 'pt', { gradeType: 'scale', scaleId: 's1', minGrade: 1, maxGrade: 3 }),
  ],
  scales: [
    {
      version: 1,
      id: 's1',
      name: 'Effort',
      values: ['Poor', 'Fair', 'Good'],
      description: '',
      kind: 'custom',
      minGrade: 1,
      maxGrade: 3,
      usedBy: 1,
      canEdit: true,
    },
  ],
  periods: [],
  groups: [{ id: 'g1', name: 'Group Narra' }],
  students: [
    studentFixture('ana', 'Ana Cruz', [18, 40, 3], [0, 0, 0], { 'cat:ww': total(18, 20), 'cat:pt': total(43, 53), 'cat:root': total(61, 73) }, ['g1']),
    studentFixture('ben', 'Ben Reyes', [null, 35, null], [0, 16, 0], { 'cat:ww': total(null, 20), 'cat:pt': total(null, 53), 'cat:root': total(null, 73) }),
  ],
  ready: true,
  computedAt: '2026-06-01T00:00:00.000Z',
  can: { manage: true },
  ...over,
});

/**
 * The same course as a DepEd learning area (docs/decisions/0059-deped-grader-grid.md): Quiz 1 in
 * quarter 1, the others in quarter 2; quarters 3 and 4 have periods but no items. Ana: quarter 1
 * 84.86 → 90 (Outstanding), quarter 2 incomplete; Ben: nothing yet.
 */
export const depedGridFixture = (): GradebookGrid => {
  const quarters = [1, 2, 3, 4] as const;
  const grid = gridFixture({
    periods: quarters.map((n) => ({
      version: 1,
      id: `p${n}`,
      name: `Quarter ${n}`,
      startsOn: `2026-0${n + 5}-01`,
      endsOn: `2026-0${n + 5}-28`,
      weight: 25,
    })),
    deped: { quarters: quarters.map((quarter) => ({ quarter, periodId: `p${quarter}` })) },
  });
  grid.items = grid.items.map((i) => ({ ...i, periodId: i.id === 'quiz' ? 'p1' : 'p2' }));
  const none = { initial: null, quarterly: null, descriptor: null };
  grid.students = grid.students.map((s) => ({
    ...s,
    totals: { ...s.totals, 'period:p1': total(s.id === 'ana' ? 84.86 : null) },
    deped: {
      quarters: quarters.map((quarter) =>
        s.id === 'ana' && quarter === 1 ? { quarter, initial: 84.86, quarterly: 90, descriptor: 'outstanding' as const } : { quarter, ...none },
      ),
      final: null,
      finalDescriptor: null,
    },
  }));
  return grid;
};

/** A big grid: `students` × `items` in one category. */
export const bigGridFixture = (students: number, items: number): GradebookGrid => {
  const base = gridFixture();
  return {
    ...base,
    categories: [categoryFixture('root', 'Math 7', null)],
    items: Array.from({ length: items }, (_, i) => itemFixture(`it${i}`, `Item ${i + 1}`, 'root')),
    students: Array.from({ length: students }, (_, s) =>
      studentFixture(
        `st${s}`,
        `Student ${String(s + 1).padStart(2, '0')}`,
        Array.from({ length: items }, (_, i) => (i + s) % 21),
        Array.from({ length: items }, () => 0),
        { 'cat:root': total(50, 100) },
      ),
    ),
  };
};

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { GradebookSettings, GradebookSetupView, GradeCategoryRow, GradeItemRow } from '@klase/core/gradebook/views';
import { DEFAULT_LETTERS } from '@klase/core/gradebook/display';
import { paths } from '../../../config/paths.ts';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils.tsx';
import { routeFetch } from '../../../test/quizzes-test-data.ts';
import { CategoryAddPage, CategoryEditPage } from '../category-form-page.tsx';
import { GradeSetupTab } from '../grade-setup-tab.tsx';
import { ItemAddPage, ItemEditPage } from '../item-form-page.tsx';
import { GradeLettersPage } from '../letters-form-page.tsx';
import { RubricCreatePage, RubricEditPage } from '../rubric-form-page.tsx';
import { ScaleAddPage, ScaleEditPage } from '../scale-form-page.tsx';
import { ScalePage } from '../scale-page.tsx';

export { routeFetch };
export { writesOf } from '../../../test/quizzes-test-data.ts';

export const CLASS_ID = 'c1';
export const COURSE_ID = 'k1';
export const API = `/api/courses/${COURSE_ID}/gradebook`;
export const ROOT = 'cat-root';
export const QUARTER = 'cat-quarter';
export const WRITTEN = 'cat-written';

const settings = (over: Partial<GradebookSettings> = {}): GradebookSettings => ({
  version: 1,
  status: 'visible',
  gradeDisplayType: 'real',
  decimals: 2,
  hiddenPolicy: 'hideTotals',
  minMaxToUse: 'item',
  includeScales: true,
  letters: [...DEFAULT_LETTERS],
  defaultLetters: true,
  finalMode: 'courseTotal',
  finalDisplayType: 'percentage',
  finalDecimals: 2,
  ...over,
});

export const category = (over: Partial<GradeCategoryRow> & { id: string; name: string }): GradeCategoryRow => ({
  version: 1,
  parentId: ROOT,
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
  position: 1,
  depth: 1,
  itemCount: 0,
  computedWeight: null,
  ...over,
});

export const item = (over: Partial<GradeItemRow> & { id: string; name: string; categoryId: string }): GradeItemRow => ({
  version: 1,
  materialId: null,
  source: 'manual',
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
  position: 1,
  unpublished: false,
  computedWeight: null,
  ...over,
});

/** A course total (Natural) holding "Quarterly assessment" (weighted mean, 40 %) and "Written works". */
export const setupFixture = (over: Partial<GradebookSetupView> = {}): GradebookSetupView => ({
  courseId: COURSE_ID,
  settings: settings(),
  categories: [
    category({ id: ROOT, name: 'Science 7', parentId: null, depth: 0, position: 0 }),
    category({
      id: QUARTER,
      name: 'Quarterly assessment',
      aggregation: 'weightedMean',
      weight: 40,
      computedWeight: 0.4,
      dropLowest: 1,
      position: 1,
      itemCount: 1,
    }),
    category({ id: WRITTEN, name: 'Written works', computedWeight: 0.6, position: 2, hidden: true }),
  ],
  items: [
    item({ id: 'item-test', name: 'Long test 1', categoryId: QUARTER, maxGrade: 50, computedWeight: 1 }),
    item({ id: 'item-essay', name: 'Essay', categoryId: WRITTEN, source: 'assignment', materialId: 'm1', computedWeight: 0.6666, extraCredit: true }),
  ],
  scales: [
    {
      version: 1,
      id: 'scale-std',
      name: 'DepEd proficiency',
      values: ['Beginning', 'Developing', 'Proficient'],
      description: '',
      kind: 'standard',
      minGrade: 1,
      maxGrade: 3,
      usedBy: 0,
      canEdit: false,
    },
    {
      version: 1,
      id: 'scale-own',
      name: 'Effort',
      values: ['Low', 'High'],
      description: 'How hard they tried',
      kind: 'custom',
      minGrade: 1,
      maxGrade: 2,
      usedBy: 1,
      canEdit: true,
    },
  ],
  rubrics: [
    {
      version: 1,
      id: 'rub-1',
      name: 'Essay rubric',
      criteria: [
        {
          id: 'cr1',
          title: 'Ideas',
          levels: [
            { id: 'l1', label: 'Weak', points: 1 },
            { id: 'l2', label: 'Strong', points: 4 },
          ],
        },
      ],
      maxPoints: 4,
      usedBy: 0,
    },
  ],
  periods: [
    { version: 1, id: 'p1', name: 'Quarter 1', startsOn: '2026-06-01', endsOn: '2026-08-15', weight: 25 },
    { version: 1, id: 'p2', name: 'Quarter 2', startsOn: '2026-08-16', endsOn: '2026-10-31', weight: 25 },
  ],
  ready: true,
  can: { manage: true },
  ...over,
});

const Landed = ({ name }: { name: string }) => <p>{`${name} ${useLocation().pathname}`}</p>;

/** A fetch stub answering the setup read (and whatever else is given). */
export const setupFetch = (routes: Parameters<typeof routeFetch>[0] = {}, setup = setupFixture()) =>
  routeFetch({ [`GET ${API}/setup`]: () => jsonResponse(setup), ...routes });

/** Renders the grade-setup routes at `path`. */
export const renderSetupRoute = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: paths.classGradeSetup.pattern, element: <GradeSetupTab /> },
      { path: paths.classScaleAdd.pattern, element: <ScaleAddPage /> },
      { path: paths.classScaleEdit.pattern, element: <ScaleEditPage /> },
      { path: paths.classScale.pattern, element: <ScalePage /> },
      { path: paths.classGradeItemAdd.pattern, element: <ItemAddPage /> },
      { path: paths.classGradeItemEdit.pattern, element: <ItemEditPage /> },
      { path: paths.classGradeCategoryAdd.pattern, element: <CategoryAddPage /> },
      { path: paths.classGradeCategoryEdit.pattern, element: <CategoryEditPage /> },
      { path: paths.classGradeLettersUpdate.pattern, element: <GradeLettersPage /> },
      { path: paths.classRubricCreate.pattern, element: <RubricCreatePage /> },
      { path: paths.classRubricEdit.pattern, element: <RubricEditPage /> },
      { path: '/not-found', element: <Landed name="not found page" /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
};

export const tabPath = (tab: Parameters<typeof paths.classGradeSetup.to>[2]) => paths.classGradeSetup.to(CLASS_ID, COURSE_ID, tab);

export const field = (name: RegExp) => screen.getByRole('textbox', { name });
/** Replaces a field's text in one paste (typing key by key re-renders the long forms each time). */
export const setText = async (input: HTMLElement, value: string) => {
  await userEvent.clear(input);
  input.focus();
  await userEvent.paste(value);
};
export const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
export const confirm = async () => userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { jsonResponse } from '../../../test/test-utils.tsx';
import {
  API,
  CLASS_ID,
  COURSE_ID,
  QUARTER,
  confirm,
  field,
  renderSetupRoute,
  save,
  setText,
  setupFetch,
  tabPath,
  WRITTEN,
  writesOf,
} from './setup-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('grading category form', () => {
  it('checks the fields with the shared rules before sending anything', async () => {
    const fetchMock = setupFetch();
    renderSetupRoute(paths.classGradeCategoryAdd.to(CLASS_ID, COURSE_ID, QUARTER));
    expect(await screen.findByRole('combobox', { name: /^Parent category/ })).toHaveValue(QUARTER);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Aggregation/ }), 'Mean of grades');
    expect(screen.getByText('Every grade counts the same, as a percentage of its own maximum.')).toBeInTheDocument();
    await setText(field(/^Drop lowest/), '1');
    await setText(field(/^Keep highest/), '2');
    await setText(field(/^Maximum grade/), '50');
    await setText(field(/^Grade to pass/), '60');
    await save();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Please choose one of the options.')).toBeInTheDocument();
    expect(screen.getByText('Must not be greater than 50')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
  });

  it('creates the category under the asked parent after asking, then goes back to the tab', async () => {
    const fetchMock = setupFetch({ [`POST ${API}/categories`]: () => jsonResponse({ id: 'new' }, 201) });
    const { router } = renderSetupRoute(paths.classGradeCategoryAdd.to(CLASS_ID, COURSE_ID, QUARTER));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Performance tasks');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Aggregation/ }), 'Mean of grades');
    await setText(field(/^Drop lowest/), '1');
    await setText(field(/^Maximum grade/), '50');
    await setText(field(/^Grade to pass/), '30');
    await userEvent.type(field(/^Hide until \(date\)/), '2026-09-01');
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Create grading category' });
    expect(within(dialog).getByText('Save "Performance tasks"?')).toBeInTheDocument();
    await confirm();
    expect(await screen.findByText('Grading category saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(tabPath('categories')));
    const [post] = writesOf(fetchMock);
    expect(post!.call).toBe(`POST ${API}/categories`);
    expect(post!.body).toMatchObject({
      name: 'Performance tasks',
      parentId: QUARTER,
      aggregation: 'mean',
      dropLowest: 1,
      keepHighest: 0,
      maxGrade: 50,
      gradePass: 30,
      weight: null,
      displayType: null,
      decimals: null,
      lockedAfter: null,
    });
    expect(new Date(String((post!.body as { hiddenUntil: string }).hiddenUntil)).getTime()).toBe(new Date(2026, 8, 1, 0, 0).getTime());
  });

  it('edits a category; a name already used shows under the name field', async () => {
    const fetchMock = setupFetch({ [`PUT ${API}/categories/${WRITTEN}`]: () => jsonResponse({ code: 'NAME_EXISTS', message: 'exists' }, 409) });
    renderSetupRoute(paths.classGradeCategoryEdit.to(CLASS_ID, COURSE_ID, WRITTEN));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Written works');
    expect(screen.getByRole('switch', { name: /^Hidden/ })).toBeChecked();
    // A category cannot move into itself.
    expect(within(screen.getByRole('combobox', { name: /^Parent category/ })).queryByRole('option', { name: /Written works/ })).toBeNull();
    await setText(field(/^Name/), 'Quarterly assessment');
    await save();
    await confirm();
    expect(await screen.findAllByText('That name is already used in this gradebook.')).toHaveLength(2);
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    // The course total as parent is sent as "directly under the course".
    expect(writesOf(fetchMock)[0]!.body).toMatchObject({ name: 'Quarterly assessment', parentId: null, hidden: true });
  });

  it('sends an unknown category to the not-found page', async () => {
    setupFetch();
    renderSetupRoute(paths.classGradeCategoryEdit.to(CLASS_ID, COURSE_ID, 'nope'));
    expect(await screen.findByText(/not found page/)).toBeInTheDocument();
  });
});

describe('grade item form', () => {
  it('needs a scale for a scale item and a maximum above the minimum', async () => {
    const fetchMock = setupFetch({ [`POST ${API}/items`]: () => jsonResponse({ id: 'new' }, 201) });
    renderSetupRoute(paths.classGradeItemAdd.to(CLASS_ID, COURSE_ID, WRITTEN));
    expect(await screen.findByRole('combobox', { name: /^Grading category/ })).toHaveValue(WRITTEN);
    await setText(field(/^Name/), 'Recitation');
    await setText(field(/^Maximum grade/), '10');
    await setText(field(/^Minimum grade/), '10');
    await save();
    expect(await screen.findByText('Must be greater than 10.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Grade type/ }), 'Scale');
    await save();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Scale/ }), 'Effort');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Grading period/ }), 'Quarter 2');
    await save();
    await confirm();
    expect(await screen.findByText('Grade item saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)[0]).toMatchObject({
      call: `POST ${API}/items`,
      body: { name: 'Recitation', categoryId: WRITTEN, gradeType: 'scale', scaleId: 'scale-own', gradingPeriodId: 'p2', rubricId: null, rescale: false },
    });
  });

  it("offers to rescale a manual item's grades when its range changes", async () => {
    const fetchMock = setupFetch({ [`PUT ${API}/items/item-test`]: () => jsonResponse({}) });
    renderSetupRoute(paths.classGradeItemEdit.to(CLASS_ID, COURSE_ID, 'item-test'));
    expect(await screen.findByRole('textbox', { name: /^Maximum grade/ })).toHaveValue('50');
    expect(screen.queryByRole('checkbox', { name: /Rescale/ })).toBeNull();
    await setText(field(/^Maximum grade/), '100');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Rescale the grades already given/ }));
    await save();
    await confirm();
    await screen.findByText('Grade item saved.');
    expect(writesOf(fetchMock)[0]!.body).toMatchObject({ maxGrade: 100, rescale: true, categoryId: QUARTER });
  });

  it("keeps a material's name and maximum, and offers its rubrics", async () => {
    setupFetch();
    renderSetupRoute(paths.classGradeItemEdit.to(CLASS_ID, COURSE_ID, 'item-essay'));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByText(/belongs to a course material \(assignment\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: /^Rubric/ })).getByRole('option', { name: 'Essay rubric' })).toBeInTheDocument();
  });
});

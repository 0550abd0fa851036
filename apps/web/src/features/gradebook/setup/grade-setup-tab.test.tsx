import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { API, QUARTER, renderSetupRoute, setupFetch, setupFixture, tabPath, writesOf } from './setup-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (name: string | RegExp) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('grade setup tab', () => {
  it('shows the category tree with aggregation, weights, drop lowest, maximum and flags', async () => {
    setupFetch();
    renderSetupRoute(tabPath('categories'));
    expect(await screen.findByRole('rowheader', { name: 'Science 7 (course total)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    const quarter = within(row('Quarterly assessment'));
    expect(quarter.getByText('Weighted mean of grades')).toBeInTheDocument();
    expect(quarter.getByText('40.00')).toBeInTheDocument();
    expect(quarter.getByText('40.000 % of its parent')).toBeInTheDocument();
    expect(quarter.getByText('1')).toBeInTheDocument();
    expect(within(row('Written works')).getByText('Hidden')).toBeInTheDocument();
    expect(within(row(/^Essay/)).getByText('Extra credit')).toBeInTheDocument();
    expect(within(row(/^Essay/)).getByText('66.660 % of its parent')).toBeInTheDocument();
    // The course total (Natural) sums its children's maxima: Quarterly (a weighted mean out of 100) + Written works (only extra credit inside: 0).
    expect(within(row('Science 7 (course total)')).getByText('100.00')).toBeInTheDocument();
    // Only manual items can be deleted here; a material's item goes with its material.
    expect(within(row(/^Long test 1/)).getByRole('button', { name: 'Delete Long test 1' })).toBeInTheDocument();
    expect(within(row(/^Essay/)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row('Science 7 (course total)')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row('Quarterly assessment')).getByRole('link', { name: 'Add a grade item to Quarterly assessment' })).toHaveAttribute(
      'href',
      `/classes/c1/courses/k1/categories/add-item?category=${QUARTER}`,
    );
    expect(screen.getByRole('link', { name: 'Create grading category' })).toBeInTheDocument();
  });

  it('says a grading category is needed while the gradebook is not ready', async () => {
    const setup = setupFixture({ ready: false });
    setup.categories = setup.categories.slice(0, 1);
    setup.items = [];
    setupFetch({}, setup);
    renderSetupRoute(tabPath('categories'));
    expect(await screen.findByText('At least one grading category is required to use the gradebook.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create grading category' })).toHaveLength(2);
  });

  it('deletes a category after a confirmation, and shows the refusal of one still in use', async () => {
    const fetchMock = setupFetch({
      [`DELETE ${API}/categories/${QUARTER}`]: () => jsonResponse({ code: 'GRADE_CATEGORY_IN_USE', message: 'in use' }, 409),
    });
    renderSetupRoute(tabPath('categories'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Quarterly assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete grading category' });
    expect(within(dialog).getByText('Delete "Quarterly assessment"? This cannot be undone.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('You cannot delete a grading category used by any course materials.')).toBeInTheDocument();
    expect(writesOf(fetchMock).map((w) => w.call)).toEqual([`DELETE ${API}/categories/${QUARTER}`]);
  });

  it('opens the categories for an unknown tab', async () => {
    setupFetch();
    const { router } = renderSetupRoute(tabPath('categories').replace('categories', 'nonsense'));
    await waitFor(() => expect(router.state.location.pathname).toBe(tabPath('categories')));
  });

  const openPeriodDialog = async () => {
    expect(await screen.findByTestId('periods-total')).toHaveTextContent('50.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add grading period' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add grading period' }));
    const field = (name: RegExp) => dialog.getByRole('textbox', { name });
    return { dialog, field };
  };

  it('checks a new grading period: required fields, and the last day after the first', async () => {
    const fetchMock = setupFetch();
    renderSetupRoute(tabPath('gradingPeriods'));
    const { dialog, field } = await openPeriodDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findAllByText('This field is required.')).toHaveLength(3);
    await userEvent.type(field(/^First day/), '2026-12-01');
    await userEvent.type(field(/^Last day/), '2026-11-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must be after the opening time.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
  });

  it('adds a grading period after asking, and shows the server refusing an overlap', async () => {
    let calls = 0;
    const fetchMock = setupFetch({
      [`POST ${API}/periods`]: () =>
        ++calls === 1
          ? jsonResponse({ code: 'VALIDATION', message: 'bad', fields: [{ path: 'startsOn', key: 'periodOverlap' }] }, 400)
          : jsonResponse({ id: 'p3' }, 201),
    });
    renderSetupRoute(tabPath('gradingPeriods'));
    const { dialog, field } = await openPeriodDialog();
    await userEvent.type(field(/^Name/), 'Quarter 3');
    await userEvent.type(field(/^First day/), '2026-10-01');
    await userEvent.type(field(/^Last day/), '2027-01-31');
    await userEvent.type(field(/^Weight in the final grade/), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Grading periods must not overlap.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Grading period saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)[1]).toEqual({
      call: `POST ${API}/periods`,
      body: { name: 'Quarter 3', startsOn: '2026-10-01', endsOn: '2027-01-31', weight: 5 },
    });
  });

  it('shows the letters table from the settings', async () => {
    setupFetch();
    renderSetupRoute(tabPath('gradeLetters'));
    const a = within((await screen.findByRole('rowheader', { name: 'A' })).closest('tr')!);
    expect(a.getByText('93.00 %')).toBeInTheDocument();
    expect(a.getByText('100.00 %')).toBeInTheDocument();
    expect(within(row('A-')).getByText('92.99 %')).toBeInTheDocument();
    expect(screen.getByText('This gradebook uses the default grade letters.')).toBeInTheDocument();
  });

  it('lists standard and custom scales; only custom ones can be edited or deleted', async () => {
    setupFetch();
    renderSetupRoute(tabPath('scales'));
    const std = within((await screen.findByRole('rowheader', { name: 'DepEd proficiency' })).closest('tr')!);
    expect(std.getByText('Beginning, Developing, Proficient')).toBeInTheDocument();
    expect(std.getByText('Standard')).toBeInTheDocument();
    expect(std.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(row('Effort')).getByRole('link', { name: 'Edit Effort' })).toBeInTheDocument();
    expect(within(row('Effort')).getByRole('button', { name: 'Delete Effort' })).toBeInTheDocument();
  });

  it('updates the final grade settings and the gradebook settings, each after a confirmation', async () => {
    const fetchMock = setupFetch({
      [`PUT ${API}/final-settings`]: () => jsonResponse({}),
      [`PUT ${API}/settings`]: () => jsonResponse({}),
    });
    renderSetupRoute(tabPath('final-grade-setting'));
    expect(await screen.findByText('The course total')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Update final grade settings' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Update final grade settings' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Final grade from/ }), 'The grading periods');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Decimal places of the final grade' }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Final grade settings saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toEqual([
      { call: `PUT ${API}/final-settings`, body: { finalMode: 'periods', finalDisplayType: 'percentage', finalDecimals: 0, version: 1, overwrite: false } },
    ]);

    const settings = screen.getByRole('region', { name: 'Gradebook settings' });
    await userEvent.selectOptions(within(settings).getByRole('combobox', { name: /^Grades for students and parents/ }), 'Hidden');
    await userEvent.click(within(settings).getByRole('switch', { name: /^Count scale grades in totals/ }));
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Gradebook settings saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)[1]).toEqual({
      call: `PUT ${API}/settings`,
      body: {
        status: 'hidden',
        gradeDisplayType: 'real',
        decimals: 2,
        hiddenPolicy: 'hideTotals',
        minMaxToUse: 'item',
        includeScales: false,
        version: 1,
        overwrite: false,
      },
    });
  });

  it('shows the tabs but no setup actions to someone who cannot manage the gradebook', async () => {
    setupFetch({}, setupFixture({ can: { manage: false } }));
    renderSetupRoute(tabPath('rubrics'));
    expect(await screen.findByRole('rowheader', { name: 'Essay rubric' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create grading category' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create rubric' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

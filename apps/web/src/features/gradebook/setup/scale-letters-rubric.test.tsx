import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { API, CLASS_ID, COURSE_ID, confirm, field, renderSetupRoute, save, setText, setupFetch, setupFixture, tabPath, writesOf } from './setup-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scale pages', () => {
  it('previews the values and their range, refuses fewer than two or repeats, then creates the scale', async () => {
    const fetchMock = setupFetch({ [`POST ${API}/scales`]: () => jsonResponse({ id: 'new' }, 201) });
    const { router } = renderSetupRoute(paths.classScaleAdd.to(CLASS_ID, COURSE_ID));
    await setText(await screen.findByRole('textbox', { name: /^Name/ }), 'Participation');
    await setText(field(/^Values/), 'Rarely');
    await save();
    expect(await screen.findByText('Add at least 2.')).toBeInTheDocument();
    await setText(field(/^Values/), 'Rarely, Often, rarely');
    await save();
    expect(await screen.findByText('This entry appears more than once.')).toBeInTheDocument();
    await setText(field(/^Values/), 'Rarely, Sometimes ,Often');
    const preview = screen.getByTestId('scale-preview');
    expect(within(preview).getByText('3 = Often')).toBeInTheDocument();
    expect(within(preview).getByText('Minimum grade 1, maximum grade 3.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
    await save();
    await confirm();
    expect(await screen.findByText('Scale saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(tabPath('scales')));
    expect(writesOf(fetchMock)).toEqual([{ call: `POST ${API}/scales`, body: { name: 'Participation', values: 'Rarely, Sometimes ,Often', description: '' } }]);
  });

  it('shows the server refusing to change the number of values of a used scale', async () => {
    setupFetch({ [`PUT ${API}/scales/scale-own`]: () => jsonResponse({ code: 'SCALE_VALUES_IN_USE', message: 'in use' }, 409) });
    renderSetupRoute(paths.classScaleEdit.to(CLASS_ID, COURSE_ID, 'scale-own'));
    expect(await screen.findByRole('textbox', { name: /^Values/ })).toHaveValue('Low, High');
    expect(screen.getByText('Items using this scale: 1. Its number of values cannot change.')).toBeInTheDocument();
    await setText(field(/^Values/), 'Low, Medium, High');
    await save();
    await confirm();
    expect(await screen.findByText('Grade items use this scale, so its number of values cannot change (its words can be renamed).')).toBeInTheDocument();
  });

  it("doesn't edit a standard scale", async () => {
    setupFetch();
    renderSetupRoute(paths.classScaleEdit.to(CLASS_ID, COURSE_ID, 'scale-std'));
    expect(await screen.findByText(/not found page/)).toBeInTheDocument();
  });

  it('shows a scale with the items using it, and deletes a custom one after asking', async () => {
    const scale = { ...setupFixture().scales[1]!, usedBy: 0, items: [] as { id: string; name: string }[] };
    const fetchMock = setupFetch({
      [`GET ${API}/scales/scale-own`]: () => jsonResponse({ ...scale, usedBy: 1, items: [{ id: 'i1', name: 'Recitation' }] }),
      [`DELETE ${API}/scales/scale-own`]: () => jsonResponse({ code: 'SCALE_IN_USE', message: 'in use' }, 409),
    });
    renderSetupRoute(paths.classScale.to(CLASS_ID, COURSE_ID, 'scale-own'));
    expect(await screen.findByRole('heading', { name: 'Effort' })).toBeInTheDocument();
    expect(screen.getByText('2 = High')).toBeInTheDocument();
    expect(screen.getByText('Recitation')).toBeInTheDocument();
    expect(screen.getByText('Custom')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Effort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete scale' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('You cannot delete this scale because it is associated with course materials.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toEqual([{ call: `DELETE ${API}/scales/scale-own`, body: undefined }]);
  });
});

describe('grade letters page', () => {
  it('refuses boundaries above 100 and repeated ones, leaves out blank rows, and saves the rest sorted (as Moodle)', async () => {
    const setup = setupFixture();
    setup.settings = {
      ...setup.settings,
      letters: [
        { letter: 'A', boundary: 90 },
        { letter: 'B', boundary: 80 },
        { letter: 'F', boundary: 0 },
      ],
      defaultLetters: false,
    };
    const fetchMock = setupFetch({ [`PUT ${API}/letters`]: () => jsonResponse({}) }, setup);
    renderSetupRoute(paths.classGradeLettersUpdate.to(CLASS_ID, COURSE_ID));
    expect(await screen.findAllByTestId('letter-row')).toHaveLength(3);
    expect(field(/^From % \(letter 1\)/)).not.toBeRequired();
    await setText(field(/^From % \(letter 1\)/), '120');
    await save();
    expect(await screen.findByText('Must not be greater than 100')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
    await setText(field(/^From % \(letter 1\)/), '95');
    await setText(field(/^From % \(letter 3\)/), '80');
    await save();
    expect(await screen.findByText('This entry appears more than once.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);
    // Out of order is fine: the rows are sorted when saved.
    await setText(field(/^Letter 3/), 'A-');
    await setText(field(/^From % \(letter 3\)/), '85');
    await userEvent.click(screen.getByRole('button', { name: 'Add letter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add letter' }));
    await setText(field(/^Letter 5/), 'F');
    await setText(field(/^From % \(letter 5\)/), '0');
    await save();
    await confirm();
    expect(await screen.findByText('Grade letters saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)[0]!.body).toEqual({
      letters: [
        { letter: 'A', boundary: 95 },
        { letter: 'A-', boundary: 85 },
        { letter: 'B', boundary: 80 },
        { letter: 'F', boundary: 0 },
      ],
      version: 1,
      overwrite: false,
    });
  });

  it('sends the default letters with a blank row as "back to the defaults"', async () => {
    const fetchMock = setupFetch({ [`PUT ${API}/letters`]: () => jsonResponse({}) });
    renderSetupRoute(paths.classGradeLettersUpdate.to(CLASS_ID, COURSE_ID));
    expect(await screen.findAllByTestId('letter-row')).toHaveLength(11);
    await userEvent.click(screen.getByRole('button', { name: 'Add letter' }));
    await save();
    await confirm();
    await screen.findByText('Grade letters saved.');
    expect(writesOf(fetchMock)[0]!.body).toEqual({ letters: null, version: 1, overwrite: false });
  });

  it('restores the default letters (sent as "back to the defaults")', async () => {
    const custom = setupFixture();
    custom.settings = {
      ...custom.settings,
      letters: [
        { letter: 'P', boundary: 50 },
        { letter: 'F', boundary: 0 },
      ],
      defaultLetters: false,
    };
    const fetchMock = setupFetch({ [`PUT ${API}/letters`]: () => jsonResponse({}) }, custom);
    renderSetupRoute(paths.classGradeLettersUpdate.to(CLASS_ID, COURSE_ID));
    expect(await screen.findAllByTestId('letter-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(screen.getAllByTestId('letter-row')).toHaveLength(11);
    await save();
    await confirm();
    await screen.findByText('Grade letters saved.');
    expect(writesOf(fetchMock)[0]!.body).toEqual({ letters: null, version: 1, overwrite: false });
  });
});

describe('rubric pages', () => {
  it('builds criteria with levels, shows the live maximum, and creates the rubric', async () => {
    const fetchMock = setupFetch({ [`POST ${API}/rubrics`]: () => jsonResponse({ id: 'new' }, 201) });
    const { router } = renderSetupRoute(paths.classRubricCreate.to(CLASS_ID, COURSE_ID));
    expect(await screen.findByTestId('rubric-max')).toHaveTextContent('Maximum points: 1.00');
    await save();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(4);
    await setText(field(/^Name/), 'Lab report');
    await setText(field(/^Criterion 1/), 'Method');
    await setText(field(/^Level 1 of criterion 1/), 'Missing');
    await setText(field(/^Level 2 of criterion 1/), 'Clear');
    await userEvent.click(screen.getByRole('button', { name: 'Add a level to criterion 1' }));
    await setText(field(/^Level 3 of criterion 1/), 'Excellent');
    expect(screen.getByTestId('rubric-max')).toHaveTextContent('Maximum points: 2.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add criterion' }));
    await setText(field(/^Criterion 2/), 'Results');
    await setText(field(/^Level 1 of criterion 2/), 'Wrong');
    await setText(field(/^Level 2 of criterion 2/), 'Right');
    const points = screen.getAllByRole('textbox', { name: /^Points/ });
    await setText(points[4]!, '5.5');
    expect(screen.getByTestId('rubric-max')).toHaveTextContent('Maximum points: 7.50');
    await userEvent.click(screen.getByRole('button', { name: 'Remove level 2 of criterion 1' }));
    await save();
    await confirm();
    expect(await screen.findByText('Rubric saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(tabPath('rubrics')));
    expect(writesOf(fetchMock)[0]!.body).toEqual({
      name: 'Lab report',
      criteria: [
        {
          title: 'Method',
          levels: [
            { label: 'Missing', points: 0 },
            { label: 'Excellent', points: 2 },
          ],
        },
        {
          title: 'Results',
          levels: [
            { label: 'Wrong', points: 0 },
            { label: 'Right', points: 5.5 },
          ],
        },
      ],
    });
  });

  it('keeps the ids of existing criteria and levels when editing, and shows a refusal', async () => {
    const fetchMock = setupFetch({ [`PUT ${API}/rubrics/rub-1`]: () => jsonResponse({ code: 'RUBRIC_IN_USE', message: 'in use' }, 409) });
    renderSetupRoute(paths.classRubricEdit.to(CLASS_ID, COURSE_ID, 'rub-1'));
    expect(await screen.findByRole('textbox', { name: /^Criterion 1/ })).toHaveValue('Ideas');
    expect(screen.getByTestId('rubric-max')).toHaveTextContent('Maximum points: 4.00');
    await setText(field(/^Level 2 of criterion 1/), 'Very strong');
    await save();
    await confirm();
    expect(await screen.findByText(/This rubric is used to grade course materials/)).toBeInTheDocument();
    expect(writesOf(fetchMock)[0]!.body).toEqual({
      name: 'Essay rubric',
      criteria: [
        {
          id: 'cr1',
          title: 'Ideas',
          levels: [
            { id: 'l1', label: 'Weak', points: 1 },
            { id: 'l2', label: 'Very strong', points: 4 },
          ],
        },
      ],
      version: 1,
      overwrite: false,
    });
  });
});

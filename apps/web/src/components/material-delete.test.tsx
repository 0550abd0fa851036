import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialType } from '@klase/core/class-work/contracts';
import { jsonResponse, renderWithProviders } from '../test/test-utils.tsx';
import { deleteMaterialCall, useAskMaterialDelete, type DeleteRequest } from './material-delete.tsx';

const MATERIAL = '44444444-4444-4444-8444-444444444444';
const SUMMARY = `/api/materials/${MATERIAL}/grades-summary`;
const fetchMock = vi.fn<typeof fetch>();

/** A button that opens the confirmation and prints what it resolved. */
const Harness = ({ type, classId = 'c1' }: { type: MaterialType; classId?: string | null }) => {
  const ask = useAskMaterialDelete();
  const [result, setResult] = useState<DeleteRequest | null | undefined>(undefined);
  const open = async () =>
    setResult(
      await ask({ materialId: MATERIAL, type, classId, title: 'Delete material', message: 'Delete "Essay"? This cannot be undone.', confirmLabel: 'Delete' }),
    );
  return (
    <>
      <button type="button" onClick={() => void open()}>
        Delete it
      </button>
      <output data-testid="result">{result === undefined ? 'open' : JSON.stringify(result)}</output>
    </>
  );
};

const openDialog = async (type: MaterialType, classId?: string | null) => {
  renderWithProviders(<Harness type={type} classId={classId} />);
  await userEvent.click(screen.getByRole('button', { name: 'Delete it' }));
  return screen.findByRole('dialog', { name: 'Delete material' });
};
const result = () => screen.getByTestId('result');
const summaryCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === SUMMARY).length;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the material delete confirmation', () => {
  it('asks what to do with the grades of a graded material that has some, and insists on an answer', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ graded: true, gradeCount: 3 }));
    const dialog = await openDialog('assignment');
    const question = await within(dialog).findByRole('radiogroup', { name: /3 students have grades for this material/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Choose what to do with the grades.')).toBeInTheDocument();
    expect(result()).toHaveTextContent('open');
    await userEvent.click(within(question).getByRole('radio', { name: 'Keep the grades in the gradebook as a manual column' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(result()).toHaveTextContent('{"grades":"keep"}'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers to delete the grades too, by keyboard', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ graded: true, gradeCount: 1 }));
    const dialog = await openDialog('quiz');
    await within(dialog).findByRole('radiogroup', { name: /1 student has a grade for this material/ });
    within(dialog).getByRole('radio', { name: 'Keep the grades in the gradebook as a manual column' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Delete the grades' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(result()).toHaveTextContent('{"grades":"discard"}'));
  });

  it('is a plain confirmation for a graded material without grades', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ graded: true, gradeCount: 0 }));
    const dialog = await openDialog('activity');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(result()).toHaveTextContent('{}'));
    expect(summaryCalls()).toBe(1);
  });

  it.each([
    ['a page', 'page', 'c1'],
    ['a catalogue course’s assignment', 'assignment', null],
  ] as const)('does not ask about grades for %s', async (_what, type, classId) => {
    const dialog = await openDialog(type, classId);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(result()).toHaveTextContent('{}'));
    expect(summaryCalls()).toBe(0);
  });

  it('shows why it cannot ask and keeps Delete off when the grades cannot be checked; Cancel resolves nothing', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404));
    const dialog = await openDialog('assignment');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(result()).toHaveTextContent('null'));
  });

  it('sends the choice with the deletion', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'Material deleted.' }));
    await deleteMaterialCall(MATERIAL, 'keep');
    await deleteMaterialCall(MATERIAL);
    expect(fetchMock.mock.calls.map(([u, init]) => `${init?.method} ${String(u)}`)).toEqual([
      `DELETE /api/materials/${MATERIAL}?grades=keep`,
      `DELETE /api/materials/${MATERIAL}`,
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/test-utils.tsx';
import { formatDate } from './date-text.tsx';
import { useVersionedSave } from './edit-conflict.tsx';
import { ApiError } from '../api/http.ts';

const AT = '2026-11-27T08:30:00.000Z';
const conflict = () =>
  new ApiError('EDIT_CONFLICT', 409, 'Maria Clara Santos changed this at …', undefined, undefined, { name: 'Maria Clara Santos', at: AT, version: 3 });

/** A form's save: the first try meets someone else's newer save; the overwrite goes through. */
const Harness = ({ run, onReload, onResult }: { run: (overwrite: boolean) => Promise<void>; onReload: () => unknown; onResult: (r: unknown) => void }) => {
  const versioned = useVersionedSave();
  return (
    <Button
      onClick={() => {
        versioned(run, onReload).then(onResult, (e: unknown) => onResult(e));
      }}
    >
      Save
    </Button>
  );
};

const setup = (run = vi.fn((overwrite: boolean) => (overwrite ? Promise.resolve() : Promise.reject(conflict())))) => {
  const onReload = vi.fn();
  const onResult = vi.fn();
  renderWithProviders(<Harness run={run} onReload={onReload} onResult={onResult} />);
  return { run, onReload, onResult, user: userEvent.setup() };
};

describe('the edit-conflict dialog', () => {
  it('says who changed the record and when, with the safe choice focused', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this' });
    expect(dialog).toHaveTextContent(`Maria Clara Santos changed this at ${formatDate(AT) ?? ''}.`);
    expect(dialog).toHaveTextContent('Reload their version (your changes are lost) or overwrite it with yours.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to the form' })).toHaveFocus());
  });

  it('overwrite saves again with overwrite (keyboard only)', async () => {
    const { user, run, onReload, onResult } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Someone else saved this' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to the form' })).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Overwrite with yours' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(run.mock.calls).toEqual([[false], [true]]);
    expect(onReload).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reload fetches their version and does not save', async () => {
    const { user, run, onReload, onResult } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(run.mock.calls).toEqual([[false]]);
  });

  it('stays open with the reload button busy until their version has arrived', async () => {
    let arrive = () => {};
    const onReload = vi.fn(() => new Promise<void>((r) => (arrive = r)));
    const onResult = vi.fn();
    const run = vi.fn(() => Promise.reject(conflict()));
    renderWithProviders(<Harness run={run} onReload={onReload} onResult={onResult} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    const dialog = screen.getByRole('dialog', { name: 'Someone else saved this' });
    expect(within(dialog).getByRole('button', { name: 'Reload their version' })).toHaveAttribute('data-loading', 'true');
    expect(within(dialog).getByRole('button', { name: 'Overwrite with yours' })).toBeDisabled();
    expect(onResult).not.toHaveBeenCalled();
    arrive();
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a reload that fails closes the dialog and passes its error on', async () => {
    const failure = new ApiError('NOT_FOUND', 404, 'Not found');
    const onResult = vi.fn();
    renderWithProviders(<Harness run={vi.fn(() => Promise.reject(conflict()))} onReload={() => Promise.reject(failure)} onResult={onResult} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(failure));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Escape goes back to the form: nothing saved, nothing reloaded', async () => {
    const { user, run, onReload, onResult } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Someone else saved this' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
    expect(onReload).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('passes other errors on without a dialog', async () => {
    const failure = new ApiError('NAME_EXISTS', 409, 'That name is already used in this gradebook.');
    const { user, onResult } = setup(vi.fn(() => Promise.reject(failure)));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(failure));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

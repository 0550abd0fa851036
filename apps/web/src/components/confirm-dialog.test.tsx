import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/test-utils.tsx';
import { ConfirmDialog, useConfirm } from './confirm-dialog.tsx';
import { ApiError } from '../api/http.ts';

const Harness = ({ onConfirm, onClose }: { onConfirm: () => unknown; onClose?: () => void }) => {
  const [opened, setOpened] = useState(true);
  return (
    <ConfirmDialog
      opened={opened}
      title="Disable customer"
      message="Are you sure you want to enable back this customer?"
      confirmLabel="Enable"
      onConfirm={onConfirm}
      onClose={() => {
        onClose?.();
        setOpened(false);
      }}
    />
  );
};

describe('ConfirmDialog', () => {
  it('is 370 px wide, shows title and message, and focuses the confirm button', async () => {
    renderWithProviders(<Harness onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Disable customer' });
    expect(dialog).toHaveTextContent('Are you sure you want to enable back this customer?');
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('calc(23.125rem'); // 370 px at 16 px per rem
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable' })).toHaveFocus());
  });

  it('shows a loader while the action runs, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const onClose = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enable' })).toHaveAttribute('data-loading', 'true');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('shows the error inside the dialog when the action fails', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<Harness onConfirm={() => Promise.reject(new ApiError('FORBIDDEN', 403, 'x'))} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this page.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Escape cancels', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} onClose={onClose} />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

const ConfirmUser = ({ onResult }: { onResult: (v: boolean) => void }) => {
  const confirm = useConfirm();
  return <Button onClick={async () => onResult(await confirm({ title: 'Save course', message: 'Save the changes?', confirmLabel: 'Save' }))}>Open</Button>;
};

describe('useConfirm', () => {
  it('resolves true on confirm', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderWithProviders(<ConfirmUser onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Save course' })).toHaveTextContent('Save the changes?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on cancel and on Escape', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderWithProviders(<ConfirmUser onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(2));
    expect(onResult).toHaveBeenLastCalledWith(false);
  });
});

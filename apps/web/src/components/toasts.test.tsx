import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LiveAnnouncer } from './live-announcer.tsx';
import { renderWithProviders } from './test-utils.tsx';
import { toastError, toastSuccess } from './toasts.ts';

describe('toasts', () => {
  it('shows a positive success toast and a negative error toast', async () => {
    renderWithProviders(<div />);
    act(() => {
      toastSuccess('Saved.');
      toastError('Failed.');
    });
    const ok = await screen.findByText('Saved.');
    const bad = await screen.findByText('Failed.');
    expect(ok.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(bad.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
  });

  it('says a success politely through the live region (a status, not an alert); an error stays an alert', async () => {
    renderWithProviders(<LiveAnnouncer />);
    act(() => {
      toastSuccess('Grade saved.');
      toastError('Failed.');
    });
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Grade saved.'));
    expect((await screen.findAllByText('Grade saved.')).some((el) => el.closest('[role="status"][data-tone="success"]'))).toBe(true);
    expect((await screen.findByText('Failed.')).closest('[role="alert"]')).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { LiveAnnouncer } from '../components/live-announcer.tsx';
import { renderWithProviders } from '../test/test-utils.tsx';
import { toastError, toastGradeSaved, toastSuccess } from './toasts.ts';

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

  it('says a saved grade politely in the live region; its toast is then a status, not a second alert', async () => {
    renderWithProviders(<LiveAnnouncer />);
    act(() => {
      toastGradeSaved('The grade and feedback were saved.');
    });
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Grade saved'));
    expect(screen.getByTestId('live-announcer')).toHaveAttribute('aria-live', 'polite');
    const toast = (await screen.findByText('The grade and feedback were saved.')).closest('[data-tone]');
    expect(toast).toHaveAttribute('role', 'status');
  });
});

import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
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
});

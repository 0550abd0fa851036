import { describe, expect, it } from 'vitest';
import { renderHook, screen } from '@testing-library/react';
import { TestProviders, createTestQueryClient, renderWithProviders } from '../test/test-utils.tsx';
import { ApiError } from '../api/http.ts';
import { ErrorText, useErrorMessage } from './error-text.tsx';

const wrapper = ({ children }: { children: React.ReactNode }) => <TestProviders queryClient={createTestQueryClient()}>{children}</TestProviders>;

describe('useErrorMessage', () => {
  it('translates codes, with parameters', () => {
    const { result } = renderHook(() => useErrorMessage(), { wrapper });
    const msg = result.current;
    expect(msg(new ApiError('NETWORK', 0, 'x'))).toBe('No internet connection');
    expect(msg(new ApiError('SESSION_EXPIRED', 401, 'x'))).toBe('Your session has expired.');
    expect(msg(new ApiError('RATE_LIMITED', 429, 'x', undefined, 30))).toBe('Too many requests. Please wait 30 seconds and try again.');
    expect(msg(new ApiError('ACCOUNT_LOCKED', 423, 'x', undefined, 600))).toContain('10 minutes');
    expect(msg(new ApiError('WHATEVER', 500, 'x'))).toBe('Something went wrong please try again later.');
    expect(msg(new Error('boom'))).toBe('Something went wrong please try again later.');
  });

  it('ErrorText renders an alert, or nothing without an error', () => {
    const { rerender } = renderWithProviders(<ErrorText error={new ApiError('USERNAME_EXISTS', 409, 'x')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Username already exists.');
    rerender(<ErrorText error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

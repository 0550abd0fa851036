import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { apiFetch } from '../../api/http.ts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { connectionTestSetup } from '../../test/test-connection.ts';
import { ConnectionBanner } from './connection-banner.tsx';

const { fetchMock, start } = connectionTestSetup({ shouldAdvanceTime: true });

describe('ConnectionBanner', () => {
  it('shows "Connecting..." while the API answers 503, and goes away by itself when it answers again', async () => {
    start();
    renderWithProviders(<ConnectionBanner />);
    expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument();

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ code: 'UNAVAILABLE', message: 'Connecting...', retryAfterSeconds: 2 }, 503)));
    await act(async () => {
      await expect(apiFetch('/api/auth/session')).rejects.toMatchObject({ status: 503 });
    });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Connecting...');
    // The server is there: this is not a lost internet connection.
    expect(banner).not.toHaveTextContent('No internet connection');

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ status: 'ok', database: 'postgres' })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument();
  });

  it('shows "No internet connection" when the server cannot be reached, then "Connecting..." while it retries', async () => {
    start();
    renderWithProviders(<ConnectionBanner />);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await act(async () => {
      await expect(apiFetch('/api/auth/session')).rejects.toMatchObject({ code: 'NETWORK' });
    });
    expect(await screen.findByRole('status')).toHaveTextContent('No internet connection');
    expect(screen.getByRole('status')).not.toHaveTextContent('Connecting...');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('No internet connection');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting...');
  });
});

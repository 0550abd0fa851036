import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { apiFetch } from '../../components/http.ts';
import { jsonResponse, renderWithProviders } from '../../components/test-utils.tsx';
import { startConnectionMonitor } from '../../lib/connection.ts';
import { resetSessionStore } from '../../lib/session-store.ts';
import { ConnectionBanner } from './connection-banner.tsx';

const fetchMock = vi.fn<typeof fetch>();
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetSessionStore();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  stop();
  fetchMock.mockResolvedValue(jsonResponse({ status: 'ok' }));
  await apiFetch('/api/health');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ConnectionBanner', () => {
  it('shows "Connecting..." while the API answers 503, and goes away by itself when it answers again', async () => {
    stop = startConnectionMonitor();
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
    stop = startConnectionMonitor();
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { lazyPage } from '../lazy-page.ts';
import { CHUNK_RELOAD_KEY, chunkReload } from '../chunk-reload.ts';
import { RouteError } from './route-error.tsx';

const renderFailingPage = () => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteError,
        children: [{ path: 'dashboard', lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch')), 'DashboardPage') }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
};

describe('RouteError', () => {
  const realReload = chunkReload.reload;
  const reload = vi.fn();
  beforeEach(() => {
    reload.mockReset();
    chunkReload.reload = reload;
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  });
  afterEach(() => {
    chunkReload.reload = realReload;
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  });

  it('reloads the page once when a page cannot load while online (code of an older deployment)', async () => {
    renderFailingPage();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
  });

  it('after that reload shows the translated chunk-load message and a retry button instead of reloading again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 5000));
    renderFailingPage();
    expect(await screen.findByText('The page could not be loaded. Please check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline shows the message at once (a reload cannot help)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderFailingPage();
      expect(await screen.findByText('The page could not be loaded. Please check your connection and try again.')).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});

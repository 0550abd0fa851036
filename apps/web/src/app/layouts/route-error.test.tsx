import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { lazyPage } from '../lazy-page.ts';
import { RouteError } from './route-error.tsx';

describe('RouteError', () => {
  it('shows the translated chunk-load message and a retry button when a page cannot load', async () => {
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
    expect(await screen.findByText('The page could not be loaded. Please check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

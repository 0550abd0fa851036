import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { getSession, resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { LoginPage } from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const renderLogin = (url = '/account/login') => {
  const router = createMemoryRouter(
    [
      { path: '/account/login', Component: LoginPage },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/account/edit', element: <p>edit page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  resetSessionStore();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('shows the greeting, the forgot-password link and the hint', () => {
    renderLogin();
    expect(screen.getByText('Hello, please access your account below.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByText('Contact Administrator or Teacher if you forgot your password.')).toBeInTheDocument();
  });

  it('requires both fields before calling the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the session-expired message', () => {
    setSessionState({ expired: true });
    renderLogin();
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
  });

  it('translates a locked account with its minutes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'ACCOUNT_LOCKED', message: 'locked', retryAfterSeconds: 600 }, 423));
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Username or email/), 'maria');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many failed sign-in attempts. Please try again in 10 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('translates a rate limit with its seconds', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 42 }, 429));
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Username or email/), 'maria');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many requests. Please wait 42 seconds and try again.')).toBeInTheDocument();
  });

  it('signs in and returns to the page the user came from', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture()));
    const router = renderLogin('/account/login?redirect=%2Faccount%2Fedit');
    await userEvent.type(screen.getByLabelText(/Username or email/), '  maria ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Right#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/edit'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ username: 'maria', password: 'Right#123' });
    expect(getSession().status).toBe('authenticated');
  });
});

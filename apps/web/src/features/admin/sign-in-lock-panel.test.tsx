import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { SignInLockPanel } from './sign-in-lock-panel.tsx';

const ID = '33333333-3333-4333-8333-333333333333';
const user = { id: ID, name: 'Juan Dela Cruz' };

const fetchMock = vi.fn<typeof fetch>();
let locked = true;
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  locked = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === `/api/admin/users/${ID}/sign-in-lock` && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse(locked ? { lockedUntil: '2026-11-27T08:45:00.000Z', failures: 6 } : { lockedUntil: null, failures: 0 });
    }
    if (String(url) === `/api/admin/users/${ID}/sign-in-lock` && init?.method === 'DELETE') {
      locked = false;
      return jsonResponse({ message: 'The sign-in lock has been cleared. The user can sign in again.' });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SignInLockPanel', () => {
  it('shows a lock with its failures and end, and clears it after confirmation', async () => {
    renderWithProviders(<SignInLockPanel user={user} canWrite />);
    expect(await screen.findByRole('heading', { name: 'Sign-in locked' })).toBeInTheDocument();
    expect(screen.getByText(/^6 failed sign-in attempts in a row\. Signing in is blocked until Nov 27, 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear sign-in lock' });
    expect(within(dialog).getByText('Let Juan Dela Cruz sign in again now? Their failed attempts will be forgotten.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear lock' }));
    expect(await screen.findByText('The sign-in lock has been cleared. The user can sign in again.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE /api/admin/users/${ID}/sign-in-lock`);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sign-in locked' })).not.toBeInTheDocument());
  });

  it('shows nothing when the account is not locked, and no clear button to read-only administrators', async () => {
    locked = false;
    const { unmount } = renderWithProviders(<SignInLockPanel user={user} canWrite />);
    await waitFor(() => expect(calls()).toEqual([`GET /api/admin/users/${ID}/sign-in-lock`]));
    expect(screen.queryByRole('heading', { name: 'Sign-in locked' })).not.toBeInTheDocument();
    unmount();
    locked = true;
    renderWithProviders(<SignInLockPanel user={user} canWrite={false} />);
    expect(await screen.findByRole('heading', { name: 'Sign-in locked' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear lock' })).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const renderPage = () => {
  const router = createMemoryRouter(
    [
      { path: '/account/change-password', Component: ChangePasswordPage },
      { path: '/account/details', element: <p>details page</p> },
    ],
    { initialEntries: ['/account/change-password'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const fill = async (current: string, next: string, confirm: string) => {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordPage', () => {
  it('says when the new password and its confirmation differ', async () => {
    renderPage();
    await fill('Old#Pass1', 'New#Pass1', 'New#Pass2');
    expect(await screen.findByText('New Password and Confirm Password do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the new password equals the current one', async () => {
    renderPage();
    await fill('Same#Pass1', 'Same#Pass1', 'Same#Pass1');
    expect(await screen.findByText('New password must not be the same as your current password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for confirmation, then shows a wrong current password under its field', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'WRONG_CURRENT_PASSWORD', message: 'x' }, 400));
    renderPage();
    await fill('Old#Pass1', 'New#Pass1', 'New#Pass1');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      currentPassword: 'Old#Pass1',
      password: 'New#Pass1',
      confirmPassword: 'New#Pass1',
    });
  });
});

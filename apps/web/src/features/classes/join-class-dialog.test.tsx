import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { JoinClassDialog } from './join-class-dialog.tsx';

const CLASS_ID = '44444444-4444-4444-8444-444444444444';
const fetchMock = vi.fn<typeof fetch>();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const renderDialog = () => {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/classes', element: <JoinClassDialog opened onClose={onClose} /> },
      { path: '/classes/:id/courses', element: <p>courses of the class</p> },
    ],
    { initialEntries: ['/classes'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, onClose };
};

const codeField = () => screen.getByLabelText(/^Access code/);
const submit = () => userEvent.click(within(screen.getByRole('dialog', { name: 'Join class' })).getByRole('button', { name: 'Join class' }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('JoinClassDialog', () => {
  it('refuses a short code in the browser without calling the server', async () => {
    renderDialog();
    await userEvent.type(codeField(), 'abc');
    await submit();
    expect(await screen.findByText('An access code has 7 letters and numbers.')).toBeInTheDocument();
    await userEvent.clear(codeField());
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('uppercases the code, drops spaces and dashes, and shows the server error under the field', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'JOIN_CODE_REPLACED', message: 'replaced' }, 410));
    renderDialog();
    await userEvent.type(codeField(), 'abc-de fg');
    expect(codeField()).toHaveValue('ABCDEFG');
    await submit();
    expect(await screen.findByText('This access code has been replaced. Ask your teacher for the new code.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(String(posts()[0]![0])).toBe('/api/classes/join');
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ code: 'ABCDEFG' });

    fetchMock.mockResolvedValue(jsonResponse({ code: 'ALREADY_ENROLLED', message: 'already' }, 409));
    await submit();
    expect(await screen.findByText('You are already in this class.')).toBeInTheDocument();
  });

  it('on success shows the answer as a toast and opens the class', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ classId: CLASS_ID, className: 'Grade 7 Rizal', message: 'You joined Grade 7 Rizal.' }));
    const { router, onClose } = renderDialog();
    await userEvent.type(codeField(), 'HJK2M3P');
    await submit();
    expect(await screen.findByText('You joined Grade 7 Rizal.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
    expect(onClose).toHaveBeenCalled();
  });
});

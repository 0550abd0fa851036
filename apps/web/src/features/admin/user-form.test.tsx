import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { UserForm } from './user-form.tsx';

const SCHOOL = '55555555-5555-4555-8555-555555555555';
const PARENT = '66666666-6666-4666-8666-666666666666';
const fetchMock = vi.fn<typeof fetch>();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const renderForm = () => {
  const router = createMemoryRouter(
    [
      { path: '/admin/users/new', element: <UserForm user={null} chooseSchool={false} ownSchoolId={SCHOOL} /> },
      { path: '/admin/users/:id', element: <p>user page</p> },
    ],
    { initialEntries: ['/admin/users/new'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const chooseRole = async (name: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: /^Role/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith('/api/admin/users/options')) return jsonResponse([{ id: PARENT, name: 'Lourdes Reyes', hint: 'lreyes' }]);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('user form', () => {
  it('asks a teacher for the employee number and assigned load rows, which can be added and removed', async () => {
    renderForm();
    await chooseRole('Teacher');
    expect(screen.getByLabelText(/^Employee number/)).toBeRequired();
    expect(screen.queryByLabelText(/^Grade level/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a load' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a load' }));
    expect(screen.getAllByLabelText(/^Subject/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove assigned load 1' }));
    expect(screen.getAllByLabelText(/^Subject/)).toHaveLength(1);
    await save();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(6);
    expect(posts()).toHaveLength(0);
  });

  it('refuses an email as username, a bad email and names with digits, with the spec messages', async () => {
    renderForm();
    await chooseRole('Parent');
    await userEvent.type(screen.getByLabelText(/^Username/), 'juan@mail.ph');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'juan@');
    await userEvent.type(screen.getByLabelText(/^First name/), 'Juan');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Cruz');
    await save();
    expect(await screen.findByText('Invalid mail provider. A username must not be an email address.')).toBeInTheDocument();
    expect(screen.getByText('Incorrect email.')).toBeInTheDocument();
    // The name field drops characters a name cannot have.
    await userEvent.type(screen.getByLabelText(/^Middle name/), 'R2d2');
    expect(screen.getByLabelText(/^Middle name/)).toHaveValue('Rd');
  });

  it('creates a student with grade, section and a linked parent after confirmation; duplicates land on their fields', async () => {
    const router = renderForm();
    await chooseRole('Student');
    await userEvent.type(screen.getByLabelText(/^Username/), 'jreyes');
    await userEvent.type(screen.getByLabelText(/^First name/), 'Juan');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Reyes');
    await userEvent.type(screen.getByLabelText(/^Grade level/), 'Grade 7');
    await userEvent.type(screen.getByLabelText(/^Section/), 'Sampaguita');
    await userEvent.click(screen.getByRole('combobox', { name: 'Linked parents' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lourdes Reyes (lreyes)' }));
    expect(screen.getByRole('button', { name: 'Remove Lourdes Reyes (lreyes)' })).toBeInTheDocument();
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    expect(within(dialog).getByText('Are you sure you want to create this user? An activation email will be sent.')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'USERNAME_EXISTS', message: 'Username already exists.' }, 409));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Username already exists.').length).toBeGreaterThan(0);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toMatchObject({
      roleId: 5,
      username: 'jreyes',
      gradeLevel: 'Grade 7',
      section: 'Sampaguita',
      parentIds: [PARENT],
      studentIds: [],
    });

    await save();
    const again = await screen.findByRole('dialog', { name: 'New user' });
    fetchMock.mockImplementationOnce(async () => jsonResponse({ id: '77777777-7777-4777-8777-777777777777' }, 201));
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/77777777-7777-4777-8777-777777777777'));
  });
});

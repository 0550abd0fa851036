import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { DataTable, NARROW_QUERY } from './data-table.tsx';
import type { TableColumn } from './types.ts';

interface User {
  id: number;
  name: string;
  email: string | null;
  status: string;
}

const users = (n: number, from = 1): User[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: `User ${from + i}`,
    email: i === 0 ? null : `u${from + i}@x.ph`,
    status: i % 2 ? 'INACTIVE' : 'ACTIVE',
  }));

const columns: TableColumn<User>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'email', header: 'Email', sortable: true },
  {
    key: 'status',
    header: 'Status',
    kind: 'status',
    filter: {
      key: 'status',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'inactive', label: 'Inactive' },
      ],
    },
  },
  { key: 'actions', header: 'Actions', kind: 'actions' },
];

const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([u]) => String(u));
const lastUrl = () => urls().at(-1);
const answer = (rows: User[], totalcount = rows.length, page = 1) => jsonResponse({ data: rows, pagination: { page, totalcount } });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer(users(10), 25));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderTable = (extra: Partial<React.ComponentProps<typeof DataTable<User>>> = {}) =>
  renderWithProviders(
    <DataTable<User>
      queryKey={['users']}
      path="/users"
      columns={columns}
      defaultSortBy="name"
      extraParams={{ schoolId: '5' }}
      rowLabel={(u) => u.name}
      {...extra}
    />,
  );

describe('DataTable', () => {
  it('sends the table contract and shows rows, chips, totals and "page X of Y"', async () => {
    renderTable();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(await screen.findByText('User 1')).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/users?sortBy=name&sortOrder=asc&search=&page=1&rowsperpage=10&schoolId=5');
    expect(within(screen.getByRole('table')).getAllByText('Active')[0]!.closest('[data-status]')).toHaveAttribute('data-status', 'active');
    expect(screen.getByText('25 records')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByText('- -').length).toBeGreaterThan(0);
  });

  it('toggles the sort order with a header click', async () => {
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('User 1');
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(lastUrl()).toContain('sortBy=name&sortOrder=desc'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    await waitFor(() => expect(lastUrl()).toContain('sortBy=email&sortOrder=asc&search=&page=1'));
  });

  it('debounces the search 600 ms and sends it lower-cased from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTable();
    await screen.findByText('User 1');
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Ana  ' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(fetchMock.mock.calls.length).toBe(calls);
    await act(async () => vi.advanceTimersByTime(100));
    await waitFor(() => expect(lastUrl()).toBe('/api/users?sortBy=name&sortOrder=asc&search=ana&page=1&rowsperpage=10&schoolId=5'));
  });

  it('changes pages and page size (10, 25, 50)', async () => {
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('User 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastUrl()).toContain('&page=2&rowsperpage=10'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50']);
    await user.selectOptions(size, '25');
    await waitFor(() => expect(lastUrl()).toContain('&page=1&rowsperpage=25'));
  });

  it('sends filter[key] and filter[values][]', async () => {
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('User 1');
    await user.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lastUrl()).toBe(
        '/api/users?sortBy=name&sortOrder=asc&search=&page=1&rowsperpage=10&filter%5Bkey%5D=status&filter%5Bvalues%5D%5B%5D=inactive&schoolId=5',
      ),
    );
  });

  it('leaves page fields out when pagination is hidden', async () => {
    renderTable({ hidePagination: true });
    await screen.findByText('User 1');
    expect(lastUrl()).toBe('/api/users?sortBy=name&sortOrder=asc&search=&schoolId=5');
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });

  it('shows "No records found." for an empty answer', async () => {
    fetchMock.mockImplementation(async () => answer([], 0));
    renderTable();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
  });

  it('shows the somethingWentWrong message on failure, and nothing when the session expired', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'INTERNAL', message: 'x' }, 500));
    const { unmount } = renderTable();
    expect(await screen.findByText('Something went wrong please try again later.')).toBeInTheDocument();
    unmount();
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'SESSION_EXPIRED', message: 'x' }, 401));
    renderTable();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0));
    expect(screen.queryByText('Something went wrong please try again later.')).not.toBeInTheDocument();
    expect(screen.queryByText('No records found.')).not.toBeInTheDocument();
  });

  it('opens the details from the name cell (a named button, not a focusable row) and on a row click, but not from the action buttons', async () => {
    const user = userEvent.setup();
    const detailsRoute = vi.fn();
    const onEdit = vi.fn();
    renderTable({ detailsRoute, onEdit });
    const row = (await screen.findByText('User 2')).closest('tr')!;
    expect(row).not.toHaveAttribute('tabindex');
    await user.click(within(row).getByText('u2@x.ph'));
    expect(detailsRoute).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
    within(row).getByRole('button', { name: 'User 2' }).focus();
    await user.keyboard('{Enter}');
    expect(detailsRoute).toHaveBeenCalledTimes(2);
    await user.click(within(row).getByRole('button', { name: 'Edit User 2' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(detailsRoute).toHaveBeenCalledTimes(2);
  });

  it('deletes after confirmation: toast, search cleared, table reloaded', async () => {
    const user = userEvent.setup();
    const request = vi.fn(async () => ({ message: 'User deleted.' }));
    renderTable({ onDelete: { request } });
    await screen.findByText('User 1');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'user');
    await waitFor(() => expect(lastUrl()).toContain('search=user'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Delete User 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete record' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this record?');
    const before = fetchMock.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(search).toHaveValue('');
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
    expect(lastUrl()).toContain('search=&');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uses a default success message when the server sends none', async () => {
    const user = userEvent.setup();
    renderTable({ onDelete: { request: async () => undefined, confirmText: 'Delete this user?' } });
    await screen.findByText('User 1');
    await user.click(screen.getByRole('button', { name: 'Delete User 1' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Delete this user?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Record deleted successfully.')).toBeInTheDocument();
  });

  it('renders rows as stacked cards on narrow screens', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...original(q), matches: q === NARROW_QUERY })) as typeof window.matchMedia;
    try {
      const detailsRoute = vi.fn();
      renderTable({ detailsRoute });
      const cards = await screen.findByTestId('table-cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const first = within(cards).getAllByRole('listitem')[0]!;
      expect(within(first).getByText('Name')).toBeInTheDocument();
      expect(within(first).getByText('User 1')).toBeInTheDocument();
      expect(first).not.toHaveAttribute('tabindex');
      within(first).getByRole('button', { name: 'User 1' }).focus();
      await userEvent.setup().keyboard('{Enter}');
      expect(detailsRoute).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
      await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Email, descending');
      await waitFor(() => expect(lastUrl()).toContain('sortBy=email&sortOrder=desc&search=&page=1'));
    } finally {
      window.matchMedia = original;
    }
  });

  it('gives a row with a details page a real link in its name cell; a row click follows it', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <DataTable<User> queryKey={['users']} path="/users" columns={columns} rowLabel={(u) => u.name} detailsHref={(u) => `/users/${u.id}`} />,
        },
        { path: '/users/:id', element: <p>details page</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'User 3' });
    expect(link).toHaveAttribute('href', '/users/3');
    await user.click(screen.getByText('u4@x.ph'));
    expect(await screen.findByText('details page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/4');
  });
});

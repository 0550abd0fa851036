import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { GroupRow, SplitPreview } from '@klase/core/class-work/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { CLASS_ID as CLASS, classDetailsOf } from './class-list-fixtures.ts';
import { GroupsTab } from './groups-tab.tsx';

const GROUP = '22222222-2222-4222-8222-222222222222';
const student = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Student ${n}`,
  sortName: `Student ${n}`,
  username: `student${n}`,
  photoUrl: null,
});

const groupRow: GroupRow = {
  id: GROUP,
  name: 'Readers',
  description: '',
  type: 'manual',
  memberCount: 2,
  splitBy: null,
  splitSize: null,
  splitOrder: null,
  createdAt: '2026-06-02T00:00:00.000Z',
  updatedAt: '2026-06-02T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
let details = classDetailsOf('teacher');
let preview: SplitPreview;
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
const bodyOf = (call: string) => {
  const i = calls().lastIndexOf(call);
  return JSON.parse(String(fetchMock.mock.calls[i]![1]!.body)) as unknown;
};

beforeEach(() => {
  details = classDetailsOf('teacher');
  preview = {
    studentCount: 4,
    groups: [
      { name: 'Group 1', members: [student(3), student(1)] },
      { name: 'Group 2', members: [student(4), student(2)] },
    ],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === `/api/classes/${CLASS}`) return jsonResponse(details);
    if (u.startsWith(`/api/classes/${CLASS}/groups?`)) return jsonResponse({ data: [groupRow], pagination: { page: 1, totalcount: 1 } });
    if (method === 'POST' && u === `/api/classes/${CLASS}/groups/preview`) return jsonResponse(preview);
    if (method === 'POST' && u === `/api/classes/${CLASS}/groups/generated`) return jsonResponse({ created: 2, message: '2 groups have been created.' });
    if (method === 'DELETE' && u === `/api/classes/${CLASS}/groups/${GROUP}`)
      return jsonResponse({ message: 'The group has been deleted. Its students stay in the class.' });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/class-list/groups', element: <GroupsTab /> },
      { path: '/classes/:id/class-list/group/:groupId/:tab', element: <p>group page</p> },
      { path: '/classes/:id/class-list/group/:groupId/edit', element: <p>edit page</p> },
    ],
    { initialEntries: [`/classes/${CLASS}/class-list/groups`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const openGenerate = async () => {
  renderTab();
  await userEvent.click(await screen.findByRole('button', { name: 'Generate groups' }));
  return screen.findByRole('dialog', { name: 'Generate groups' });
};

const setSize = async (dialog: HTMLElement, value: string) => {
  const input = within(dialog).getByRole('textbox', { name: /^Number of groups/ });
  await userEvent.clear(input);
  await userEvent.type(input, value);
};

describe('GroupsTab', () => {
  it('lists the groups from the server and opens a group on row click', async () => {
    const router = renderTab();
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(await within(table).findByText('Readers')).toBeInTheDocument();
    expect(within(table).getByText('Manual')).toBeInTheDocument();
    expect(calls()).toContain(`GET /api/classes/${CLASS}/groups?sortBy=name&sortOrder=asc&search=&page=1&rowsperpage=10`);
    await userEvent.click(within(table).getByText('Readers'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS}/class-list/group/${GROUP}/about`));
  });

  it('asks before deleting, says the students stay, then deletes and reloads', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Readers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' });
    expect(within(dialog).getByText('Are you sure you want to delete this group? Its students stay in the class.')).toBeInTheDocument();
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);
    const before = calls().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The group has been deleted. Its students stay in the class.')).toBeInTheDocument();
    expect(calls()[before]).toBe(`DELETE /api/classes/${CLASS}/groups/${GROUP}`);
    await waitFor(() =>
      expect(
        calls()
          .slice(before + 1)
          .some((c) => c.startsWith(`GET /api/classes/${CLASS}/groups?`)),
      ).toBe(true),
    );
  });

  it('hides every change when the class is archived', async () => {
    details = classDetailsOf('teacher', { archived: true, status: 'INACTIVE', can: { ...classDetailsOf('teacher').can, manageGroups: false } });
    renderTab();
    await screen.findByRole('table', { name: 'Groups' });
    expect(screen.queryByRole('button', { name: 'Generate groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Readers' })).not.toBeInTheDocument();
  });
});

describe('Generate groups dialog', () => {
  it('refuses 0 and -1 with "Must be greater than zero" before calling the server', async () => {
    const dialog = await openGenerate();
    await setSize(dialog, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Must be greater than zero')).toBeInTheDocument();
    await setSize(dialog, '-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Must be greater than zero')).toBeInTheDocument();
    expect(calls().some((c) => c.includes('/groups/preview'))).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Save groups' })).toBeDisabled();
  });

  it('previews, then saves exactly the previewed groups and members after confirmation', async () => {
    const dialog = await openGenerate();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Alphabetical' }));
    await setSize(dialog, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Preview: 2 groups for 4 students')).toBeInTheDocument();
    expect(bodyOf(`POST /api/classes/${CLASS}/groups/preview`)).toEqual({ by: 'groups', size: 2, order: 'alphabetical', prefix: 'Group' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Group 1' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Student 3', 'Student 1']);
    // Alphabetical splits are always the same: nothing to shuffle.
    expect(within(dialog).queryByRole('button', { name: 'Shuffle again' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    const confirm = await screen.findByText('Save these 2 groups? The students stay in their other groups.');
    await userEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 groups have been created.')).toBeInTheDocument();
    expect(bodyOf(`POST /api/classes/${CLASS}/groups/generated`)).toEqual({
      by: 'groups',
      size: 2,
      order: 'alphabetical',
      groups: [
        { name: 'Group 1', memberIds: [student(3).id, student(1).id] },
        { name: 'Group 2', memberIds: [student(4).id, student(2).id] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generate groups' })).not.toBeInTheDocument());
  });

  it('shuffles a random split again and saves the latest preview', async () => {
    const dialog = await openGenerate();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Members per group' }));
    const size = within(dialog).getByRole('textbox', { name: /^Maximum members per group/ });
    await userEvent.clear(size);
    await userEvent.type(size, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByText('Preview: 2 groups for 4 students');
    preview = {
      studentCount: 4,
      groups: [
        { name: 'Group 1', members: [student(2), student(4)] },
        { name: 'Group 2', members: [student(1), student(3)] },
      ],
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Shuffle again' }));
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'Group 1' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Student 2', 'Student 4']),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    const confirm = await screen.findByText('Save these 2 groups? The students stay in their other groups.');
    await userEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('2 groups have been created.');
    expect(bodyOf(`POST /api/classes/${CLASS}/groups/generated`)).toMatchObject({
      by: 'members',
      size: 2,
      order: 'random',
      groups: [
        { name: 'Group 1', memberIds: [student(2).id, student(4).id] },
        { name: 'Group 2', memberIds: [student(1).id, student(3).id] },
      ],
    });
  });

  it("shows the server's limit under the number when there are more groups than students", async () => {
    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u === `/api/classes/${CLASS}`) return jsonResponse(details);
      if (u.endsWith('/groups/preview'))
        return jsonResponse({ code: 'VALIDATION', message: 'Invalid', fields: [{ path: 'size', key: 'notGreaterThan', params: { limit: 4 } }] }, 400);
      return jsonResponse({ data: [], pagination: { page: 1, totalcount: 0 } });
    });
    const dialog = await openGenerate();
    await setSize(dialog, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Must not be greater than 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Number of groups/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Save groups' })).toBeDisabled();
  });

  it('says so when the class has no students, and puts GROUP_EXISTS under the prefix', async () => {
    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u === `/api/classes/${CLASS}`) return jsonResponse(details);
      if (u.endsWith('/groups/preview')) return jsonResponse({ code: 'NO_STUDENTS', message: 'none' }, 400);
      return jsonResponse({ data: [], pagination: { page: 1, totalcount: 0 } });
    });
    const dialog = await openGenerate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There are no students in this class to put into groups.');

    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u.endsWith('/groups/preview')) return jsonResponse(preview);
      if (u.endsWith('/groups/generated')) return jsonResponse({ code: 'GROUP_EXISTS', message: 'exists' }, 409);
      return jsonResponse({ data: [], pagination: { page: 1, totalcount: 0 } });
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save groups' }));
    const confirm = await screen.findByText('Save these 2 groups? The students stay in their other groups.');
    await userEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('A group with this name already exists in this class.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name prefix/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import type { GroupDetails } from '@klase/core/class-work/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { CLASS_ID, STUDENT_A, STUDENT_B, classDetailsOf } from './class-list-fixtures.ts';
import { GroupCreatePage, GroupEditPage } from './group-form-page.tsx';
import { GroupAboutTab, GroupPage } from './group-page.tsx';

const GROUP = '66666666-6666-4666-8666-666666666666';

const studentRow = (id: string, name: string, sortName: string, username: string): ClassStudentRow => ({
  id,
  name,
  sortName,
  photoUrl: null,
  username,
  email: null,
  gradeLevel: 'Grade 7',
  section: 'Sampaguita',
  active: true,
  status: 'ACTIVE',
  groupNames: [],
  joinedAt: '2026-06-01T00:00:00.000Z',
  joinedVia: 'code',
  lastAccessAt: null,
});
const STUDENTS = [studentRow(STUDENT_A, 'Ana Reyes', 'Reyes, Ana', 'ana.reyes'), studentRow(STUDENT_B, 'Ben Cruz', 'Cruz, Ben', 'ben.cruz')];

const group = (over: Partial<GroupDetails> = {}): GroupDetails => ({
  id: GROUP,
  name: 'Group 1',
  description: 'Reading circle',
  type: 'generated',
  memberCount: 1,
  splitBy: 'groups',
  splitSize: 3,
  splitOrder: 'random',
  createdAt: '2026-06-02T00:00:00.000Z',
  updatedAt: '2026-06-02T00:00:00.000Z',
  members: [{ id: STUDENT_A, name: 'Ana Reyes', sortName: 'Reyes, Ana', username: 'ana.reyes', photoUrl: null }],
  createdBy: 'Maria Santos',
  updatedBy: null,
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
const bodyOf = (call: string) => JSON.parse(String(fetchMock.mock.calls[calls().lastIndexOf(call)]![1]!.body)) as unknown;
let saveAnswer: () => Response;

beforeEach(() => {
  saveAnswer = () => jsonResponse(group({ name: 'Readers', type: 'manual' }), 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(classDetailsOf('teacher'));
    if (u.startsWith(`/api/classes/${CLASS_ID}/students?`)) {
      const search = new URL(u, 'http://x').searchParams.get('search') ?? '';
      const data = STUDENTS.filter((s) => s.name.toLowerCase().includes(search));
      return jsonResponse({ data, pagination: { page: 1, totalcount: data.length } });
    }
    if (u === `/api/classes/${CLASS_ID}/groups/${GROUP}` && method === 'GET') return jsonResponse(group());
    if (u === `/api/classes/${CLASS_ID}/groups/${GROUP}` && method === 'DELETE')
      return jsonResponse({ message: 'The group has been deleted. Its students stay in the class.' });
    if (u.startsWith(`/api/classes/${CLASS_ID}/groups`) && (method === 'POST' || method === 'PUT')) return saveAnswer();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (entry: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/classes/:id/class-list/create-group',
        element: (
          <>
            <Link to={`/classes/${CLASS_ID}/class-list/groups`}>Elsewhere</Link>
            <GroupCreatePage />
          </>
        ),
      },
      { path: '/classes/:id/class-list/groups', element: <p>groups tab</p> },
      { path: '/classes/:id/class-list/group/:groupId/edit', element: <GroupEditPage /> },
      {
        path: '/classes/:id/class-list/group/:groupId',
        element: <GroupPage />,
        children: [
          { path: 'about', element: <GroupAboutTab /> },
          { path: 'portfolio', element: <p>portfolio tab</p> },
        ],
      },
      { path: '/classes/:id/class-list/student/:studentId/:tab', element: <p>student page</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const confirmWith = async (text: string, button = 'Confirm') => {
  const message = await screen.findByText(text);
  await userEvent.click(within(message.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: button }));
};

describe('group form', () => {
  it('creates a group with the chosen members after confirmation and opens it', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/class-list/create-group`);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Group name/), 'Readers');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ben Cruz' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search students' }), 'ana');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Ben Cruz' })).not.toBeInTheDocument(), { timeout: 2000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ana Reyes' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(calls().some((c) => c.includes('/students?') && c.includes('rowsperpage=50') && c.includes('search=ana'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmWith('Are you sure you want to create this group?');
    expect(await screen.findByText('The group has been created.')).toBeInTheDocument();
    expect(bodyOf(`POST /api/classes/${CLASS_ID}/groups`)).toEqual({ name: 'Readers', description: '', memberIds: [STUDENT_B, STUDENT_A] });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/group/${GROUP}/about`));
  });

  it('shows GROUP_EXISTS under the name and stays on the form', async () => {
    saveAnswer = () => jsonResponse({ code: 'GROUP_EXISTS', message: 'exists' }, 409);
    const router = renderAt(`/classes/${CLASS_ID}/class-list/create-group`);
    await userEvent.type(screen.getByLabelText(/^Group name/), 'Group 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmWith('Are you sure you want to create this group?');
    expect(await screen.findAllByText('A group with this name already exists in this class.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Group name/)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/create-group`);
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/class-list/create-group`);
    await userEvent.type(screen.getByLabelText(/^Group name/), 'Half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await confirmWith('Leave this page? Your changes will not be saved.', 'Cancel');
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/create-group`);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await confirmWith('Leave this page? Your changes will not be saved.', 'Discard');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/groups`));
  });

  it('edits a group starting from its members and sends PUT', async () => {
    renderAt(`/classes/${CLASS_ID}/class-list/group/${GROUP}/edit`);
    expect(await screen.findByDisplayValue('Group 1')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Ana Reyes' })).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ana Reyes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmWith('Are you sure you want to save the changes to this group?');
    await screen.findByText('The group has been updated.');
    expect(bodyOf(`PUT /api/classes/${CLASS_ID}/groups/${GROUP}`)).toEqual({ name: 'Group 1', description: 'Reading circle', memberIds: [] });
  });
});

describe('group page', () => {
  it('shows the header, the tabs with the current one marked, how it was generated and linked members', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/class-list/group/${GROUP}/about`);
    expect(await screen.findByRole('heading', { name: 'Group 1' })).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Group pages' });
    expect(within(tabs).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Portfolio' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Split: 3 groups, at random')).toBeInTheDocument();
    expect(screen.getByText('Reading circle')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /Ana Reyes/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/student/${STUDENT_A}/about`));
  });

  it('deletes only after the confirmation and goes back to the groups', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/class-list/group/${GROUP}/about`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' });
    expect(within(dialog).getByText('Are you sure you want to delete this group? Its students stay in the class.')).toBeInTheDocument();
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The group has been deleted. Its students stay in the class.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE /api/classes/${CLASS_ID}/groups/${GROUP}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/groups`));
  });
});

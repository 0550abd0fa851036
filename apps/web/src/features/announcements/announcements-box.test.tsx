import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnnouncementList } from '@klase/core/announcements/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { announcementRow } from '../../test/announcement-fixtures.ts';
import { AnnouncementsBox } from './announcements-box.tsx';

const CHILD = '12121212-1212-4121-8121-121212121212';

const fetchMock = vi.fn<typeof fetch>();
let list: AnnouncementList;
const urls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  list = {
    items: [announcementRow(), announcementRow({ id: 'a2', title: 'Foundation Day', audience: 'school', audienceName: 'Rizal NHS', read: true })],
    unread: 1,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (init?.method === 'POST' && u.endsWith('/read')) {
      list = { items: list.items.map((i) => (u.includes(`/${i.id}/`) ? { ...i, read: true } : i)), unread: 0 };
      return new Response(null, { status: 204 });
    }
    if (u.startsWith('/api/announcements/current')) return jsonResponse(list);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const renderBox = (roleId: number, childId: string | null = null) => {
  setSessionState({
    status: 'authenticated',
    profile: sessionFixture({ roleId }).profile,
    childrenList: childId ? [{ id: childId, name: 'Jose Dela Cruz', username: 'jose' }] : [],
    selectedChildId: childId,
  });
  return renderWithProviders(<AnnouncementsBox />);
};

describe('AnnouncementsBox', () => {
  it('lists the current ones with the unread one marked by a word; opening it shows the text and marks it read', async () => {
    renderBox(ROLE.student);
    const box = await screen.findByRole('region', { name: 'Announcements' });
    const [first, second] = await within(box).findAllByTestId('announcement-item');
    expect(first).toHaveTextContent('Field trip on Friday');
    expect(within(first!).getByText('New')).toBeInTheDocument();
    expect(first).toHaveTextContent('Grade 7 - Sampaguita · Maria Santos');
    expect(within(second!).queryByText('New')).not.toBeInTheDocument();
    expect(within(box).getByText('1 unread')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'New announcement' })).not.toBeInTheDocument();

    await userEvent.click(within(first!).getByRole('button', { name: 'Field trip on Friday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Field trip on Friday' });
    expect(within(dialog).getByRole('region', { name: 'Announcement text' })).toHaveTextContent('Bring water.');
    await waitFor(() => expect(urls()).toContain('POST /api/announcements/a1/read'));
    await waitFor(() => expect(within(box).queryByText('1 unread')).not.toBeInTheDocument());
    expect(within(box).queryByText('New')).not.toBeInTheDocument();
  });

  it("asks for a parent's selected child, and shows the spec's empty text", async () => {
    list = { items: [], unread: 0 };
    renderBox(ROLE.parent, CHILD);
    const box = await screen.findByRole('region', { name: 'Announcements' });
    expect(await within(box).findByText('No records found.')).toBeInTheDocument();
    expect(urls()).toContain(`GET /api/announcements/current?childId=${CHILD}`);
  });

  it('shows a platform administrator (no school) the empty text without asking the API', async () => {
    renderBox(ROLE.admin);
    const box = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(box).getByText('No records found.')).toBeInTheDocument();
    expect(urls()).toEqual([]);
  });

  it('gives teachers a "New announcement" button', async () => {
    renderBox(ROLE.teacher);
    const box = await screen.findByRole('region', { name: 'Announcements' });
    expect(await within(box).findByRole('button', { name: 'New announcement' })).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CalendarOptions } from '@klase/core/calendar/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { hiddenKindsKey, viewAsParentKey } from './calendar-prefs.ts';
import { CalendarPage } from './calendar-page.tsx';
import { occurrenceFixture } from './calendar-test-data.ts';

const CHILD = '12121212-1212-4121-8121-121212121212';
const OPTIONS: CalendarOptions = { types: ['user'], classes: [], courses: [], groups: [], timeZone: 'Asia/Manila' };
const event = occurrenceFixture;
const ITEMS = [
  event({}),
  event({
    kind: 'due',
    id: 'm1',
    title: 'Essay on Rizal',
    type: null,
    start: '2026-03-12T17:00',
    end: null,
    occurrence: '2026-03-12T17:00',
    due: { materialType: 'assignment', state: 'notSubmitted', overdue: false, link: '/classes/k1/courses/c1/element/e1?material=m1' },
  }),
];

const fetchMock = vi.fn<typeof fetch>();
const rangeCalls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/calendar/events?'));

const renderPage = (roleId: number) => {
  setSessionState({
    status: 'authenticated',
    profile: sessionFixture({ id: 'u9', roleId }).profile,
    childrenList: roleId === ROLE.parent ? [{ id: CHILD, name: 'Ana Dela Cruz', username: 'ana' }] : [],
    selectedChildId: roleId === ROLE.parent ? CHILD : null,
  });
  const router = createMemoryRouter([{ path: '/calendar', element: <CalendarPage /> }], { initialEntries: ['/calendar'] });
  return renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-09T01:00:00Z'));
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const path = String(url).split('?')[0];
    if (path === '/api/calendar/events') return jsonResponse({ items: ITEMS, timeZone: 'Asia/Manila' });
    if (path === '/api/calendar/options') return jsonResponse(OPTIONS);
    return jsonResponse({ items: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('CalendarPage', () => {
  it('asks for the visible month and shows events and due dates with their kind spoken', async () => {
    renderPage(ROLE.student);
    expect(await screen.findByText('Homeroom')).toBeInTheDocument();
    expect(screen.getByText('Essay on Rizal')).toBeInTheDocument();
    expect(screen.getAllByText('Class event:').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Due date:').length).toBeGreaterThan(0);
    expect(rangeCalls()[0]).toMatch(/^\/api\/calendar\/events\?from=2026-0[23]-\d\d&to=2026-04-\d\d$/);
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
  });

  it('hides a kind of event and remembers it for the user', async () => {
    const user = userEvent.setup();
    renderPage(ROLE.student);
    expect(await screen.findByText('Essay on Rizal')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Due date' }));
    await waitFor(() => expect(screen.queryByText('Essay on Rizal')).not.toBeInTheDocument());
    expect(screen.getByText('Homeroom')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(hiddenKindsKey('u9')) ?? '[]')).toEqual(['due']);
  });

  it("switches a parent between the child's calendar (on by default) and their own, remembering the choice", async () => {
    const user = userEvent.setup();
    renderPage(ROLE.parent);
    const toggle = await screen.findByRole('switch', { name: /^View as parent/ });
    expect(toggle).toBeChecked();
    expect(screen.getByText("Showing Ana Dela Cruz's calendar, as their parent.")).toBeInTheDocument();
    await waitFor(() => expect(rangeCalls().at(-1)).toContain(`childId=${CHILD}`));
    await user.click(toggle);
    await waitFor(() => expect(rangeCalls().at(-1)).not.toContain('childId'));
    expect(screen.getByText('Showing your own calendar.')).toBeInTheDocument();
    expect(localStorage.getItem(viewAsParentKey('u9'))).toBe('false');
  });

  it('shows no toggle to other roles', async () => {
    renderPage(ROLE.teacher);
    expect(await screen.findByText('Homeroom')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Calendar view' })).getAllByRole('radio')).toHaveLength(5);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DueAnswer, DueItem, PendingAnswer, RecentGrade } from '@klase/core/dashboard/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { fillSlots, type UpcomingEventsProps } from '../../lib/slots.ts';
import { DashboardPage } from './dashboard-page.tsx';

const CHILD_A = '12121212-1212-4121-8121-121212121212';
const CHILD_B = '34343434-3434-4343-8343-343434343434';
/** A time of March 2026 in Manila (UTC+8, the school's time zone the dates are shown in). */
const manila = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, hour - 8, 0));
const NOW = manila(5, 9);
const at = (day: number, hour: number) => manila(day, hour).toISOString();

const dueItem = (over: Partial<DueItem> = {}): DueItem => ({
  materialId: 'm1',
  name: 'Essay on Rizal',
  type: 'assignment',
  courseId: 'c1',
  courseName: 'Filipino 7',
  classId: 'k1',
  className: 'Grade 7 - Sampaguita',
  elementId: 'e1',
  dueAt: at(3, 17),
  state: 'missing',
  overdue: true,
  maxPoints: 100,
  ...over,
});

const DUE: DueAnswer = {
  items: [
    dueItem(),
    dueItem({ materialId: 'm2', name: 'Quiz: Photosynthesis', type: 'quiz', courseName: 'Science 7', dueAt: at(6, 17), state: 'notSubmitted', overdue: false }),
    dueItem({ materialId: 'm3', name: 'Tula', dueAt: at(9, 8), state: 'submitted', overdue: false }),
  ],
  overdue: 1,
  upcoming: 2,
};

const PENDING: PendingAnswer = {
  items: [
    {
      materialId: 'm9',
      name: 'Lab report',
      type: 'assignment',
      courseId: 'c2',
      courseName: 'Science 7',
      classId: 'k1',
      className: 'Grade 7 - Sampaguita',
      elementId: 'e9',
      toGrade: 3,
      submitted: 20,
      total: 25,
      oldestAt: at(3, 8),
    },
  ],
  toGrade: 3,
};

const GRADES: { items: RecentGrade[] } = {
  items: [
    {
      materialId: 'm5',
      name: 'Essay on Rizal',
      type: 'assignment',
      courseId: 'c1',
      courseName: 'Filipino 7',
      classId: 'k1',
      elementId: 'e1',
      grade: 42.5,
      maxPoints: 50,
      returnedAt: at(4, 10),
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/dashboard/'));
let answers: Record<string, () => Response>;

const renderPage = (roleId: number, childrenList: { id: string; name: string; username: string }[] = []) => {
  setSessionState({
    status: 'authenticated',
    profile: sessionFixture({ roleId, firstName: 'Jose' }).profile,
    childrenList,
    selectedChildId: childrenList[0]?.id ?? null,
  });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
  return renderWithProviders(<RouterProvider router={router} />);
};

// The boxes of other features come through slots (lib/slots.ts): here, stand-ins that show what they were given.
const Nothing = () => null;
const Upcoming = ({ childId, subtitle }: UpcomingEventsProps) => (
  <section aria-label="Upcoming events">
    <p data-testid="upcoming-for">{`${childId ?? 'me'} · ${subtitle ?? 'none'}`}</p>
  </section>
);
fillSlots({
  assignmentPanel: async () => Nothing,
  activityPanel: async () => Nothing,
  quizPanel: async () => Nothing,
  announcementsBox: async () => () => <section aria-label="Announcements" />,
  upcomingEvents: async () => Upcoming,
  childGrades: async () => Nothing,
  childPortfolios: async () => Nothing,
  childReportCards: async () => Nothing,
  learnerFieldsPanel: async () => Nothing,
  adviserLine: async () => Nothing,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  answers = {
    '/api/dashboard/due': () => jsonResponse(DUE),
    '/api/dashboard/pending': () => jsonResponse(PENDING),
    '/api/dashboard/grades': () => jsonResponse(GRADES),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const answer = answers[String(url).split('?')[0] ?? ''];
    return answer ? answer() : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionStore();
});

const card = async (name: string) => screen.findByRole('region', { name });
const items = (region: HTMLElement) => within(region).findAllByTestId('work-item');

describe('DashboardPage: a student', () => {
  it("lists What's Due: overdue work in the danger tone with its state, then upcoming work with relative due texts", async () => {
    renderPage(ROLE.student);
    const due = await card("What's Due");
    const [overdue, tomorrow, later] = await items(due);
    expect(within(due).getByText('1 overdue · 2 upcoming')).toBeInTheDocument();
    expect(within(overdue!).getByRole('link', { name: /Essay on Rizal/ })).toHaveAttribute('href', '/classes/k1/courses/c1/element/e1?material=m1');
    expect(overdue).toHaveTextContent('Grade 7 - Sampaguita · Filipino 7');
    expect(within(overdue!).getByText('Missing')).toBeInTheDocument();
    const overdueText = within(overdue!).getByText(/Overdue by 2 days/);
    expect(overdueText).toHaveAttribute('data-overdue', 'true');
    expect(overdueText).toHaveTextContent('Overdue by 2 days · Mar 3, 2026');
    expect(tomorrow).toHaveTextContent('Due tomorrow 5:00 PM · Mar 6, 2026');
    expect(within(tomorrow!).getByText('Not submitted')).toBeInTheDocument();
    expect(within(tomorrow!).getByText(/Due tomorrow/)).not.toHaveAttribute('data-overdue');
    expect(later).toHaveTextContent('Due in 4 days, 8:00 AM · Mar 9, 2026');
    expect(within(later!).getByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending Submissions' })).not.toBeInTheDocument();
    expect(calls()).toEqual(['/api/dashboard/due']);
    // The announcements and upcoming-events boxes are there too.
    expect(await screen.findByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toBeInTheDocument();
  });

  it('says when nothing is due', async () => {
    answers['/api/dashboard/due'] = () => jsonResponse({ items: [], overdue: 0, upcoming: 0 });
    renderPage(ROLE.student);
    expect(await within(await card("What's Due")).findByText('Nothing is due in the next 14 days.')).toBeInTheDocument();
  });

  it('shows skeletons while loading, then an error with a retry that loads the list', async () => {
    let fail = true;
    answers['/api/dashboard/due'] = () => (fail ? jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500) : jsonResponse(DUE));
    renderPage(ROLE.student);
    const due = await card("What's Due");
    expect(within(due).getByTestId('list-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await within(due).findByRole('alert')).toHaveTextContent('This list could not be loaded.');
    fail = false;
    await userEvent.click(within(due).getByRole('button', { name: 'Try again' }));
    expect(await items(due)).toHaveLength(3);
    expect(within(due).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('DashboardPage: teachers and assistants', () => {
  it.each([
    ['teacher', ROLE.teacher],
    ['assistant', ROLE.assistantTeacher],
  ])('shows a %s the work waiting to be graded, with counts and the oldest waiting time', async (_, roleId) => {
    renderPage(roleId);
    const pending = await card('Pending Submissions');
    const [item] = await items(pending);
    expect(within(pending).getByText('3 to grade')).toBeInTheDocument();
    expect(within(item!).getByRole('link', { name: /Lab report/ })).toHaveAttribute('href', '/classes/k1/courses/c2/element/e9?material=m9');
    expect(item).toHaveTextContent('Grade 7 - Sampaguita · Science 7');
    expect(item).toHaveTextContent('3 to grade of 25');
    expect(item).toHaveTextContent('Oldest waiting 2 days');
    expect(screen.queryByRole('region', { name: "What's Due" })).not.toBeInTheDocument();
    expect(calls()).toEqual(['/api/dashboard/pending']);
  });

  it('says when nothing waits', async () => {
    answers['/api/dashboard/pending'] = () => jsonResponse({ items: [], toGrade: 0 });
    renderPage(ROLE.teacher);
    expect(await within(await card('Pending Submissions')).findByText('No work is waiting to be graded.')).toBeInTheDocument();
  });
});

describe('DashboardPage: a parent', () => {
  const children = [
    { id: CHILD_A, name: 'Ana Dela Cruz', username: 'ana' },
    { id: CHILD_B, name: 'Ben Dela Cruz', username: 'ben' },
  ];

  it("shows the chosen child's What's Due and recent grades, and follows another choice", async () => {
    renderPage(ROLE.parent, children);
    const due = await card("What's Due");
    expect(await items(due)).toHaveLength(3);
    expect(within(due).getByText('For Ana Dela Cruz')).toBeInTheDocument();
    const grades = await card('Recent grades');
    const [grade] = await items(grades);
    expect(grade).toHaveTextContent('42.5 / 50');
    expect(grade).toHaveTextContent('Returned Mar 4, 2026');
    expect(within(grade!).getByRole('link', { name: /Essay on Rizal/ })).toHaveAttribute('href', '/classes/k1/courses/c1/element/e1?material=m5');
    expect(calls().toSorted()).toEqual([`/api/dashboard/due?childId=${CHILD_A}`, `/api/dashboard/grades?childId=${CHILD_A}`]);
    act(() => setSessionState({ selectedChildId: CHILD_B }));
    await waitFor(() => expect(calls()).toContain(`/api/dashboard/due?childId=${CHILD_B}`));
    expect(calls()).toContain(`/api/dashboard/grades?childId=${CHILD_B}`);
    expect(await within(await card("What's Due")).findByText('For Ben Dela Cruz')).toBeInTheDocument();
  });

  it('says when no grade has been returned yet', async () => {
    answers['/api/dashboard/grades'] = () => jsonResponse({ items: [] });
    renderPage(ROLE.parent, children);
    expect(await within(await card('Recent grades')).findByText('No grades have been returned yet.')).toBeInTheDocument();
  });

  it('tells a parent without linked children so, asking nothing', async () => {
    renderPage(ROLE.parent);
    expect(await within(await card("What's Due")).findByText('No child is linked to your account yet.')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});

describe('DashboardPage: other roles', () => {
  it('shows a school administrator no work lists', async () => {
    renderPage(ROLE.schoolAdmin);
    expect(await screen.findByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "What's Due" })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending Submissions' })).not.toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});

describe('DashboardPage: the boxes of other features', () => {
  it('shows a platform administrator (no school, no calendar) no upcoming-events box', async () => {
    renderPage(ROLE.rexAdmin);
    expect(await screen.findByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming events' })).not.toBeInTheDocument();
  });

  it("hands the upcoming-events box a parent's selected child, and nobody's to others", async () => {
    renderPage(ROLE.parent, [{ id: CHILD_A, name: 'Ana Dela Cruz', username: 'ana' }]);
    const box = await card('Upcoming events');
    expect(within(box).getByTestId('upcoming-for')).toHaveTextContent(`${CHILD_A} · For Ana Dela Cruz`);
  });

  it('shows the announcements box and the upcoming events of the signed-in user', async () => {
    renderPage(ROLE.teacher);
    expect(await card('Announcements')).toBeInTheDocument();
    expect(within(await card('Upcoming events')).getByTestId('upcoming-for')).toHaveTextContent('me · none');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { TourState } from '@klase/core/reports/contracts';
import { ROLE } from '@klase/core/roles';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { sessionFixture } from '../../test/test-session.ts';
import { applySessionInfo, getSession, resetSessionStore } from '../../lib/session-store.ts';
import { startTour, tourWritesSettled } from '../../lib/tour.ts';
import { HelpMenu } from '../layouts/help-menu.tsx';
import { TourGate } from '../layouts/tour-gate.tsx';

/** Every place a teacher's tour points at, with a box each; `hidden` ones are not shown (a phone). */
const TEACHER_TARGETS = ['pending-submissions', 'nav-classes', 'nav-courses', 'nav-messages', 'nav-calendar', 'notifications', 'user-menu'];
const BOXES: Record<string, [number, number, number, number]> = {
  'nav-burger': [10, 8, 40, 40],
  'nav-classes': [130, 10, 220, 40],
  'user-menu': [10, 1200, 60, 40],
};

const Shell = ({ hidden }: { hidden: readonly string[] }) => (
  <>
    <button type="button" data-tour="nav-burger">
      Menu
    </button>
    {TEACHER_TARGETS.map((target) => (
      <div key={target} data-tour={target} data-test-hidden={hidden.includes(target) ? 'true' : undefined}>
        {target}
      </div>
    ))}
    <HelpMenu />
    <main>
      <Outlet />
    </main>
    <TourGate />
  </>
);

const renderTour = ({ tour, path = '/dashboard', hidden = [] }: { tour: TourState; path?: string; hidden?: readonly string[] }) => {
  applySessionInfo(sessionFixture({ roleId: ROLE.teacher }, { tour }));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell hidden={hidden} />,
        children: [
          {
            path: 'dashboard',
            element: (
              <button type="button" onClick={() => void startTour()}>
                Start from the page
              </button>
            ),
          },
          { path: 'classes', element: <p>Classes page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const fetchMock = vi.fn<typeof fetch>();
const saved = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/account/tour' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as TourState);

const box = (el: Element) => {
  if (el.getAttribute('data-test-hidden') === 'true') return new DOMRect(0, 0, 0, 0);
  const [top, left, width, height] = BOXES[el.getAttribute('data-tour') ?? ''] ?? [300, 300, 200, 60];
  return new DOMRect(left, top, width, height);
};

beforeEach(() => {
  resetSessionStore();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return box(this);
  });
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
    const rect = box(this);
    return (rect.width > 0 ? [rect] : []) as unknown as DOMRectList;
  });
});

afterEach(async () => {
  await tourWritesSettled();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tourDialog = () => screen.findByRole('dialog', { name: /./ });

describe('GuidedTour: resume, progress and highlight', () => {
  it('resumes an active tour at its saved step when the dashboard opens, with focus on Next', async () => {
    renderTour({ tour: { status: 'active', step: 2 } });
    const dialog = await tourDialog();
    expect(dialog).toHaveAccessibleName('Courses and grade book');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Step 3 of 9')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus());
    expect(screen.getByTestId('tour-spotlight')).toBeInTheDocument();
  });

  it('waits on other pages and shows when the dashboard opens', async () => {
    const router = renderTour({ tour: { status: 'active', step: 1 }, path: '/classes' });
    await screen.findByText('Classes page');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await router.navigate('/dashboard');
    expect(await tourDialog()).toHaveAccessibleName('Classes');
  });

  it.each(['new', 'skipped', 'finished'] as const)('does not show on its own when it is %s', async (status) => {
    renderTour({ tour: { status, step: 3 } });
    await screen.findByRole('button', { name: 'Start from the page' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rings the target, and on a phone points a hidden navigation entry at the burger, saying so', async () => {
    renderTour({ tour: { status: 'active', step: 1 }, hidden: ['nav-classes'] });
    const dialog = await tourDialog();
    expect(within(dialog).getByText(/open the menu to find it/)).toBeInTheDocument();
    const ring = screen.getByTestId('tour-spotlight');
    // The burger's box (10, 8, 40 x 40) with the ring's 6 px around it.
    expect(ring.style.top).toBe('4px');
    expect(ring.style.left).toBe('2px');
    expect(ring.style.width).toBe('52px');
  });

  it('rings the navigation entry itself when it is shown', async () => {
    renderTour({ tour: { status: 'active', step: 1 } });
    await tourDialog();
    expect(screen.queryByText(/open the menu to find it/)).not.toBeInTheDocument();
    expect(screen.getByTestId('tour-spotlight').style.top).toBe('124px');
  });
});

describe('GuidedTour: buttons and saving', () => {
  it('Next and Back page through the steps; paging quickly saves the step once, after a pause', async () => {
    const user = userEvent.setup();
    renderTour({ tour: { status: 'active', step: 0 } });
    const dialog = await tourDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(dialog).toHaveAccessibleName('Classes');
    expect(within(dialog).getByText('Step 2 of 9')).toBeInTheDocument();
    await waitFor(() => expect(saved()).toEqual([{ status: 'active', step: 1 }]));
  });

  it('Skip saves skipped and closes', async () => {
    const user = userEvent.setup();
    renderTour({ tour: { status: 'active', step: 3 } });
    await user.click(within(await tourDialog()).getByRole('button', { name: 'Skip tour' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await tourWritesSettled();
    expect(saved()).toEqual([{ status: 'skipped', step: 3 }]);
    expect(getSession().tour.status).toBe('skipped');
  });

  it('Finish on the last step saves finished and closes', async () => {
    const user = userEvent.setup();
    renderTour({ tour: { status: 'active', step: 7 } });
    const dialog = await tourDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveAccessibleName('Help');
    expect(within(dialog).getByText('Step 9 of 9')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await tourWritesSettled();
    // The step write still waiting is dropped: only the end is saved.
    expect(saved()).toEqual([{ status: 'finished', step: 8 }]);
  });
});

describe('GuidedTour: keyboard', () => {
  it('starting moves focus into the tour; Escape skips at once and focus goes back', async () => {
    const user = userEvent.setup();
    renderTour({ tour: { status: 'finished', step: 0 } });
    const start = await screen.findByRole('button', { name: 'Start from the page' });
    await user.click(start);
    const dialog = await tourDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    await tourWritesSettled();
    expect(saved()).toEqual([
      { status: 'active', step: 0 },
      { status: 'skipped', step: 0 },
    ]);
  });

  it('Tab cycles through Skip, Back and Next without leaving the dialog; the arrow keys page', async () => {
    const user = userEvent.setup();
    renderTour({ tour: { status: 'active', step: 1 } });
    const dialog = await tourDialog();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Skip tour' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveAccessibleName('Courses and grade book');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(dialog).toHaveAccessibleName('Pending submissions');
  });
});

describe('Help menu: Take the tour', () => {
  it('replays a finished tour from its first step, going to the dashboard first', async () => {
    const user = userEvent.setup();
    const router = renderTour({ tour: { status: 'finished', step: 8 }, path: '/classes' });
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Take the tour' }));
    const dialog = await tourDialog();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(dialog).toHaveAccessibleName('Pending submissions');
    expect(within(dialog).getByText('Step 1 of 9')).toBeInTheDocument();
    await tourWritesSettled();
    expect(saved()).toEqual([{ status: 'active', step: 0 }]);
  });
});

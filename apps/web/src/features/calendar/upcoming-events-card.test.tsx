import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { occurrenceFixture } from './calendar-test-data.ts';
import { UpcomingEventsCard } from './upcoming-events-card.tsx';

/** The dashboard's "Upcoming events" box (shown there through the `upcomingEvents` slot). */

const CHILD = '12121212-1212-4121-8121-121212121212';
const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;
const upcomingCalls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/calendar/upcoming'));
const occurrence = (over: Partial<CalendarOccurrence> = {}) =>
  occurrenceFixture({ occurrence: '2026-03-06T09:00', title: 'Flag ceremony', start: '2026-03-06T09:00', end: '2026-03-06T10:00', type: 'school', ...over });

const renderCard = (childId: string | null, subtitle: string | null = null) => {
  const router = createMemoryRouter([{ path: '/dashboard', element: <UpcomingEventsCard childId={childId} subtitle={subtitle} /> }], {
    initialEntries: ['/dashboard'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 2, 5, 1, 0)));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UpcomingEventsCard', () => {
  it('lists events linking to the calendar and due work linking to its material, at wall-clock times', async () => {
    const link = '/classes/k1/courses/c1/element/e1?material=m1';
    answer = () =>
      jsonResponse({
        items: [
          occurrence(),
          occurrence({
            kind: 'due',
            id: 'm1',
            title: 'Essay on Rizal',
            type: null,
            start: '2026-03-07T17:00',
            end: null,
            due: { materialType: 'assignment', state: 'notSubmitted', overdue: false, link },
          }),
        ],
      });
    renderCard(null);
    const box = await screen.findByRole('region', { name: 'Upcoming events' });
    const rows = await within(box).findAllByTestId('upcoming-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: /Flag ceremony/ })).toHaveAttribute('href', '/calendar');
    expect(rows[0]).toHaveTextContent('School event · Mar 6, 2026 9:00 AM – 10:00 AM');
    expect(within(rows[1]!).getByRole('link', { name: /Essay on Rizal/ })).toHaveAttribute('href', link);
    expect(rows[1]).toHaveTextContent('Due date · Mar 7, 2026 5:00 PM');
    expect(upcomingCalls()).toEqual(['/api/calendar/upcoming']);
  });

  it('says "No upcoming events." when there is none', async () => {
    answer = () => jsonResponse({ items: [] });
    renderCard(null);
    expect(await within(await screen.findByRole('region', { name: 'Upcoming events' })).findByText('No upcoming events.')).toBeInTheDocument();
  });

  it("asks for a parent's child and says whose the events are", async () => {
    answer = () => jsonResponse({ items: [occurrence()] });
    renderCard(CHILD, 'For Ana Dela Cruz');
    const box = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(await within(box).findAllByTestId('upcoming-item')).toHaveLength(1);
    expect(within(box).getByText('For Ana Dela Cruz')).toBeInTheDocument();
    expect(upcomingCalls()).toEqual([`/api/calendar/upcoming?childId=${CHILD}`]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ChildProfile } from '@klase/core/auth/contracts';
import { ChildTab } from '../../features/account/child-tab.tsx';
import { classDetailsFixture } from '../../test/class-test-data.ts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { PORTFOLIO_ID, portfolioDetailsOf, portfolioRowOf } from '../../test/portfolio-test-data.ts';

/** A parent's child page with the slots app/ fills (report cards, latest grades, portfolios), loaded for real. */
const CHILD_ID = '80000000-0000-4000-8000-000000000001';
const child: ChildProfile = {
  id: CHILD_ID,
  username: 'student1',
  firstName: 'Jose Rizal',
  middleName: null,
  lastName: 'Dela Cruz',
  suffix: null,
  gradeLevel: 'Grade 7',
  section: 'Sampaguita',
  schoolName: 'Rizal National High School',
  email: null,
  hasPhoto: false,
  photoVersion: 0,
  active: true,
};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const u = String(url);
    if (u === `/api/account/children/${CHILD_ID}`) return jsonResponse(child);
    if (u === `/api/classes?childId=${CHILD_ID}`) return jsonResponse({ data: [classDetailsFixture()], pagination: { page: 1, totalcount: 1 } });
    if (u === `/api/dashboard/grades?childId=${CHILD_ID}`) return jsonResponse({ items: [] });
    if (u.startsWith(`/api/users/${CHILD_ID}/portfolios?`)) return jsonResponse({ data: [portfolioRowOf()], pagination: { page: 1, totalcount: 1 } });
    if (u === `/api/portfolios/${PORTFOLIO_ID}`) return jsonResponse(portfolioDetailsOf());
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("a parent's child page", () => {
  it("shows the child's details, classes, latest grades and published portfolios, each opened in place", async () => {
    const router = createMemoryRouter([{ path: '/account/child-details/:id', element: <ChildTab /> }], {
      initialEntries: [`/account/child-details/${CHILD_ID}`],
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Jose Rizal Dela Cruz' })).toBeInTheDocument();
    expect(await screen.findByText(classDetailsFixture().name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the classes' })).toHaveAttribute('href', `/classes?childId=${CHILD_ID}`);
    expect(await screen.findByTestId('recent-grades')).toBeInTheDocument();

    const portfolios = await screen.findByRole('region', { name: 'Portfolios' });
    await userEvent.click(await within(portfolios).findByRole('link', { name: 'My science journey' }));
    expect(await within(portfolios).findByTestId('portfolio-view')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?portfolio=${PORTFOLIO_ID}`);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { portfolioDetailsOf } from '../../test/portfolio-test-data.ts';
import { SharedPortfolioPage } from './shared-portfolio-page.tsx';

const TOKEN = 'b'.repeat(43);
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (token: string) => {
  const router = createMemoryRouter([{ path: '/shared/portfolios/:token', element: <SharedPortfolioPage /> }], {
    initialEntries: [`/shared/portfolios/${token}`],
  });
  renderWithProviders(<RouterProvider router={router} />);
};

describe('SharedPortfolioPage', () => {
  it('shows the portfolio behind the link read-only, titled as the page, without export or owner controls', async () => {
    fetchMock.mockResolvedValue(jsonResponse(portfolioDetailsOf({ shared: true, canExport: false, canEdit: false })));
    renderAt(TOKEN);
    const view = await screen.findByTestId('portfolio-view');
    expect(within(view).getByRole('heading', { level: 1, name: 'My science journey' })).toBeInTheDocument();
    expect(within(view).getByText('Student: Juan Reyes')).toBeInTheDocument();
    expect(within(view).getAllByTestId('portfolio-item')).toHaveLength(3);
    expect(within(view).queryByText('Published')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Export to ZIP' })).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/shared/portfolios/${TOKEN}`);
  });

  it('says "Content not available." for an unknown, revoked or expired link', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'SHARE_LINK_UNAVAILABLE', message: 'Content not available.' }, 404));
    renderAt(TOKEN);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Content not available.');
  });

  it('says the same for a link that is not a token at all', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'VALIDATION', message: 'Invalid' }, 400));
    renderAt('nope');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Content not available.');
  });
});

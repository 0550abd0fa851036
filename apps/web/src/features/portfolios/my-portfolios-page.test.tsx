import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { PORTFOLIO_ID, portfolioDetailsOf, portfolioRowOf } from '../../test/portfolio-test-data.ts';
import { MyPortfoliosPage } from './my-portfolios-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let rows = [portfolioRowOf(), portfolioRowOf({ id: 'p2', title: 'Art works', published: false, status: 'UNPUBLISHED', itemCount: 1 })];
const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([u]) => String(u));
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init?.method, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body }));

beforeEach(() => {
  rows = [portfolioRowOf(), portfolioRowOf({ id: 'p2', title: 'Art works', published: false, status: 'UNPUBLISHED', itemCount: 1 })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith('/api/portfolios?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    if (u === '/api/portfolios' && init?.method === 'POST') return jsonResponse(portfolioDetailsOf({ canEdit: true, items: [], itemCount: 0 }), 201);
    if (u === `/api/portfolios/${PORTFOLIO_ID}`) return jsonResponse(portfolioDetailsOf({ canEdit: true, items: [], itemCount: 0 }));
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => {
  const router = createMemoryRouter(
    [
      { path: '/account/portfolios', element: <MyPortfoliosPage /> },
      { path: '/account/portfolios/:id', element: <p>portfolio page</p> },
    ],
    { initialEntries: ['/account/portfolios'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const confirmIn = async (question: string) => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('[role="dialog"]');
  await userEvent.click(within(dialog!).getByRole('button', { name: 'Confirm' }));
};

describe('MyPortfoliosPage', () => {
  it('lists the portfolios as cards (title link, published or unpublished badge, item count, last change), newest change first', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('portfolio-card');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual(['My science journey', 'Art works']);
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/account/portfolios/${PORTFOLIO_ID}`);
    expect(within(cards[0]!).getByText('Published').closest('[data-status]')).toHaveAttribute('data-status', 'published');
    expect(within(cards[1]!).getByText('Unpublished').closest('[data-status]')).toHaveAttribute('data-status', 'unpublished');
    expect(within(cards[0]!).getByText(/3 items · Updated/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/1 item · Updated/)).toBeInTheDocument();
    expect(gets()).toEqual(['/api/portfolios?sortBy=updatedAt&sortOrder=desc']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title');
    await waitFor(() => expect(gets()).toContain('/api/portfolios?sortBy=title&sortOrder=asc'));
  });

  it('shows the empty state with the create button when there are none', async () => {
    rows = [];
    renderPage();
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('You have no portfolios yet.');
    expect(within(empty).getByRole('button', { name: 'New portfolio' })).toBeInTheDocument();
  });

  it('creates a portfolio after the shared checks and a confirmation, then offers its cover and opens it', async () => {
    const router = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'My science journey');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Projects from Grade 7 Science.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Create this portfolio?');
    expect(await screen.findByText('The portfolio was created.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { url: '/api/portfolios', method: 'POST', body: { title: 'My science journey', description: 'Projects from Grade 7 Science.' } },
    ]);

    const coverStep = await screen.findByRole('dialog', { name: 'New portfolio' });
    expect(within(coverStep).getByText('A jpeg or png picture under 2 MB.')).toBeInTheDocument();
    const input = within(coverStep).getByTestId('upload-input');
    await userEvent.upload(input, new File(['<svg/>'], 'cover.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(coverStep).findByText('File must be in jpeg or png format.')).toBeInTheDocument();
    await userEvent.click(within(coverStep).getByRole('button', { name: 'Open the portfolio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/portfolios/${PORTFOLIO_ID}`));
  });

  it('asks before discarding a started form', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard changes')).toBeInTheDocument();
  });
});

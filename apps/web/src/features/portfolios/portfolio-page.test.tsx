import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PortfolioDetails, PortfolioExportJob } from '@klase/core/portfolios/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { PORTFOLIO_ID, portfolioDetailsOf, portfolioItems, shareLinkOf } from '../../test/portfolio-test-data.ts';
import { PortfolioPage } from './portfolio-page.tsx';

// The reflection's rich text editor (tiptap) is a plain text area here: these tests are about the portfolio's own controls.
vi.mock('../../components/rich-text-editor.tsx', () => ({
  RichTextField: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} defaultValue={value} onChange={(e) => onChange(e.currentTarget.value ? `<p>${e.currentTarget.value}</p>` : '')} />
  ),
}));

const base = `/api/portfolios/${PORTFOLIO_ID}`;
const TOKEN = 'a'.repeat(39) + 'x9Qa';
const fetchMock = vi.fn<typeof fetch>();
let portfolio: PortfolioDetails;
let job: PortfolioExportJob;
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init?.method, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined }));

beforeEach(() => {
  portfolio = portfolioDetailsOf({ canEdit: true, published: false, status: 'UNPUBLISHED' });
  job = { id: 'j1', portfolioId: PORTFOLIO_ID, state: 'running', done: 512, total: 2048, fileName: null, downloadUrl: null };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === base && method === 'GET') return jsonResponse(portfolio);
    if (u === `${base}/share-links` && method === 'GET') return jsonResponse({ items: [shareLinkOf()] });
    if (u === `${base}/share-links` && method === 'POST')
      return jsonResponse({ ...shareLinkOf({ id: 'l2' }), token: TOKEN, pagePath: `/shared/portfolios/${TOKEN}` }, 201);
    if (u.startsWith(`${base}/share-links/`) && method === 'DELETE') return new Response(null, { status: 204 });
    if (u === `${base}/published`) return jsonResponse({ message: 'The portfolio has been published.' });
    if (u === `${base}/items/order`) {
      const { itemIds } = JSON.parse(String(init?.body)) as { itemIds: string[] };
      portfolio = { ...portfolio, items: itemIds.map((id) => portfolio.items.find((i) => i.id === id)!) };
      return jsonResponse(portfolio);
    }
    if (u === `${base}/items` && method === 'POST') return jsonResponse(portfolioItems[1], 201);
    if (u.startsWith(`${base}/items/`) && method === 'DELETE') return new Response(null, { status: 204 });
    if (u === `${base}/exports`) return jsonResponse(job, 202);
    if (u === '/api/portfolios/exports/j1') return jsonResponse(job);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => {
  const router = createMemoryRouter(
    [
      { path: '/account/portfolios/:id', element: <PortfolioPage /> },
      { path: '/account/portfolios', element: <p>my portfolios</p> },
      { path: '/not-found', element: <p>not found</p> },
    ],
    { initialEntries: [`/account/portfolios/${PORTFOLIO_ID}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const confirmIn = async (question: string | RegExp, button = 'Confirm') => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('[role="dialog"]');
  await userEvent.click(within(dialog!).getByRole('button', { name: button }));
};

const itemTitles = () => screen.getAllByTestId('portfolio-item').map((i) => i.getAttribute('aria-label'));

describe('PortfolioPage (owner)', () => {
  it('shows the portfolio with its items, and publishes it after a confirmation with the success message', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'My science journey' })).toBeInTheDocument();
    expect(screen.getByText('Unpublished')).toBeInTheDocument();
    expect(itemTitles()).toEqual(['What I learned', 'Volcano model', 'Lab report']);
    expect(screen.getByRole('region', { name: 'Reflection: What I learned' })).toHaveTextContent('Plants need light.');
    expect(screen.getByRole('link', { name: 'Download lab-report.pdf' })).toHaveAttribute('href', `/api/portfolios/${PORTFOLIO_ID}/items/i3/file`);

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    portfolio = { ...portfolio, published: true, status: 'PUBLISHED' };
    await confirmIn(/^Publish this portfolio\?/, 'Publish');
    expect(await screen.findByText('The portfolio has been published.')).toBeInTheDocument();
    expect(writes()).toEqual([{ url: `${base}/published`, method: 'PATCH', body: { published: true } }]);
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('reorders with the move buttons (shown at once, sent as the whole order) and deletes an item after a confirmation', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'My science journey' });
    expect(screen.getByRole('button', { name: 'Move What I learned up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move What I learned' })).toHaveAttribute('aria-roledescription', 'reorderable item');
    await userEvent.click(screen.getByRole('button', { name: 'Move What I learned down' }));
    await waitFor(() => expect(itemTitles()).toEqual(['Volcano model', 'What I learned', 'Lab report']));
    expect(await screen.findByText('What I learned moved to position 2 of 3.')).toBeInTheDocument();
    const order = writes().find((w) => w.url === `${base}/items/order`);
    expect(order).toEqual({
      url: `${base}/items/order`,
      method: 'PUT',
      body: { itemIds: [portfolioItems[1]!.id, portfolioItems[0]!.id, portfolioItems[2]!.id] },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Lab report' }));
    await confirmIn('Delete "Lab report" from this portfolio? This cannot be undone.', 'Delete');
    expect(await screen.findByText('The item was deleted.')).toBeInTheDocument();
    expect(writes()).toContainEqual({ url: `${base}/items/${portfolioItems[2]!.id}`, method: 'DELETE', body: undefined });
  });

  it('adds a link after the shared checks (a real address) and a confirmation', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'My science journey' });
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Volcano model');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'not a link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid URL form')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Address/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'https://example.org/volcano');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Add this item to the portfolio?');
    expect(await screen.findByText('The item was added.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { url: `${base}/items`, method: 'POST', body: { kind: 'link', title: 'Volcano model', caption: '', url: 'https://example.org/volcano' } },
    ]);
  });

  it('creates a share link (shown once, to copy) and revokes one after a confirmation', async () => {
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Share links' });
    expect(await within(panel).findByText('Link …x9Qa')).toBeInTheDocument();
    expect(within(panel).getByText(/not published/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create share link' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Expires on/ }), '2099-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Create a share link for this portfolio?');
    expect(await screen.findByText('The share link was created.')).toBeInTheDocument();
    expect(writes()).toEqual([{ url: `${base}/share-links`, method: 'POST', body: { expiresAt: expect.stringMatching(/^2099-12-31T23:59:00/) as unknown } }]);
    expect(within(dialog).getByTestId('share-url')).toHaveValue(`${window.location.origin}${window.location.pathname}#/shared/portfolios/${TOKEN}`);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    await userEvent.click(within(panel).getByRole('button', { name: 'Revoke link …x9Qa' }));
    await confirmIn('Revoke this link? Whoever has it will no longer see the portfolio.', 'Revoke');
    expect(await screen.findByText('The share link was revoked.')).toBeInTheDocument();
  });

  it('exports to ZIP: starts the job, shows its progress, then the download', async () => {
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Export to ZIP' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Export to ZIP' }));
    expect(await within(panel).findByText('Preparing the ZIP… 25%')).toBeInTheDocument();
    job = { ...job, state: 'done', done: 2048, fileName: 'My science journey.zip', downloadUrl: '/api/portfolios/exports/j1/file' };
    const download = await within(panel).findByRole('link', { name: 'Download ZIP' }, { timeout: 4000 });
    expect(download).toHaveAttribute('href', '/api/portfolios/exports/j1/file');
    expect(within(panel).getByText('The ZIP is ready.')).toBeInTheDocument();
  });

  it("shows someone else's portfolio read-only, and one out of reach (404) as not found", async () => {
    portfolio = portfolioDetailsOf({ canEdit: false });
    renderPage();
    expect(await screen.findByTestId('portfolio-view')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Export to ZIP' })).toBeInTheDocument();
  });

  it('sends a portfolio out of reach (404) to the not-found page', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404));
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { PORTFOLIO_ID, portfolioDetailsOf, portfolioRowOf } from '../../test/portfolio-test-data.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ROLE } from '@klase/core/roles';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { MyPortfoliosPage } from './my-portfolios-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let rows = [portfolioRowOf(), portfolioRowOf({ id: 'p2', title: 'Art works', published: false, status: 'UNPUBLISHED', itemCount: 1 })];
const GROUP = { id: '70000000-0000-4000-8000-0000000000b1', name: 'Team Rizal', classId: 'c1', className: 'Grade 7 - Sampaguita' };
let groupRows: ReturnType<typeof portfolioRowOf>[] = [];
const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([u]) => String(u));
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init?.method, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body }));

beforeEach(() => {
  rows = [portfolioRowOf(), portfolioRowOf({ id: 'p2', title: 'Art works', published: false, status: 'UNPUBLISHED', itemCount: 1 })];
  groupRows = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === '/api/portfolios/group-choices') return jsonResponse({ groups: [GROUP] });
    if (u.startsWith('/api/portfolios/groups?')) return jsonResponse({ data: groupRows, pagination: { page: 1, totalcount: groupRows.length } });
    if (u.startsWith('/api/portfolios?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    if (u === '/api/portfolios' && init?.method === 'POST') return jsonResponse(portfolioDetailsOf({ canEdit: true, items: [], itemCount: 0 }), 201);
    if (u === `/api/portfolios/${PORTFOLIO_ID}`) return jsonResponse(portfolioDetailsOf({ canEdit: true, items: [], itemCount: 0 }));
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});
const signInAsStudent = () => setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.student }).profile });

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

  it("a student in a group sees the group's portfolios, drafts too, and makes a new one for the group", async () => {
    signInAsStudent();
    groupRows = [
      portfolioRowOf({
        id: 'g1',
        title: 'Team science fair',
        published: false,
        status: 'UNPUBLISHED',
        owner: { kind: 'group', id: GROUP.id, name: 'Team Rizal', classId: 'c1', className: GROUP.className },
      }),
    ];
    renderPage();
    const section = await screen.findByRole('region', { name: "My groups' portfolios" });
    const card = await within(section).findByTestId('portfolio-card');
    expect(within(card).getByRole('link', { name: 'Team science fair' })).toHaveAttribute('href', '/account/portfolios/g1');
    expect(within(card).getByText('By Team Rizal')).toBeInTheDocument();
    expect(within(card).getByText('Unpublished')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'New group portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    const whose = within(dialog).getByRole('combobox', { name: 'Whose portfolio' });
    expect(whose).toHaveValue(GROUP.id);
    expect(
      within(whose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mine', 'Team Rizal (Grade 7 - Sampaguita)']);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Our weather station');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Create this portfolio?');
    expect(await screen.findByText('The portfolio was created.')).toBeInTheDocument();
    expect(writes()).toEqual([{ url: '/api/portfolios', method: 'POST', body: { title: 'Our weather station', description: '', groupId: GROUP.id } }]);
  });

  it('a student without groups, and anyone else, sees no group section and no "Whose portfolio" choice', async () => {
    renderPage();
    await screen.findAllByTestId('portfolio-card');
    await userEvent.click(screen.getByRole('button', { name: 'New portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    expect(within(dialog).queryByRole('combobox', { name: 'Whose portfolio' })).toBeNull();
    expect(screen.queryByRole('region', { name: "My groups' portfolios" })).toBeNull();
    expect(gets()).not.toContain('/api/portfolios/group-choices');
  });
});

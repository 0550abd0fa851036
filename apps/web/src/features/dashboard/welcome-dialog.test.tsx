import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TourState } from '@klase/core/reports/contracts';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { sessionFixture } from '../../test/test-session.ts';
import { applySessionInfo, getSession, resetSessionStore } from '../../lib/session-store.ts';
import { tourWritesSettled } from '../../lib/tour.ts';
import { WelcomeDialog } from './welcome-dialog.tsx';

const fetchMock = vi.fn<typeof fetch>();
const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)} ${init?.body ? String(init.body) : ''}`.trim());

const renderWelcome = (tour: TourState = { status: 'new', step: 0 }) => {
  applySessionInfo(sessionFixture({}, { showWelcomeDialog: true, tour }));
  renderWithProviders(<WelcomeDialog name="Maria" />);
};

beforeEach(() => {
  resetSessionStore();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await tourWritesSettled();
  vi.unstubAllGlobals();
});

describe('WelcomeDialog', () => {
  it('"Start the tour" closes it for good on the server and starts the tour at its first step', async () => {
    const user = userEvent.setup();
    renderWelcome();
    await user.click(await screen.findByRole('button', { name: 'Start the tour' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /welcome/i })).not.toBeInTheDocument());
    expect(getSession()).toMatchObject({ showWelcomeDialog: false, tour: { status: 'active', step: 0 } });
    await tourWritesSettled();
    expect(requests()).toEqual(['POST /api/account/welcome/dismiss', 'PUT /api/account/tour {"status":"active","step":0}']);
  });

  it('"No, thanks" closes it for good and marks the tour skipped, so it does not come back on its own', async () => {
    const user = userEvent.setup();
    renderWelcome();
    await user.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(getSession()).toMatchObject({ showWelcomeDialog: false, tour: { status: 'skipped', step: 0 } });
    await tourWritesSettled();
    expect(requests()).toEqual(['POST /api/account/welcome/dismiss', 'PUT /api/account/tour {"status":"skipped","step":0}']);
  });

  it('closing it leaves a tour already taken as it was', async () => {
    const user = userEvent.setup();
    renderWelcome({ status: 'finished', step: 5 });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(getSession().tour).toEqual({ status: 'finished', step: 5 });
    await waitFor(() => expect(requests()).toEqual(['POST /api/account/welcome/dismiss']));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HonorRow, ReportCardJob } from '@klase/core/deped/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { CLASS_ID, classDetailsFixture } from '../../test/class-test-data.ts';
import { ReportCardsTab } from './report-cards-tab.tsx';
import { ChildReportCards } from './child-report-cards.tsx';

const fetchMock = vi.fn<typeof fetch>();
const STUDENT = '11111111-1111-4111-8111-111111111111';
const JOB = '22222222-2222-4222-8222-222222222222';
const honors: HonorRow[] = [{ studentId: STUDENT, name: 'Jose Dela Cruz', classId: CLASS_ID, className: 'Grade 7 Rizal', generalAverage: 96.5, honor: 'high' }];
let polls = 0;

const answer = (url: string, method: string): Response => {
  if (url.includes('/students'))
    return jsonResponse({ data: [{ id: STUDENT, name: 'Jose Dela Cruz', sortName: 'Dela Cruz, Jose' }], pagination: { page: 1, totalcount: 1 } });
  if (url.endsWith('/honors')) return jsonResponse(honors);
  if (method === 'POST' && url.endsWith('/report-cards'))
    return jsonResponse({ id: JOB, state: 'queued', done: 0, total: 2, fileName: null } satisfies ReportCardJob, 202);
  if (url.includes(`/report-cards/jobs/${JOB}`)) {
    polls += 1;
    return jsonResponse({
      id: JOB,
      state: polls > 1 ? 'done' : 'running',
      done: polls > 1 ? 2 : 1,
      total: 2,
      fileName: polls > 1 ? 'SF9-Q1.pdf' : null,
    } satisfies ReportCardJob);
  }
  if (url.startsWith('/api/classes?')) return jsonResponse({ data: [{ id: CLASS_ID, name: 'Grade 7 Rizal' }], pagination: { page: 1, totalcount: 1 } });
  return jsonResponse(classDetailsFixture());
};

beforeEach(() => {
  polls = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => answer(String(input), init?.method ?? 'GET'));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const renderAt = (element: React.ReactNode, path: string, url: string) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.teacher }).profile });
  renderWithProviders(<RouterProvider router={createMemoryRouter([{ path, element }], { initialEntries: [url] })} />);
};

describe('ReportCardsTab', () => {
  it('links one learner’s card with the chosen options, runs the section job to its download and lists honors translated', async () => {
    renderAt(<ReportCardsTab />, '/classes/:id/report-cards', `/classes/${CLASS_ID}/report-cards`);
    const one = await screen.findByRole('link', { name: 'Download card' });
    expect(one).toHaveAttribute('href', `/api/classes/${CLASS_ID}/report-cards/${STUDENT}?quarter=1&paper=a4&lang=en-us`);
    await userEvent.click(screen.getByRole('button', { name: 'Prepare the whole section' }));
    const file = await screen.findByRole('link', { name: "Download the section's report cards (PDF)" }, { timeout: 5000 });
    expect(file).toHaveAttribute('href', `/api/classes/${CLASS_ID}/report-cards/jobs/${JOB}/file`);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 2 cards prepared');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ quarter: 1, paper: 'a4', lang: 'en-us' });
    const table = screen.getByRole('table');
    expect(within(table).getByText('With High Honors')).toBeInTheDocument();
    expect(within(table).getByText('96.500')).toBeInTheDocument();
  });

  it('says a custom-policy school has no SF9 instead of offering downloads', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/honors')
        ? jsonResponse({ code: 'DEPED_POLICY_OFF', message: 'The school does not use the DepEd grading policy.' }, 409)
        : answer(String(input), init?.method ?? 'GET'),
    );
    renderAt(<ReportCardsTab />, '/classes/:id/report-cards', `/classes/${CLASS_ID}/report-cards`);
    expect(await screen.findByText(/DepEd/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Prepare the whole section' })).not.toBeInTheDocument();
  });
});

describe('ChildReportCards', () => {
  it('offers the child’s card per class and quarter', async () => {
    renderAt(<ChildReportCards childId={STUDENT} />, '/account/child/:id', `/account/child/${STUDENT}`);
    const q4 = await screen.findByRole('link', { name: 'Download the report card as of quarter 4, Grade 7 Rizal' });
    await waitFor(() => expect(q4).toHaveAttribute('href', `/api/classes/${CLASS_ID}/report-cards/${STUDENT}?quarter=4&paper=a4&lang=en-us`));
  });
});

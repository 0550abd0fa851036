import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BulkJobDetails } from '@klase/core/admin/bulk';
import { jsonResponse, renderWithProviders } from '../../components/test-utils.tsx';
import { BulkJobPanel } from './bulk-job-panel.tsx';

const JOB = '88888888-8888-4888-8888-888888888888';
const job = (over: Partial<BulkJobDetails>): BulkJobDetails => ({
  id: JOB,
  status: 'running',
  schoolId: 's',
  schoolName: 'Rizal National High School',
  fileName: 'users.csv',
  total: 4,
  processed: 2,
  created: 0,
  rejectedCount: 0,
  createdById: null,
  createdByName: null,
  createdAt: '2026-01-05T01:00:00.000Z',
  finishedAt: null,
  rejected: [],
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('BulkJobPanel', () => {
  it('polls the job until it is done, then shows the counts and every rejected row translated', async () => {
    fetchMock
      .mockImplementationOnce(async () => jsonResponse(job({})))
      .mockImplementation(async () =>
        jsonResponse(
          job({
            status: 'done',
            processed: 4,
            created: 2,
            rejectedCount: 2,
            rejected: [
              { row: 3, field: 'email', key: 'email', message: 'Incorrect email.' },
              { row: 5, field: 'username', key: 'USERNAME_EXISTS', message: 'Username already exists.' },
            ],
          }),
        ),
      );
    renderWithProviders(<BulkJobPanel jobId={JOB} />);
    expect(await screen.findByText('Checked 2 of 4 rows…')).toBeInTheDocument();
    expect(await screen.findByText('Finished.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/bulk-jobs/${JOB}`);
    expect(screen.getByTestId('bulk-created')).toHaveTextContent('2 users created');
    expect(screen.getByTestId('bulk-rejected-count')).toHaveTextContent('2 rows rejected');
    const rows = within(screen.getByTestId('bulk-rejected')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['RowColumnReason', '3emailIncorrect email.', '5usernameUsername already exists.']);
    const calls = fetchMock.mock.calls.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});

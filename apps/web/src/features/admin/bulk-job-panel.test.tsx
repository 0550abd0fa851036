import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkJobDetails } from '@klase/core/admin/bulk';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { BulkJobPanel } from './bulk-job-panel.tsx';

const JOB = '88888888-8888-4888-8888-888888888888';
const job = (over: Partial<BulkJobDetails>): BulkJobDetails => ({
  id: JOB,
  status: 'checking',
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

const REJECTED: BulkJobDetails['rejected'] = [
  { row: 3, field: 'email', key: 'email', message: 'Incorrect email.' },
  { row: 5, field: 'username', key: 'USERNAME_EXISTS', message: 'Username already exists.' },
];
const checked = { processed: 4, created: 2, rejectedCount: 2, rejected: REJECTED };

describe('BulkJobPanel', () => {
  it('shows the checking progress, then the preview with every rejected row translated, and waits for the answer', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(job({}))).mockImplementation(async () => jsonResponse(job({ status: 'preview', ...checked })));
    renderWithProviders(<BulkJobPanel jobId={JOB} />);
    expect(await screen.findByText('Checking the file: 2 of 4 rows…')).toBeInTheDocument();
    expect(await screen.findByText('Checked. Nothing has been created yet.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/bulk-jobs/${JOB}`);
    expect(screen.getByRole('heading', { name: 'Preview of users.csv' })).toBeInTheDocument();
    expect(screen.getByTestId('bulk-created')).toHaveTextContent('2 users will be created');
    expect(screen.getByTestId('bulk-rejected-count')).toHaveTextContent('2 rows will be rejected');
    const rows = within(screen.getByTestId('bulk-rejected')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['RowColumnReason', '3emailIncorrect email.', '5usernameUsername already exists.']);
    expect(screen.getByRole('button', { name: 'Download rejected rows' })).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('confirms the preview, follows the creation and shows the final counts', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') return jsonResponse(job({ status: 'confirmed', ...checked }));
      const confirmed = fetchMock.mock.calls.some(([, i]) => i?.method === 'POST');
      return jsonResponse(job(confirmed ? { status: 'done', ...checked } : { status: 'preview', ...checked }));
    });
    renderWithProviders(<BulkJobPanel jobId={JOB} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create 2 users' }));
    expect(fetchMock.mock.calls.some(([url, i]) => String(url) === `/api/admin/bulk-jobs/${JOB}/confirm` && i?.method === 'POST')).toBe(true);
    expect(await screen.findByText('Finished.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('bulk-created')).toHaveTextContent('2 users created');
    expect(screen.getByTestId('bulk-rejected-count')).toHaveTextContent('2 rows rejected');
    expect(screen.queryByRole('button', { name: 'Create 2 users' })).not.toBeInTheDocument();
  });

  it('cancels a preview', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      jsonResponse(job(init?.method === 'POST' ? { status: 'cancelled', ...checked } : { status: 'preview', ...checked })),
    );
    renderWithProviders(<BulkJobPanel jobId={JOB} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('The upload was cancelled. No users were created.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(`/api/admin/bulk-jobs/${JOB}/cancel`);
  });
});

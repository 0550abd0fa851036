import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { CLASS_ID, STUDENT2_ID } from '../../test/reports-test-data.ts';
import { renderReports, reportGets, reportsFetch, stubReportsApi } from '../../test/reports-test-kit.tsx';

const atRisk = `/reports?classId=${CLASS_ID}&tab=atRisk`;
const posts = () =>
  reportsFetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) as unknown }));

beforeEach(() => stubReportsApi());
afterEach(() => vi.unstubAllGlobals());

describe('At-risk students', () => {
  it('lists students with their reasons for the thresholds, most missing first', async () => {
    renderReports(ROLE.teacher, atRisk);
    const table = await screen.findByRole('table', { name: 'At-risk students' });
    const ana = await within(table).findByRole('row', { name: /Ana Reyes/ });
    expect(ana).toHaveTextContent('Never signed in');
    expect(within(ana).getByText('Inactive')).toBeInTheDocument();
    expect(within(ana).getByText('Missing work')).toBeInTheDocument();
    const url = reportGets().find((u) => u.startsWith('/api/reports/at-risk?'));
    expect(url).toBe(`/api/reports/at-risk?sortBy=missing&sortOrder=desc&search=&page=1&rowsperpage=10&classId=${CLASS_ID}&inactiveDays=7&missing=3`);
    await userEvent.clear(screen.getByRole('textbox', { name: 'No access for at least (days)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'No access for at least (days)' }), '14');
    await waitFor(() => expect(reportGets().at(-1)).toContain('inactiveDays=14&missing=3'));
  });

  it('messages the chosen students and their parents: checks the text, posts, toasts the count', async () => {
    renderReports(ROLE.teacher, atRisk);
    const table = await screen.findByRole('table', { name: 'At-risk students' });
    const message = screen.getByRole('button', { name: 'Message' });
    expect(message).toBeDisabled();
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select Ana Reyes' }));
    expect(screen.getByText('1 student selected')).toBeInTheDocument();
    await userEvent.click(message);
    const dialog = await screen.findByRole('dialog', { name: 'Message students' });
    expect(within(dialog).getByText('To 1 student.')).toBeInTheDocument();
    expect(within(dialog).getByText('2 linked parents')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Please catch up on the lab report.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Also message their parents/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message was sent to 3 people.')).toBeInTheDocument();
    expect(posts()).toEqual([
      {
        url: '/api/reports/at-risk/message',
        body: { classId: CLASS_ID, studentIds: [STUDENT2_ID], includeParents: true, text: 'Please catch up on the lab report.' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message students' })).not.toBeInTheDocument());
    expect(screen.getByText('0 students selected')).toBeInTheDocument();
  });

  it('is read only for the lsg: no selection and no Message button', async () => {
    renderReports(ROLE.lsg, atRisk);
    const table = await screen.findByRole('table', { name: 'At-risk students' });
    await within(table).findByRole('row', { name: /Ana Reyes/ });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { CLASS_ID, COURSE_ID, STUDENT_ID } from '../../test/reports-test-data.ts';
import { renderReports, reportGets, stubReportsApi } from '../../test/reports-test-kit.tsx';

const atClass = (tab?: string) => `/reports?classId=${CLASS_ID}${tab ? `&tab=${tab}` : ''}`;
/** The query of the last GET whose path is `path`. */
const lastQuery = (path: string) => {
  const url = reportGets()
    .filter((u) => u.startsWith(`${path}?`))
    .at(-1);
  return url ? Object.fromEntries(new URLSearchParams(url.slice(path.length + 1))) : null;
};

beforeEach(() => {
  stubReportsApi();
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportsPage: class and filters', () => {
  it('asks for a class first, then shows the class report rows sorted by name (time as hours and minutes, submitted of total)', async () => {
    const router = renderReports(ROLE.teacher);
    expect(await screen.findByText('Choose a class to see its reports.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Class' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grade 7 - Sampaguita' }));
    expect(router.state.location.search).toBe(`?classId=${CLASS_ID}`);
    const table = await screen.findByRole('table', { name: 'Class report' });
    const juan = await within(table).findByRole('row', { name: /Juan Dela Cruz/ });
    expect(juan).toHaveTextContent('1 h 5 min');
    expect(juan).toHaveTextContent('3 of 5');
    expect(juan).toHaveTextContent('Photosynthesis reading');
    expect(within(table).getByRole('row', { name: /Ana Reyes/ })).toHaveTextContent('0 min');
    expect(lastQuery('/api/reports/class')).toEqual({ sortBy: 'fullName', sortOrder: 'asc', search: '', page: '1', rowsperpage: '10', classId: CLASS_ID });
  });

  it('shows the school beside each class for a school administrator', async () => {
    renderReports(ROLE.schoolAdmin);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Class' }));
    expect(await screen.findByRole('option', { name: 'Grade 7 - Sampaguita — Rizal High School' })).toBeInTheDocument();
  });

  it('lists every class again when it opens on a chosen class (its name in the box is not a search)', async () => {
    renderReports(ROLE.teacher, atClass());
    await screen.findByRole('table', { name: 'Class report' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('Grade 7 - Sampaguita'));
    await new Promise((r) => setTimeout(r, 400));
    expect(reportGets().filter((u) => u.startsWith('/api/reports/classes?'))).toEqual(['/api/reports/classes?sortBy=name&sortOrder=asc&page=1&rowsperpage=50']);
  });

  it('sends the course and date range with the report and its sort', async () => {
    renderReports(ROLE.teacher, atClass());
    await screen.findByRole('table', { name: 'Class report' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Science 7' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await userEvent.click(screen.getByRole('button', { name: /Total time spent/ }));
    await waitFor(() =>
      expect(lastQuery('/api/reports/class')).toEqual({
        sortBy: 'totalSeconds',
        sortOrder: 'asc',
        search: '',
        page: '1',
        rowsperpage: '10',
        classId: CLASS_ID,
        courseId: COURSE_ID,
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
  });

  it('shows a reversed range as an error on "To" (core schema) and never asks the server with it', async () => {
    renderReports(ROLE.teacher, atClass());
    await screen.findByRole('table', { name: 'Class report' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    const to = screen.getByLabelText('To');
    expect(await screen.findByText('Must not be before the start date.')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(reportGets().some((u) => u.includes('to=2026-11-10'))).toBe(false);
  });

  it('shows a field error the server answers on its field', async () => {
    stubReportsApi({
      '/api/reports/class?': () => jsonResponse({ code: 'VALIDATION', message: 'Invalid', fields: [{ path: 'to', key: 'dateRangeTooLong' }] }, 400),
    });
    renderReports(ROLE.teacher, atClass());
    expect(await screen.findByText('The date range may cover at most two years.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });

  it('exports CSV and XLSX with the filters and the sort on screen', async () => {
    renderReports(ROLE.teacher, atClass());
    await screen.findByRole('table', { name: 'Class report' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: /Missing/ }));
    await waitFor(() => expect(lastQuery('/api/reports/class')?.sortBy).toBe('missing'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(lastQuery('/api/reports/class/export')).toEqual({
        sortBy: 'missing',
        sortOrder: 'asc',
        search: '',
        classId: CLASS_ID,
        from: '2026-11-01',
        format: 'csv',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(lastQuery('/api/reports/class/export')?.format).toBe('xlsx'));
  });
});

describe('ReportsPage: tabs', () => {
  // The charts are a lazy chunk (recharts, transformed for this file's context on first import: seconds
  // on a busy machine). Loading it once before the tests keeps that out of their 5-s waits for a chart.
  beforeAll(() => import('./report-charts.tsx'), 60_000);

  it('material report: rows from the contract, status filter sent as filter[key]=status', async () => {
    renderReports(ROLE.teacher, atClass('materials'));
    const table = await screen.findByRole('table', { name: 'Material report' });
    const row = await within(table).findByRole('row', { name: /Lab report 1/ });
    expect(row).toHaveTextContent('Science 7');
    expect(row).toHaveTextContent('12 min');
    expect(within(row).getByText('Late').closest('[data-status]')).toHaveAttribute('data-status', 'late');
    expect(lastQuery('/api/reports/materials')?.sortBy).toBe('fullName');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Missing' }));
    await waitFor(() => expect(reportGets().at(-1)).toContain('filter[key]=status&filter[values][]=missing'));
  });

  it('student report: a student row of the class report opens it with per-course figures and the daily chart', async () => {
    const router = renderReports(ROLE.teacher, atClass());
    const table = await screen.findByRole('table', { name: 'Class report' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Juan Dela Cruz' }));
    expect(router.state.location.search).toBe(`?classId=${CLASS_ID}&tab=student`);
    expect(await screen.findByRole('heading', { name: 'Juan Dela Cruz' })).toBeInTheDocument();
    const courses = screen.getByRole('table', { name: 'Courses' });
    expect(within(courses).getByRole('row', { name: /Science 7/ })).toHaveTextContent('3 of 5');
    expect(lastQuery(`/api/reports/students/${STUDENT_ID}`)).toEqual({ classId: CLASS_ID });
    expect(await screen.findByRole('img', { name: /Time spent per day\. 1 h 5 min over 3 days\./ })).toBeInTheDocument();
  });

  it('charts: three named charts, each with the same numbers as a table on demand', async () => {
    renderReports(ROLE.teacher, atClass('charts'));
    expect(await screen.findByRole('img', { name: /Completion over time\. 6 of 10/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Submissions per material/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Time spent per student/ })).toBeInTheDocument();
    expect(lastQuery('/api/reports/class/charts')).toEqual({ classId: CLASS_ID });
    const perStudent = screen.getByRole('region', { name: 'Time spent per student' });
    const toggle = within(perStudent).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = within(perStudent).getByRole('table', { name: 'Time spent per student' });
    expect(within(table).getByRole('row', { name: /Juan Dela Cruz/ })).toHaveTextContent('1 h 5 min');
    expect(within(table).getByRole('row', { name: /Ana Reyes/ })).toHaveTextContent('5 min');
    const completion = screen.getByRole('region', { name: 'Completion over time' });
    await userEvent.click(within(completion).getByRole('button', { name: 'Show as table' }));
    expect(within(completion).getAllByRole('row').at(-1)).toHaveTextContent(/6\s*10\s*60%/);
  });
});

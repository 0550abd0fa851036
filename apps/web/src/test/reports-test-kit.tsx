import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { resetSessionStore, setSessionState } from '../lib/session-store.ts';
import { jsonResponse, renderWithProviders } from './test-utils.tsx';
import { sessionFixture } from './test-session.ts';
import { atRiskRowOf, classCharts, classReportRowOf, materialReportRowOf, reportClassRowOf, reportOptions, studentReportOf } from './reports-test-data.ts';

/** The reports page (features/reports) on a stubbed reports API; `answers` overrides a route's answer by path prefix. */
export const reportsFetch = vi.fn<typeof fetch>();

const page = (rows: unknown[]) => jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });

export const stubReportsApi = (answers: Record<string, (url: string, init?: RequestInit) => Response> = {}) => {
  reportsFetch.mockReset();
  reportsFetch.mockImplementation(async (input, init) => {
    const url = String(input);
    const own = Object.entries(answers).find(([prefix]) => url.startsWith(prefix));
    if (own) return own[1](url, init);
    if (url.startsWith('/api/reports/classes?')) return page([reportClassRowOf(), reportClassRowOf({ id: 'c2', name: 'Grade 8 - Narra' })]);
    if (url.startsWith('/api/reports/classes/')) return jsonResponse(reportOptions);
    if (url.startsWith('/api/reports/class/charts?')) return jsonResponse(classCharts);
    if (url.startsWith('/api/reports/class/export?') || url.startsWith('/api/reports/materials/export?'))
      return new Response('Student,Total\nJuan Dela Cruz,1 h 5 min\n', { headers: { 'content-disposition': 'attachment; filename="report.csv"' } });
    if (url.startsWith('/api/reports/class?'))
      return page([classReportRowOf(), classReportRowOf({ studentId: 's2', fullName: 'Ana Reyes', lastSystemAccess: null, totalSeconds: 0 })]);
    if (url.startsWith('/api/reports/materials?')) return page([materialReportRowOf()]);
    if (url.startsWith('/api/reports/students/')) return jsonResponse(studentReportOf());
    if (url.startsWith('/api/reports/at-risk?'))
      return page([atRiskRowOf(), atRiskRowOf({ studentId: 's3', fullName: 'Ben Cruz', parentCount: 1, reasons: ['missing'] })]);
    if (url === '/api/reports/at-risk/message') return jsonResponse({ sent: 3 });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', reportsFetch);
};

/** The GET addresses asked so far (decoded, for readable expectations). */
export const reportGets = () => reportsFetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([u]) => decodeURIComponent(String(u)));

export const renderReports = (roleId: number, entry = '/reports') => {
  resetSessionStore();
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter([{ path: '/reports', element: <ReportsPage /> }], { initialEntries: [entry] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

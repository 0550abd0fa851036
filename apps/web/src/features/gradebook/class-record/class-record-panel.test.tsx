import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassRecordPreview } from '@klase/core/deped/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { resetSessionStore } from '../../../lib/session-store.ts';
import { calls, chooseFiles, FakeXhr, fetchMock, on, renderRoutes, serve, setRole } from '../../../test/assignments-test-kit.tsx';
import { GradeBookTab } from '../grade-book-tab.tsx';
import { CLASS_ID, COURSE_ID, GRID_URL, gridFixture } from '../grid/grid-test-data.ts';

vi.mock('../grade-tab.tsx', () => ({ GradeTab: () => <p>my own grades</p> }));

const INFO_URL = `/api/courses/${COURSE_ID}/class-record/info`;
const renderTab = () =>
  renderRoutes([{ path: '/classes/:id/courses/:courseId/grade-book', element: <GradeBookTab /> }], `/classes/${CLASS_ID}/courses/${COURSE_ID}/grade-book`);
const workbook = () => new File(['PK'], 'class-record-Q2.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const change = { studentId: 's1', studentName: 'Cruz, Ana', itemId: 'i1', itemName: 'Quiz 1', before: 24, after: 28 };

beforeEach(() => {
  fetchMock.mockReset();
  FakeXhr.all = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setRole(ROLE.teacher);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const openImport = async (preview: ClassRecordPreview) => {
  renderTab();
  const panel = await screen.findByRole('region', { name: 'E-Class Record' });
  expect(within(panel).getAllByLabelText('Quarter')[0]).toHaveValue('Quarter 2');
  await userEvent.click(within(panel).getByRole('button', { name: 'Import E-Class Record' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import E-Class Record, quarter 2' });
  chooseFiles([workbook()]);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  const xhr = FakeXhr.all[0]!;
  expect([xhr.method, xhr.url]).toEqual(['POST', `/api/courses/${COURSE_ID}/class-record/preview?quarter=2`]);
  expect((xhr.sent as unknown as Blob).type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  xhr.progress(50, 100);
  xhr.answer(200, preview);
  return dialog;
};

describe('E-Class Record panel', () => {
  it('previews the changed scores and saves them on confirm', async () => {
    const IMPORT_URL = `/api/courses/${COURSE_ID}/class-record/import?quarter=2`;
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', INFO_URL, () => jsonResponse({ deped: true, currentQuarter: 2, canImport: true })),
      on('POST', IMPORT_URL, () => jsonResponse({ changes: [change], errors: [] })),
    );
    const dialog = await openImport({ changes: [change], errors: [] });
    const table = await within(dialog).findByTestId('class-record-changes');
    expect(within(table).getByRole('row', { name: 'Cruz, Ana Quiz 1 24 28' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 1 changes' }));
    expect(await screen.findByText('1 score saved from the E-Class Record.')).toBeInTheDocument();
    expect(calls()).toContain(`POST ${IMPORT_URL}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the wrong rows and offers no save', async () => {
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', INFO_URL, () => jsonResponse({ deped: true, currentQuarter: 2, canImport: true })),
    );
    const dialog = await openImport({
      changes: [change],
      errors: [{ row: 12, field: 'Role play', message: '55 is more than the highest possible score, 50.' }],
    });
    const errors = await within(dialog).findByTestId('class-record-errors');
    expect(within(errors).getByRole('row', { name: '12 Role play 55 is more than the highest possible score, 50.' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('is not offered in a course that is no DepEd learning area', async () => {
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', INFO_URL, () => jsonResponse({ deped: false, currentQuarter: 1, canImport: true })),
    );
    renderTab();
    expect(await screen.findByRole('grid', { name: 'Grades' })).toBeInTheDocument();
    await waitFor(() => expect(calls()).toContain(`GET ${INFO_URL}`));
    expect(screen.queryByRole('region', { name: 'E-Class Record' })).not.toBeInTheDocument();
  });

  it('comes with the grid, not after it: nothing moves under the teacher once the grid shows', async () => {
    let answerInfo: (r: Response) => void = () => undefined;
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', INFO_URL, () => new Promise<Response>((resolve) => (answerInfo = resolve))),
    );
    renderTab();
    await waitFor(() => expect(calls()).toEqual(expect.arrayContaining([`GET ${GRID_URL}`, `GET ${INFO_URL}`])));
    // The grid's answer is in, the panel's is not: the page still shows its loading state.
    expect(screen.getByRole('status', { name: 'Loading the grade book' })).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Grades' })).not.toBeInTheDocument();
    answerInfo(jsonResponse({ deped: true, currentQuarter: 2, canImport: true }));
    const grid = await screen.findByRole('grid', { name: 'Grades' });
    const panel = screen.getByRole('region', { name: 'E-Class Record' });
    expect(panel.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows an assistant the export only', async () => {
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', INFO_URL, () => jsonResponse({ deped: true, currentQuarter: 1, canImport: false })),
    );
    renderTab();
    const panel = await screen.findByRole('region', { name: 'E-Class Record' });
    expect(within(panel).getByRole('button', { name: 'Export E-Class Record' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Import E-Class Record' })).not.toBeInTheDocument();
  });
});

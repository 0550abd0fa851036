import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { AssignmentSettingsPage } from './assignment-settings-page.tsx';
import { CLASS_ID, COURSE_ID, ELEMENT_ID, MATERIAL_ID, materialFixture, settingsFixture } from './assignments-test-data.ts';
import { FakeXhr, bodyOf, calls, chooseFiles, fetchMock, on, renderRoutes, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';

const SETTINGS = `/api/materials/${MATERIAL_ID}/assignment-settings`;
const PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/assignment-settings/${MATERIAL_ID}`;
const ELEMENT_PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_ID}`;

const renderPage = (path = PAGE) =>
  renderRoutes(
    [
      { path: '/classes/:id/courses/:courseId/assignment-settings/:materialId', element: <AssignmentSettingsPage /> },
      { path: '/classes/:id/courses/:courseId/element/:elementId', element: <p>element page</p> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    path,
  );

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const confirmSave = async () =>
  userEvent.click(within(await screen.findByRole('dialog', { name: 'Save the settings' })).getByRole('button', { name: 'Confirm' }));

beforeEach(() => {
  setRole(ROLE.teacher);
  fetchMock.mockReset();
  FakeXhr.all = [];
  serve(
    on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture({ dueAt: '2099-06-20T15:59:00.000Z' }))),
    on('GET', SETTINGS, () => jsonResponse(settingsFixture({ dueAt: '2099-06-20T15:59:00.000Z' }))),
    on('PUT', SETTINGS, () => jsonResponse(settingsFixture())),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('assignment settings page', () => {
  it('refuses bad limits and a late-work end before the due date without calling the server, then saves and goes back to the element', async () => {
    const router = renderPage();
    const maxFiles = await screen.findByRole('textbox', { name: /Maximum number of files/ });
    expect(screen.getByRole('radio', { name: 'Files' })).toBeChecked();
    await userEvent.clear(maxFiles);
    await userEvent.type(maxFiles, '0');
    const maxMb = screen.getByRole('textbox', { name: /Maximum size of each file/ });
    await userEvent.clear(maxMb);
    await userEvent.type(maxMb, '901');
    await userEvent.click(screen.getByRole('switch', { name: /Accept late work/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Accept late work until (date)' }), '2099-06-19');
    await save();
    expect(await screen.findByText('Must be greater than zero')).toBeInTheDocument();
    expect(screen.getByText('Must not be greater than 900')).toBeInTheDocument();
    expect(screen.getByText('Must be after the due date.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(maxFiles);
    await userEvent.type(maxFiles, '2');
    await userEvent.clear(maxMb);
    await userEvent.type(maxMb, '25');
    const lateDate = screen.getByRole('textbox', { name: 'Accept late work until (date)' });
    await userEvent.clear(lateDate);
    await userEvent.type(lateDate, '2099-06-22');
    await userEvent.type(screen.getByRole('textbox', { name: 'Opening date' }), '2099-06-01');
    await userEvent.click(screen.getByRole('radio', { name: 'Written answer and files' }));
    await save();
    await confirmSave();
    await waitFor(() => expect(router.state.location.pathname).toBe(ELEMENT_PAGE));
    expect(router.state.location.search).toBe(`?material=${MATERIAL_ID}`);
    expect(await screen.findByText('The assignment settings were saved.')).toBeInTheDocument();
    const body = bodyOf('PUT', SETTINGS)!;
    expect(body).toMatchObject({ allowLate: true, submissionType: 'both', maxFiles: 2, maxFileMb: 25 });
    // Dates without a time: opens at the start of its day, late work ends at the end of its day (local time).
    expect(new Date(String(body.openAt)).getHours()).toBe(0);
    expect(String(body.lateUntil)).toMatch(/^2099-06-22T23:59:00/);
  }, 45_000);

  it('shows the server refusing the late-work end under its field', async () => {
    serve(
      on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture({ dueAt: null }))),
      on('GET', SETTINGS, () => jsonResponse(settingsFixture({ dueAt: '2020-01-01T00:00:00.000Z', allowLate: true }))),
      on('PUT', SETTINGS, () => jsonResponse({ code: 'VALIDATION', message: 'bad', fields: [{ path: 'lateUntil', key: 'afterDue' }] }, 400)),
    );
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Accept late work until (date)' }), '2099-01-01');
    await save();
    await confirmSave();
    const field = screen.getByRole('textbox', { name: 'Accept late work until (date)' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Must be after the due date.').length).toBeGreaterThan(0);
  });

  it('adds a file for students with a progress bar, and removes one after a confirmation', async () => {
    let attachments = settingsFixture().attachments;
    serve(
      on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
      on('GET', SETTINGS, () => jsonResponse(settingsFixture({ attachments }))),
      on('DELETE', `/api/materials/${MATERIAL_ID}/attachments/a1`, () => {
        attachments = [];
        return jsonResponse({ message: 'ok' });
      }),
    );
    renderPage();
    expect(await screen.findByRole('link', { name: /rubric\.pdf/ })).toBeInTheDocument();
    chooseFiles([new File(['abc'], 'guide.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.url).toBe(`/api/materials/${MATERIAL_ID}/attachments`);
    act(() => FakeXhr.all[0]!.progress(30, 100));
    expect(await screen.findByText('Uploading... 30%')).toBeInTheDocument();
    const guide = { id: 'a2', name: 'guide.pdf', size: 3, mime: 'application/pdf', downloadUrl: `/api/materials/${MATERIAL_ID}/attachments/a2` };
    attachments = [...attachments, guide];
    act(() => FakeXhr.all[0]!.answer(201, guide));
    expect(await screen.findByRole('link', { name: /guide\.pdf/ })).toHaveAttribute('href', guide.downloadUrl);

    await userEvent.click(screen.getByRole('button', { name: 'Remove rubric.pdf' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove the file' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /rubric\.pdf/ })).not.toBeInTheDocument());
    expect(calls()).toContain(`DELETE /api/materials/${MATERIAL_ID}/attachments/a1`);
  });

  it('answers not-found for a material of another course', async () => {
    serve(on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture({ courseId: '99999999-9999-4999-8999-999999999999' }))));
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});

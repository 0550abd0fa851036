import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { MaterialCreatePage, MaterialEditPage } from './material-form-page.tsx';
import { CLASS_ID, COURSE_ID, ELEMENT_1, UPLOAD_ID, courseFixture, materialFixture, materialId } from '../../test/materials-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
const coursePage = `/classes/${CLASS_ID}/courses/${COURSE_ID}/course`;

/** XMLHttpRequest as uploadWithProgress uses it; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
}

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/courses/:courseId/create-material/:sectionId/:materialName', element: <MaterialCreatePage /> },
      { path: '/classes/:id/courses/:courseId/update-material/:materialId', element: <MaterialEditPage /> },
      { path: '/classes/:id/courses/:courseId/course', element: <p>course page</p> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};
const createAt = (type: string) => renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/create-material/${ELEMENT_1}/${type}`);

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const confirmSave = async (title: string) =>
  userEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: 'Confirm' }));
const bodyOf = (i = 0) => JSON.parse(String(writes()[i]![1]!.body)) as Record<string, unknown>;

beforeEach(() => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.teacher }).profile });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === `/api/courses/${COURSE_ID}` && !init?.method?.match(/POST|PUT/)) return jsonResponse(courseFixture());
    if (init?.method === 'POST' && u === `/api/courses/${COURSE_ID}/elements/${ELEMENT_1}/materials`) return jsonResponse(materialFixture(), 201);
    if (u === `/api/materials/${materialId(9)}` && init?.method === 'GET') return jsonResponse(materialFixture({ id: materialId(9) }));
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('material form', () => {
  it('refuses a link without a web address (and a bad one) before calling the server, then saves it and goes back to the course', async () => {
    const router = createAt('link');
    expect(await screen.findByRole('heading', { name: 'Add a material: Link' })).toBeInTheDocument();
    expect(screen.getByText('In Unit 1: Matter')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Periodic table');
    await save();
    const url = screen.getByLabelText(/^Web address/);
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(url, 'not a web address');
    await save();
    expect(await screen.findByText('Invalid URL form')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://ptable.com');
    await save();
    await confirmSave('Add material');
    await waitFor(() => expect(router.state.location.pathname).toBe(coursePage));
    expect(await screen.findByText('Material added.')).toBeInTheDocument();
    expect(String(writes()[0]![0])).toBe(`/api/courses/${COURSE_ID}/elements/${ELEMENT_1}/materials`);
    expect(bodyOf()).toEqual({ type: 'link', name: 'Periodic table', url: 'https://ptable.com', description: '', availableFrom: null });
  });

  it('uploads the file with a progress bar first, then saves the material with the upload id', async () => {
    const router = createAt('file');
    expect(await screen.findByRole('heading', { name: 'Add a material: File' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Lab notes');
    await save();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument(); // no file yet
    expect(writes()).toHaveLength(0);

    await userEvent.upload(screen.getByTestId('upload-input'), new File(['%PDF-1.7'], 'lab-notes.pdf', { type: 'application/pdf' }));
    const xhr = FakeXhr.last!;
    expect(`${xhr.method} ${xhr.url}`).toBe(`POST /api/courses/${COURSE_ID}/uploads`);
    expect((xhr.sent!.get('file') as File).name).toBe('lab-notes.pdf');
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent));
    expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    xhr.status = 201;
    xhr.responseText = JSON.stringify({ uploadId: UPLOAD_ID, fileName: 'lab-notes.pdf', size: 8, mime: 'application/pdf' });
    act(() => xhr.onload!());
    expect(await screen.findByText('Upload complete.')).toBeInTheDocument();

    await save();
    await confirmSave('Add material');
    await waitFor(() => expect(router.state.location.pathname).toBe(coursePage));
    expect(bodyOf()).toEqual({ type: 'file', name: 'Lab notes', uploadId: UPLOAD_ID, description: '', availableFrom: null });
  });

  it('shows why an upload was refused by the server', async () => {
    createAt('file');
    await screen.findByRole('heading', { name: 'Add a material: File' });
    await userEvent.upload(screen.getByTestId('upload-input'), new File(['x'], 'movie.mp4', { type: 'video/mp4' }));
    const xhr = FakeXhr.last!;
    xhr.status = 413;
    xhr.responseText = JSON.stringify({ code: 'UPLOAD_TOO_LARGE', message: 'too large' });
    act(() => xhr.onload!());
    expect(await screen.findByText('Files must be at most 900 MB.')).toBeInTheDocument();
  });

  it('refuses 0 points with "Must be greater than zero" and sends the due date with the time zone', async () => {
    createAt('assignment');
    expect(await screen.findByRole('heading', { name: 'Add a material: Assignment' })).toBeInTheDocument();
    expect(screen.getByText(/Students hand in their work for this assignment by the due date/)).toBeInTheDocument();
    // The instructions editor loads with the form: a named text area and translated, named tools.
    // (tiptap is a separate chunk: its first import can take a while in a busy test run)
    expect(await screen.findByRole('textbox', { name: 'Instructions' }, { timeout: 15_000 })).toHaveAttribute('contenteditable', 'true');
    const tools = screen.getByRole('group', { name: 'Formatting for Instructions' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Add or edit a link', 'Undo'])
      expect(within(tools).getByRole('button', { name })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Lab report');
    const points = screen.getByRole('textbox', { name: /^Maximum points/ });
    expect(points).toHaveValue('100');
    await userEvent.clear(points);
    await userEvent.type(points, '0');
    await save();
    expect(await screen.findByText('Must be greater than zero')).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);

    await userEvent.clear(points);
    await userEvent.type(points, '20');
    await userEvent.type(screen.getByRole('textbox', { name: /^Due date/ }), '2026-09-15');
    await save();
    await confirmSave('Add material');
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = bodyOf();
    expect(body).toMatchObject({ type: 'assignment', name: 'Lab report', maxPoints: 20, instructions: '', availableFrom: null });
    // No time given: due at the end of that day, in the browser's time zone.
    expect(new Date(String(body.dueAt)).getTime()).toBe(new Date(2026, 8, 15, 23, 59).getTime());
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = createAt('video');
    await screen.findByRole('heading', { name: 'Add a material: Video link' });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Volcanoes');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toContain('/create-material/');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(coursePage));
  });

  it('starts a fresh form when the address moves to another type', async () => {
    const router = createAt('link');
    await screen.findByRole('heading', { name: 'Add a material: Link' });
    await save();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    await router.navigate(`/classes/${CLASS_ID}/courses/${COURSE_ID}/create-material/${ELEMENT_1}/file`);
    expect(await screen.findByRole('heading', { name: 'Add a material: File' })).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('answers not-found for an unknown material type or an element of another course', async () => {
    const router = createAt('poster');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    const other = renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/create-material/${materialId(77)}/page`);
    await waitFor(() => expect(other.state.location.pathname).toBe('/not-found'));
  });

  it('edits a file material keeping its file unless a new one is uploaded', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PUT') return jsonResponse(materialFixture());
      if (String(url) === `/api/materials/${materialId(9)}`)
        return jsonResponse(
          materialFixture({
            id: materialId(9),
            type: 'file',
            name: 'Worksheet',
            contentHtml: null,
            description: 'Print it',
            file: { name: 'worksheet.pdf', size: 2048, mime: 'application/pdf', downloadUrl: `/api/materials/${materialId(9)}/file`, uploadId: UPLOAD_ID },
          }),
        );
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    });
    const router = renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/update-material/${materialId(9)}`);
    expect(await screen.findByRole('heading', { name: 'Edit material: File' })).toBeInTheDocument();
    expect(screen.getByText('Current file: worksheet.pdf (2 KB)')).toBeInTheDocument();
    expect(screen.getByText('Replace the file (optional)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), ' 2');
    await save();
    await confirmSave('Save changes');
    await waitFor(() => expect(router.state.location.pathname).toBe(coursePage));
    expect(String(writes()[0]![0])).toBe(`/api/materials/${materialId(9)}`);
    expect(bodyOf()).toEqual({
      type: 'file',
      name: 'Worksheet 2',
      uploadId: UPLOAD_ID,
      description: 'Print it',
      availableFrom: null,
      version: 1,
      overwrite: false,
    });
    expect(await screen.findByText('Material saved.')).toBeInTheDocument();
  });
});

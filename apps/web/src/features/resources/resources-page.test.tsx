import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceRow } from '@klase/core/resources/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ResourcesPage } from './resources-page.tsx';

const LINK_ID = '0b6f6c4e-1111-4c6d-9a0e-000000000001';
const FILE_ID = '0b6f6c4e-1111-4c6d-9a0e-000000000002';

const linkRow: ResourceRow = {
  id: LINK_ID,
  kind: 'link',
  title: 'PhET simulations',
  description: 'Free science simulations.',
  gradeLevel: 'Grade 7',
  subject: 'Science',
  url: 'https://phet.colorado.edu/',
  file: null,
  addedBy: { id: 'u2', name: 'Andres Bautista' },
  createdAt: '2026-06-02T01:00:00.000Z',
  updatedAt: '2026-06-02T01:00:00.000Z',
  can: { edit: false },
};
const fileRow: ResourceRow = {
  id: FILE_ID,
  kind: 'file',
  title: 'Lab safety rules',
  description: '',
  gradeLevel: null,
  subject: null,
  url: null,
  file: { name: 'Lab safety rules.pdf', size: 2048, mime: 'application/pdf', downloadUrl: `/api/resources/${FILE_ID}/file` },
  addedBy: { id: 'u1', name: 'Maria Santos' },
  createdAt: '2026-06-01T01:00:00.000Z',
  updatedAt: '2026-06-01T01:00:00.000Z',
  can: { edit: true },
};

const fetchMock = vi.fn<typeof fetch>();
let rows: ResourceRow[] = [linkRow, fileRow];
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
const bodyOf = (i = 0) => JSON.parse(String(writes()[i]![1]!.body)) as Record<string, unknown>;
const listCalls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/resources?'));

/** The XMLHttpRequest uploadWithProgress drives; the test answers it. */
const xhrs: {
  method: string;
  url: string;
  sent: FormData | null;
  status: number;
  responseText: string;
  upload: { onprogress: ((e: ProgressEvent) => void) | null };
  onload: (() => void) | null;
}[] = [];
function FakeRequest(this: (typeof xhrs)[number]) {
  Object.assign(this, {
    method: '',
    url: '',
    sent: null,
    status: 0,
    responseText: '',
    upload: { onprogress: null },
    onload: null,
    onerror: null,
    withCredentials: false,
  });
  xhrs.push(this);
}
FakeRequest.prototype.open = function (this: (typeof xhrs)[number], method: string, url: string) {
  this.method = method;
  this.url = url;
};
FakeRequest.prototype.setRequestHeader = () => undefined;
FakeRequest.prototype.send = function (this: (typeof xhrs)[number], body: FormData) {
  this.sent = body;
};

const renderPage = (roleId: number) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  return renderWithProviders(<ResourcesPage />);
};

/** The confirmation opens over the form dialog, with the same title. */
const confirmIn = async (title: string) => {
  const confirmButton = () => screen.getAllByRole('dialog', { name: title }).flatMap((d) => within(d).queryAllByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(confirmButton()).toHaveLength(1));
  await userEvent.click(confirmButton()[0]!);
};

beforeEach(() => {
  rows = [linkRow, fileRow];
  xhrs.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith('/api/resources?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    if (u === '/api/resources/links' && init?.method === 'POST')
      return jsonResponse({ resource: linkRow, message: 'The link has been added to the school resources.' }, 201);
    if (u === `/api/resources/${FILE_ID}` && init?.method === 'PUT') return jsonResponse({ resource: fileRow, message: 'The resource has been updated.' });
    if (u === `/api/resources/${FILE_ID}` && init?.method === 'DELETE')
      return jsonResponse({ message: 'The resource has been removed from the school resources.' });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('#/resources', () => {
  it('lists the school library for a student: links open in a new tab without the opener, files download; nothing to add or edit', async () => {
    renderPage(ROLE.student);
    const link = await screen.findByRole('link', { name: 'PhET simulations (opens in a new tab)' });
    const table = screen.getByRole('table', { name: 'Resources' });
    expect(link).toHaveAttribute('href', 'https://phet.colorado.edu/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const file = within(table).getByRole('link', { name: 'Lab safety rules (download)' });
    expect(file).toHaveAttribute('href', `/api/resources/${FILE_ID}/file`);
    expect(file).toHaveAttribute('download', 'Lab safety rules.pdf');
    expect(link.closest('tr')).toHaveTextContent(/PhET simulations.*Link.*Free science simulations\..*Grade 7 · Science.*Andres Bautista/);
    expect(file.closest('tr')).toHaveTextContent(/File.*2 KB/);
    expect(screen.queryByRole('button', { name: 'Add link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit|Remove/ })).not.toBeInTheDocument();
    expect(listCalls()[0]).toContain('sortBy=createdAt&sortOrder=desc');
  });

  it('searches, filters by type and by grade on the server', async () => {
    renderPage(ROLE.parent);
    await screen.findByRole('link', { name: /PhET simulations/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'phet');
    await waitFor(() => expect(listCalls().some((u) => u.includes('search=phet'))).toBe(true), { timeout: 2000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'File' }));
    await waitFor(() => expect(listCalls().some((u) => u.includes('filter%5Bkey%5D=kind') && u.includes('filter%5Bvalues%5D%5B%5D=file'))).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'Grade level' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grade 7' }));
    await waitFor(() => expect(listCalls().some((u) => u.includes('gradeLevel=Grade+7'))).toBe(true));
  });

  it('says so when the school has no resources yet', async () => {
    rows = [];
    renderPage(ROLE.teacher);
    expect(
      await screen.findByText('Your school has no shared resources yet. Add a link or upload a file to share it with everyone in your school.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a teacher adds a link: bad input is refused before the server, then it is saved after confirming', async () => {
    renderPage(ROLE.teacher);
    await screen.findByRole('link', { name: /PhET simulations/ });
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Khan Academy');
    await userEvent.type(within(dialog).getByLabelText(/^Web address/), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid URL form')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^Web address/));
    await userEvent.type(within(dialog).getByLabelText(/^Web address/), 'https://www.khanacademy.org/');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'Mathematics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Add a link');
    expect(await screen.findByText('The link has been added to the school resources.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a link' })).not.toBeInTheDocument());
    expect(String(writes()[0]![0])).toBe('/api/resources/links');
    expect(bodyOf()).toEqual({ title: 'Khan Academy', description: '', gradeLevel: null, subject: 'Mathematics', url: 'https://www.khanacademy.org/' });
  });

  it('a teacher uploads a file: the fields go first, then the file, with a progress bar; server refusals are shown', async () => {
    renderPage(ROLE.teacher);
    await screen.findByRole('link', { name: /PhET simulations/ });
    await userEvent.click(screen.getByRole('button', { name: 'Upload file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a file' });
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Reading log');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument(); // no file yet
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF-1.4 log'], 'reading-log.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Upload a file');

    await waitFor(() => expect(xhrs).toHaveLength(1));
    const xhr = xhrs[0]!;
    expect(`${xhr.method} ${xhr.url}`).toBe('POST /api/resources/files');
    expect([...xhr.sent!.keys()]).toEqual(['title', 'description', 'gradeLevel', 'subject', 'file']);
    expect(xhr.sent!.get('title')).toBe('Reading log');
    expect((xhr.sent!.get('file') as File).name).toBe('reading-log.pdf');
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 30, total: 100 } as ProgressEvent));
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(dialog).getByText('Uploading... 30%')).toBeInTheDocument();
    xhr.status = 413;
    xhr.responseText = JSON.stringify({ code: 'UPLOAD_TOO_LARGE', message: 'too large' });
    act(() => xhr.onload!());
    expect(await within(dialog).findByText('Files must be at most 900 MB.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Upload a file');
    await waitFor(() => expect(xhrs).toHaveLength(2));
    xhrs[1]!.status = 201;
    xhrs[1]!.responseText = JSON.stringify({ resource: fileRow, message: 'The file has been uploaded to the school resources.' });
    act(() => xhrs[1]!.onload!());
    expect(await screen.findByText('The file has been uploaded to the school resources.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a file' })).not.toBeInTheDocument());
  });

  it('edits and removes only what the user may change', async () => {
    renderPage(ROLE.teacher);
    await screen.findByRole('link', { name: /PhET simulations/ });
    const table = screen.getByRole('table', { name: 'Resources' });
    expect(within(table).queryByRole('button', { name: 'Edit PhET simulations' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Lab safety rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file details' });
    expect(within(dialog).getByText('File: Lab safety rules.pdf (2 KB)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Web address/)).not.toBeInTheDocument();
    const title = within(dialog).getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Laboratory safety rules');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmIn('Edit file details');
    expect(await screen.findByText('The resource has been updated.')).toBeInTheDocument();
    expect(String(writes()[0]![0])).toBe(`/api/resources/${FILE_ID}`);
    expect(bodyOf()).toEqual({ title: 'Laboratory safety rules', description: '', gradeLevel: null, subject: '' });

    await userEvent.click(within(table).getByRole('button', { name: 'Remove Lab safety rules' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove resource' });
    expect(confirm).toHaveTextContent('Remove "Lab safety rules" from the school resources?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The resource has been removed from the school resources.')).toBeInTheDocument();
    expect(writes().map(([u, init]) => `${init?.method} ${String(u)}`)).toContain(`DELETE /api/resources/${FILE_ID}`);
  });
});

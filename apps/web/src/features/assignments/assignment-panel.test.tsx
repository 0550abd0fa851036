import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import type { MySubmission } from '@klase/core/assignments/contracts';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { AssignmentPanel } from './assignment-panel.tsx';
import {
  CHILD_ID,
  CLASS_ID,
  COURSE_ID,
  MATERIAL_ID,
  fileFixture,
  materialFixture,
  mySubmissionFixture,
  returnedFixture,
  settingsFixture,
  submissionsFixture,
} from './assignments-test-data.ts';
import { FakeXhr, bodyOf, calls, chooseFiles, errorAnswer, fetchMock, on, renderOnElement, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';

const MINE = `/api/materials/${MATERIAL_ID}/my-submission`;
const panel = (studentMode = false) => <AssignmentPanel material={materialFixture()} classId={CLASS_ID} courseId={COURSE_ID} studentMode={studentMode} />;
const confirmIn = async (title: string, button: string) =>
  userEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: button }));

// ProseMirror measures the caret while typing; jsdom has no layout for ranges.
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

beforeEach(() => {
  fetchMock.mockReset();
  FakeXhr.all = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('AssignmentPanel for a student', () => {
  beforeEach(() => setRole(ROLE.student));

  it("shows the dates, the teacher's files and the file limits up front, then submits after a confirmation", async () => {
    let work: MySubmission = mySubmissionFixture({ files: [fileFixture('w1', 'draft.pdf')] });
    serve(
      on('GET', MINE, () => jsonResponse(work)),
      on('POST', `${MINE}/submit`, () => {
        work = mySubmissionFixture({
          state: 'submitted',
          status: 'submitted',
          files: work.files,
          submittedAt: '2026-06-10T02:00:00.000Z',
          submitCount: 1,
          can: { edit: true, submit: false },
          blockedBy: 'ALREADY_SUBMITTED',
        });
        return jsonResponse(work);
      }),
    );
    renderOnElement(panel());
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
    expect(screen.getByText('Not accepted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /rubric\.pdf/ })).toHaveAttribute('href', `/api/materials/${MATERIAL_ID}/attachments/a1`);
    expect(screen.getByTestId('work-limits')).toHaveTextContent('Up to 3 files, 10 MB each.');
    // Files only: no answer editor, no draft button.
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await confirmIn('Submit your work', 'Submit');
    expect(await screen.findByText('Your work was submitted.')).toBeInTheDocument();
    expect(calls()).toContain(`POST ${MINE}/submit`);
    expect(await screen.findByTestId('work-submitted-note')).toHaveTextContent('You can still change it and resubmit until the due date.');
    expect(screen.getAllByText('Submitted').length).toBeGreaterThan(0);
    // Handed in and unchanged: nothing to submit again until the work changes.
    expect(screen.queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation submits nothing', async () => {
    serve(on('GET', MINE, () => jsonResponse(mySubmissionFixture())));
    renderOnElement(panel());
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await confirmIn('Submit your work', 'Cancel');
    expect(writes()).toHaveLength(0);
  });

  it('translates the refusals of the server (empty work)', async () => {
    serve(
      on('GET', MINE, () => jsonResponse(mySubmissionFixture())),
      on('POST', `${MINE}/submit`, () => errorAnswer('SUBMISSION_EMPTY', 400)),
    );
    renderOnElement(panel());
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await confirmIn('Submit your work', 'Submit');
    expect(await screen.findByText('Add your answer or a file before submitting.')).toBeInTheDocument();
  });

  it('streams a file with a progress bar and explains the limit the server enforces (TOO_MANY_FILES with its max)', async () => {
    let work = mySubmissionFixture();
    serve(on('GET', MINE, () => jsonResponse(work)));
    renderOnElement(panel());
    await screen.findByTestId('work-limits');
    chooseFiles([new File(['x'.repeat(10)], 'essay.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${MINE}/files`);
    act(() => xhr.progress(50, 100));
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument();
    work = mySubmissionFixture({ status: 'draft', files: [fileFixture('w9', 'essay.pdf')] });
    act(() => xhr.answer(201, fileFixture('w9', 'essay.pdf')));
    expect(await screen.findByText('The file was added.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /essay\.pdf/ })).toHaveAttribute('href', `/api/materials/${MATERIAL_ID}/submission-files/w9`);

    chooseFiles([new File(['y'], 'more.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    act(() => FakeXhr.all[1]!.answer(400, { code: 'TOO_MANY_FILES', message: 'x', params: { max: 3 } }));
    expect(await screen.findByText('You can attach at most 3 files.')).toBeInTheDocument();
  });

  it("refuses a file over the assignment's size before sending it, and names the teacher's limit when the server refuses one", async () => {
    serve(on('GET', MINE, () => jsonResponse(mySubmissionFixture({ settings: settingsFixture({ maxFileMb: 1 }) }))));
    renderOnElement(panel());
    await screen.findByTestId('work-limits');
    chooseFiles([new File([new Uint8Array(2 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('File must be less than 1 MB.')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);

    chooseFiles([new File(['small'], 'ok.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0]!.answer(413, { code: 'FILE_TOO_LARGE', message: 'x', params: { max: 1 } }));
    expect(await screen.findByText('Each file must be at most 1 MB.')).toBeInTheDocument();
  });

  it('removes a file after a confirmation', async () => {
    serve(
      on('GET', MINE, () => jsonResponse(mySubmissionFixture({ status: 'draft', files: [fileFixture('w1', 'old.pdf')] }))),
      on('DELETE', `${MINE}/files/w1`, () => jsonResponse({ message: 'ok' })),
    );
    renderOnElement(panel());
    await userEvent.click(await screen.findByRole('button', { name: 'Remove old.pdf' }));
    await confirmIn('Remove the file', 'Remove');
    expect(await screen.findByText('old.pdf was removed.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE ${MINE}/files/w1`);
  });

  it('says why work cannot be handed in after the due date (PAST_DUE) and offers no submit', async () => {
    serve(on('GET', MINE, () => jsonResponse(mySubmissionFixture({ state: 'missing', can: { edit: false, submit: false }, blockedBy: 'PAST_DUE' }))));
    renderOnElement(panel());
    expect(await screen.findByTestId('work-blocked')).toHaveTextContent('The due date has passed and late work is not accepted.');
    expect(screen.getByText('Missing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-input')).not.toBeInTheDocument();
  });

  it('says when an assignment opens (NOT_OPEN_YET)', async () => {
    serve(
      on('GET', MINE, () =>
        jsonResponse(
          mySubmissionFixture({
            settings: settingsFixture({ openAt: '2099-06-01T00:00:00.000Z' }),
            can: { edit: false, submit: false },
            blockedBy: 'NOT_OPEN_YET',
          }),
        ),
      ),
    );
    renderOnElement(panel());
    expect(await screen.findByTestId('work-blocked')).toHaveTextContent(/This assignment opens on \w{3} \d+, 2099/);
  });

  it('once returned, shows the grade out of the points and the feedback with its files', async () => {
    serve(on('GET', MINE, () => jsonResponse(returnedFixture())));
    renderOnElement(panel());
    const feedback = await screen.findByTestId('work-feedback');
    expect(within(feedback).getByText('8.5 / 10')).toBeInTheDocument();
    expect(within(feedback).getByText('Clear and well argued.')).toBeInTheDocument();
    expect(within(feedback).getByRole('link', { name: /comments\.pdf/ })).toHaveAttribute('href', `/api/materials/${MATERIAL_ID}/submission-files/f1`);
    expect(screen.getByText('Returned', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('keeps a written draft, and asks before leaving while the text is not saved', async () => {
    serve(
      on('GET', MINE, () => jsonResponse(mySubmissionFixture({ settings: settingsFixture({ submissionType: 'text' }) }))),
      on('PUT', MINE, () =>
        jsonResponse(
          mySubmissionFixture({ status: 'draft', textHtml: '<p>Solids keep their shape</p>', settings: settingsFixture({ submissionType: 'text' }) }),
        ),
      ),
    );
    const router = renderOnElement(panel());
    const editor = await screen.findByRole('textbox', { name: 'Your answer' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await userEvent.click(editor);
    await userEvent.type(editor, 'Solids keep their shape');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled());

    act(() => void router.navigate('/elsewhere'));
    await confirmIn('Discard changes', 'Cancel');
    expect(router.state.location.pathname).toBe('/classes/c/courses/k/element/e');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Your draft was saved.')).toBeInTheDocument();
    expect(String(bodyOf('PUT', MINE)?.textHtml)).toContain('Solids keep their shape');
    act(() => void router.navigate('/elsewhere'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});

describe('AssignmentPanel for a student without a connection', () => {
  beforeEach(() => setRole(ROLE.student));
  afterEach(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('klase.unsent.')) localStorage.removeItem(key);
  });
  const textWork = (textHtml: string | null = null) =>
    mySubmissionFixture({ status: textHtml ? 'draft' : 'none', textHtml, settings: settingsFixture({ submissionType: 'text' }) });
  const keptTexts = () =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('klase.unsent.assignment.'))
      .map((k) => localStorage.getItem(k));

  it('keeps the text on the device ("will send when online") and sends it, once, when the page is opened again online', async () => {
    serve(
      on('GET', MINE, () => jsonResponse(textWork())),
      on('PUT', MINE, () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderOnElement(panel());
    const editor = await screen.findByRole('textbox', { name: 'Your answer' }, { timeout: 15_000 });
    await userEvent.click(editor);
    await userEvent.type(editor, 'Liquids flow');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Saved on this device, will send when online')).toBeInTheDocument();
    expect(keptTexts()).toHaveLength(1);
    expect(keptTexts()[0]).toContain('Liquids flow');

    cleanup();
    fetchMock.mockReset();
    serve(
      on('GET', MINE, () => jsonResponse(textWork())),
      on('PUT', MINE, () => jsonResponse(textWork('<p>Liquids flow</p>'))),
    );
    renderOnElement(panel());
    await waitFor(() => expect(screen.getByTestId('draft-sync')).toHaveTextContent('Saved'));
    expect(writes()).toHaveLength(1);
    expect(String(bodyOf('PUT', MINE)?.textHtml)).toContain('Liquids flow');
    expect(keptTexts()).toEqual([]);
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toHaveTextContent('Liquids flow');
  });
});

describe('AssignmentPanel for a parent', () => {
  it("reads the selected child's work, read-only, with the grade once returned", async () => {
    setRole(ROLE.parent, CHILD_ID);
    serve(on('GET', `${MINE}?childId=${CHILD_ID}`, () => jsonResponse(returnedFixture({ can: { edit: false, submit: false } }))));
    renderOnElement(panel());
    expect(await screen.findByText('8.5 / 10')).toBeInTheDocument();
    expect(screen.getByTestId('assignment-panel')).toHaveAttribute('data-mode', 'parent');
    expect(screen.getByText('Clear and well argued.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-input')).not.toBeInTheDocument();
  });

  it('before the work is returned shows its state and when it was submitted, and no grade', async () => {
    setRole(ROLE.parent, CHILD_ID);
    serve(
      on('GET', `${MINE}?childId=${CHILD_ID}`, () =>
        jsonResponse(
          mySubmissionFixture({ state: 'submitted', status: 'submitted', submittedAt: '2026-06-10T02:00:00.000Z', can: { edit: false, submit: false } }),
        ),
      ),
    );
    renderOnElement(panel());
    expect(await screen.findByText('The grade and feedback appear here once the teacher returns the work.')).toBeInTheDocument();
    expect(screen.getByText('Submitted', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText(/Jun 10, 2026/)).toBeInTheDocument();
    expect(screen.queryByTestId('work-feedback')).not.toBeInTheDocument();
  });
});

describe('AssignmentPanel for staff', () => {
  it('shows teachers the counts and the ways to the submissions and the settings', async () => {
    setRole(ROLE.teacher);
    serve(on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () => jsonResponse(submissionsFixture())));
    renderOnElement(panel());
    const counts = await screen.findByTestId('work-counts');
    expect(within(counts).getByText('4 / 5')).toBeInTheDocument();
    expect(counts.querySelector('[data-count="toGrade"]')).toHaveTextContent('To grade2');
    expect(counts.querySelector('[data-count="missing"]')).toHaveTextContent('Missing1');
    expect(screen.getByRole('link', { name: 'Submissions' })).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/submissions/${MATERIAL_ID}`);
    expect(screen.getByRole('link', { name: 'Assignment settings' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/assignment-settings/${MATERIAL_ID}`,
    );
  });

  it('gives assistants the submissions but not the settings', async () => {
    setRole(ROLE.assistantTeacher);
    serve(on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () => jsonResponse(submissionsFixture())));
    renderOnElement(panel());
    expect(await screen.findByRole('link', { name: 'Submissions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Assignment settings' })).not.toBeInTheDocument();
  });

  it("in student mode previews the student's page, disabled, with a note, and reads no student's work", async () => {
    setRole(ROLE.teacher);
    serve(on('GET', `/api/materials/${MATERIAL_ID}/assignment-settings`, () => jsonResponse(settingsFixture({ submissionType: 'both' }))));
    renderOnElement(panel(true));
    expect(await screen.findByText(/Preview: this is the page students use/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeDisabled();
    expect(screen.getByTestId('work-limits')).toHaveTextContent('Up to 3 files, 10 MB each.');
    expect(calls()).toEqual([`GET /api/materials/${MATERIAL_ID}/assignment-settings`]);
  });
});

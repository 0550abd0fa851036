import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEPED_PATH, type CourseDeped, type GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { COURSE_ID, renderSetupRoute, setupFetch, tabPath, writesOf } from './setup-test-kit.tsx';

const LOAD = { timeout: 5000 };
const COURSE_PATH = `/api/courses/${COURSE_ID}/deped`;
const policy = (kind: GradingPolicyView['kind']): GradingPolicyView => ({ ...defaultPolicy(2025), kind, editVersion: 1, canEdit: false });
const LANGUAGES: CourseDeped = { subjectGroup: 'languages', mapehPart: null, weights: { ww: 30, pt: 50, qa: 20 } };
const MUSIC: CourseDeped = { subjectGroup: 'mapehEpp', mapehPart: 'music', weights: { ww: 20, pt: 60, qa: 20 } };
const called = (mock: ReturnType<typeof setupFetch>, path: string) => mock.mock.calls.some(([url]) => String(url).split('?')[0] === path);
const open = () => renderSetupRoute(tabPath('categories'));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The grade setup's DepEd learning-area panel (schools on the DepEd policy), as a teacher sees it on the setup page. */
describe('DepedCoursePanel', () => {
  it('is not shown while the school grades the custom way', async () => {
    const mock = setupFetch({ [`GET ${DEPED_PATH}`]: () => jsonResponse(policy('custom')) });
    open();
    expect(await screen.findByRole('link', { name: 'Create grading category' }, LOAD)).toBeInTheDocument();
    expect(called(mock, DEPED_PATH)).toBe(true);
    expect(screen.queryByTestId('deped-panel')).not.toBeInTheDocument();
    expect(called(mock, COURSE_PATH)).toBe(false);
  });

  it("shows the chosen group's weights and applies it after explaining what changes", async () => {
    let saved = false;
    const mock = setupFetch({
      [`GET ${DEPED_PATH}`]: () => jsonResponse(policy('deped')),
      [`GET ${COURSE_PATH}`]: () => jsonResponse(saved ? MUSIC : null),
      [`PUT ${COURSE_PATH}`]: () => {
        saved = true;
        return jsonResponse(MUSIC);
      },
    });
    open();
    const panel = await screen.findByTestId('deped-panel', undefined, LOAD);
    expect(within(panel).queryByLabelText('MAPEH part')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(panel).getByLabelText('Subject group'), 'mapehEpp');
    expect(within(panel).getByTestId('deped-weights')).toHaveTextContent('Weights: WW 20% · PT 60% · QA 20%');
    await userEvent.selectOptions(within(panel).getByLabelText('MAPEH part'), 'music');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply subject group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this a DepEd learning area?' });
    expect(dialog).toHaveTextContent("Its grading periods are replaced by the school's four quarters.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writesOf(mock)).toEqual([{ call: `PUT ${COURSE_PATH}`, body: { subjectGroup: 'mapehEpp', mapehPart: 'music' } }]));
    expect(await screen.findByText('MAPEH part: Music')).toBeInTheDocument();
  });

  it('asks for a subject group before applying', async () => {
    setupFetch({ [`GET ${DEPED_PATH}`]: () => jsonResponse(policy('deped')), [`GET ${COURSE_PATH}`]: () => jsonResponse(LANGUAGES) });
    open();
    const panel = await screen.findByTestId('deped-panel', undefined, LOAD);
    expect(panel).toHaveTextContent('This course is graded as Filipino, English, Araling Panlipunan, EsP (Grades 1–10): WW 30% · PT 50% · QA 20%.');
    await userEvent.selectOptions(within(panel).getByLabelText('Subject group'), '');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply subject group' }));
    expect(within(panel).getByText('Choose a subject group.')).toBeInTheDocument();
  });

  it("appears with the setup's buttons and tables, not after them, so nothing moves once shown", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    setupFetch({
      [`GET ${DEPED_PATH}`]: () => jsonResponse(policy('deped')),
      [`GET ${COURSE_PATH}`]: async () => {
        await held;
        return jsonResponse(LANGUAGES);
      },
    });
    open();
    // The setup itself has arrived, the panel's data has not: the page still shows its loading state.
    expect(await screen.findByRole('status', { name: 'Loading the grade setup' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('link', { name: 'Create grading category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Science 7 (course total)' })).not.toBeInTheDocument();
    release();
    const panel = await screen.findByTestId('deped-panel', undefined, LOAD);
    const create = screen.getByRole('link', { name: 'Create grading category' });
    expect(panel.compareDocumentPosition(create) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Science 7 (course total)' })).toBeInTheDocument();
  });

  it('leaves the panel out, and the setup working, when the policy cannot be read', async () => {
    setupFetch({ [`GET ${DEPED_PATH}`]: () => jsonResponse({ code: 'INTERNAL', message: 'down' }, 503) });
    open();
    expect(await screen.findByRole('rowheader', { name: 'Science 7 (course total)' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create grading category' })).toBeInTheDocument();
    expect(screen.queryByTestId('deped-panel')).not.toBeInTheDocument();
  });
});

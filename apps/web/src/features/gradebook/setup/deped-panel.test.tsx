import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { DEPED_PATH, type GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { resetSessionStore } from '../../../lib/session-store.ts';
import { bodyOf, calls, fetchMock, on, renderRoutes, serve, setRole } from '../../../test/assignments-test-kit.tsx';
import { DepedCoursePanel } from './deped-panel.tsx';

const LOAD = { timeout: 5000 };
const COURSE = 'k1';
const COURSE_PATH = `/api/courses/${COURSE}/deped`;
const policy = (kind: GradingPolicyView['kind']): GradingPolicyView => ({ ...defaultPolicy(2025), kind, editVersion: 1, canEdit: false });
const open = () => renderRoutes([{ path: '/x', element: <DepedCoursePanel courseId={COURSE} /> }], '/x');

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.teacher);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('DepedCoursePanel', () => {
  it('is not shown while the school grades the custom way', async () => {
    serve(on('GET', DEPED_PATH, () => jsonResponse(policy('custom'))));
    open();
    await waitFor(() => expect(calls()).toContain(`GET ${DEPED_PATH}`));
    expect(screen.queryByTestId('deped-panel')).not.toBeInTheDocument();
    expect(calls()).not.toContain(`GET ${COURSE_PATH}`);
  });

  it("shows the chosen group's weights and applies it after explaining what changes", async () => {
    let saved = false;
    serve(
      on('GET', DEPED_PATH, () => jsonResponse(policy('deped'))),
      on('GET', COURSE_PATH, () => jsonResponse(saved ? { subjectGroup: 'mapehEpp', mapehPart: 'music', weights: { ww: 20, pt: 60, qa: 20 } } : null)),
      on('PUT', COURSE_PATH, () => {
        saved = true;
        return jsonResponse({ subjectGroup: 'mapehEpp', mapehPart: 'music', weights: { ww: 20, pt: 60, qa: 20 } });
      }),
    );
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
    await waitFor(() => expect(bodyOf('PUT', COURSE_PATH)).toEqual({ subjectGroup: 'mapehEpp', mapehPart: 'music' }));
    expect(await within(panel).findByText('MAPEH part: Music')).toBeInTheDocument();
  });

  it('asks for a subject group before applying', async () => {
    serve(
      on('GET', DEPED_PATH, () => jsonResponse(policy('deped'))),
      on('GET', COURSE_PATH, () => jsonResponse({ subjectGroup: 'languages', mapehPart: null, weights: { ww: 30, pt: 50, qa: 20 } })),
    );
    open();
    const panel = await screen.findByTestId('deped-panel', undefined, LOAD);
    expect(panel).toHaveTextContent('This course is graded as Filipino, English, Araling Panlipunan, EsP (Grades 1–10): WW 30% · PT 50% · QA 20%.');
    await userEvent.selectOptions(within(panel).getByLabelText('Subject group'), '');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply subject group' }));
    expect(within(panel).getByText('Choose a subject group.')).toBeInTheDocument();
  });
});

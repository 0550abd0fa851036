import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassRelation } from '@klase/core/classes/contracts';
import type { Journey } from '@klase/core/materials/contracts';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { ElementPage, ElementStudentModePage } from './element-page.tsx';
import {
  CLASS_ID,
  COURSE_ID,
  ELEMENT_1,
  ELEMENT_2,
  classFixture,
  courseFixture,
  journeyFixture,
  materialFixture,
  materialId,
} from '../../test/materials-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
const elementUrl = (elementId: string, material?: string, studentMode = false) =>
  `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${elementId}${studentMode ? '/student-mode' : ''}${material ? `?material=${material}` : ''}`;

/** The journey of a student who has just started: the page is current, everything after it locked. */
const startJourney = (): Journey => {
  const j = journeyFixture();
  const [first, second] = j.elements[0]!.stops;
  first!.state = 'current';
  first!.completedAt = null;
  second!.state = 'locked';
  return { ...j, completed: 0, percent: 0, currentMaterialId: materialId(1) };
};

const serve = (relation: ClassRelation, journey: Journey, extra: (u: string, method: string) => Response | null = () => null) =>
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    const answer = extra(u, method);
    if (answer) return answer;
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(classFixture(relation));
    if (u.startsWith(`/api/courses/${COURSE_ID}/journey`)) return jsonResponse(journey);
    if (u === `/api/courses/${COURSE_ID}`) return jsonResponse(courseFixture());
    if (u === `/api/materials/${materialId(1)}`) return jsonResponse(materialFixture());
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });

const renderAt = (path: string, queryClient = createTestQueryClient()) => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/courses/:courseId/element/:elementId', element: <ElementPage /> },
      { path: '/classes/:id/courses/:courseId/element/:elementId/student-mode', element: <ElementStudentModePage /> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return router;
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('element page', () => {
  it('shows a student the page material, records the view and follows the journey the server answers', async () => {
    const after = journeyFixture(); // the page done, the video current
    serve('student', startJourney(), (u, method) =>
      method === 'POST' && u === `/api/materials/${materialId(1)}/view` ? jsonResponse({ completedAt: '2026-06-10T01:00:00.000Z', journey: after }) : null,
    );
    renderAt(elementUrl(ELEMENT_1));
    expect(await screen.findByRole('heading', { name: 'Unit 1: Matter', level: 2 })).toBeInTheDocument();
    const content = await screen.findByTestId('rich-content');
    expect(within(content).getByRole('heading', { name: 'Matter' })).toBeInTheDocument();
    const link = within(content).getByRole('link', { name: 'more' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await waitFor(() => expect(calls()).toContain(`POST /api/materials/${materialId(1)}/view`));
    expect(calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
    // The answer's journey: the page is done and the next material opens.
    expect(await screen.findByRole('link', { name: /Next: States of matter video/ })).toHaveAttribute('href', elementUrl(ELEMENT_1, materialId(2)));
    const nav = screen.getByRole('navigation', { name: 'Materials of this element' });
    expect(within(nav).getByRole('link', { name: /What is matter\?/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /What is matter\?/ })).toHaveTextContent('Done');
  });

  it('keeps the next material open when an older journey read lands after the recorded view', async () => {
    const queryClient = createTestQueryClient();
    let journeyReads = 0;
    let answerLateRead: (r: Response) => void = () => undefined;
    serve('student', startJourney(), (u, method) => {
      if (method === 'GET' && u.startsWith(`/api/courses/${COURSE_ID}/journey`) && ++journeyReads === 2)
        return new Promise<Response>((resolve) => (answerLateRead = resolve)) as unknown as Response;
      if (method === 'POST' && u === `/api/materials/${materialId(1)}/view`) {
        // Another read of the journey begins before the visit is written, and answers after it.
        void queryClient.invalidateQueries();
        return jsonResponse({ completedAt: '2026-06-10T01:00:00.000Z', journey: journeyFixture() });
      }
      return null;
    });
    renderAt(elementUrl(ELEMENT_1), queryClient);
    expect(await screen.findByRole('link', { name: /Next: States of matter video/ })).toBeInTheDocument();
    expect(journeyReads).toBe(2);
    answerLateRead(jsonResponse(startJourney()));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('link', { name: /Next: States of matter video/ })).toBeInTheDocument();
    expect(screen.queryByText('Finish this material to open the next one.')).not.toBeInTheDocument();
  });

  it('before the view is recorded, says the next material is locked instead of linking to it', async () => {
    serve('student', startJourney(), (u, method) => (method === 'POST' ? (new Promise<Response>(() => {}) as unknown as Response) : null));
    renderAt(elementUrl(ELEMENT_1, materialId(1)));
    expect(await screen.findByText('Finish this material to open the next one.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Next:/ })).not.toBeInTheDocument();
  });

  it('shows the spec text for a locked material opened by its address, with the way to the current stop, and records nothing', async () => {
    serve('student', journeyFixture());
    renderAt(elementUrl(ELEMENT_2, materialId(3)));
    const locked = await screen.findByTestId('material-locked');
    expect(locked).toHaveTextContent('Sorry you need to finish previous course material');
    expect(within(locked).getByRole('link', { name: 'Go to States of matter video' })).toHaveAttribute('href', elementUrl(ELEMENT_1, materialId(2)));
    expect(calls().some((c) => c.includes(`/api/materials/${materialId(3)}`))).toBe(false);
  });

  it('shows the spec text when the server refuses a material as locked', async () => {
    const j = journeyFixture();
    j.elements[1]!.stops[0]!.state = 'open';
    serve('student', j, (u) => (u === `/api/materials/${materialId(3)}` ? jsonResponse({ code: 'MATERIAL_LOCKED', message: 'locked' }, 403) : null));
    renderAt(elementUrl(ELEMENT_2, materialId(3)));
    expect(await screen.findByText('Sorry you need to finish previous course material')).toBeInTheDocument();
    expect(calls().some((c) => c.startsWith('POST'))).toBe(false);
  });

  it("in the teacher's student mode, shows the banner and locks of a new student, records nothing and stays in the preview", async () => {
    serve('teacher', startJourney());
    renderAt(elementUrl(ELEMENT_1, undefined, true));
    expect(await screen.findByText('You are seeing this course as a student sees it')).toBeInTheDocument();
    expect(await screen.findByTestId('rich-content')).toBeInTheDocument();
    expect(calls()).toContain(`GET /api/courses/${COURSE_ID}/journey?as=student`);
    const nav = screen.getByRole('navigation', { name: 'Materials of this element' });
    expect(within(nav).getByRole('link', { name: /States of matter video/ })).toHaveAttribute('href', elementUrl(ELEMENT_1, materialId(2), true));
    expect(within(nav).getByRole('link', { name: /States of matter video/ })).toHaveTextContent('Locked');
    expect(calls().some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('shows staff every material with its status and, for teachers, an Edit button', async () => {
    serve('teacher', journeyFixture());
    renderAt(elementUrl(ELEMENT_1, materialId(1)));
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/update-material/${materialId(1)}`,
    );
    expect(calls()).toContain(`GET /api/courses/${COURSE_ID}`);
    expect(calls().some((c) => c.includes('/journey'))).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Materials of this element' });
    expect(within(nav).getByRole('link', { name: /States of matter video/ })).toHaveTextContent('Unpublished');
    expect(calls().some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('answers not-found for an element the student cannot see', async () => {
    serve('student', journeyFixture());
    const router = renderAt(elementUrl('66666666-6666-4666-8666-666666666666'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassRelation } from '@klase/core/classes/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { JourneyView } from './journey-view.tsx';
import { layoutJourney } from './journey-layout.ts';
import { journeyStops } from './journey-state.ts';
import { CLASS_ID, COURSE_ID, ELEMENT_1, classFixture, journeyFixture, materialId } from '../../test/materials-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();

const renderJourney = (relation: ClassRelation, studentMode = false) => {
  fetchMock.mockImplementation(async (url) => {
    const u = String(url);
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(classFixture(relation));
    if (u.startsWith(`/api/courses/${COURSE_ID}/journey`)) return jsonResponse(journeyFixture());
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  const router = createMemoryRouter([{ path: '/', element: <JourneyView classId={CLASS_ID} courseId={COURSE_ID} studentMode={studentMode} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('journey view', () => {
  it("lists every stop with its state in words, marks the student's current stop and links only the reachable ones", async () => {
    renderJourney('student');
    expect(await screen.findByText('1 of 4 completed (25 %)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 of 4 completed (25 %)' })).toHaveAttribute('aria-valuenow', '25');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(`/api/courses/${COURSE_ID}/journey`);

    const list = screen.getByRole('region', { name: 'The path, stop by stop' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/What is matter\?.*Lesson page.*Done/),
      expect.stringMatching(/States of matter video.*Video link.*You are here/),
      expect.stringMatching(/Energy quiz.*Quiz.*Locked/),
      expect.stringMatching(/Field trip.*Activity.*Opens Mar 4, 2030/),
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((li) => li.getAttribute('aria-current'))).toHaveLength(1);
    expect(within(items[0]!).getByRole('link', { name: 'What is matter?' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_1}?material=${materialId(1)}`,
    );
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: 'Energy quiz' })).toBeInTheDocument();
    expect(within(items[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Unit 2: Energy' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_1}?material=${materialId(2)}`,
    );
    // The picture repeats the list and is hidden from assistive technology.
    expect(screen.getByTestId('journey-map')).toHaveAttribute('aria-hidden', 'true');
  });

  it('tapping a locked stop says to finish the previous material first and links the one to finish', async () => {
    renderJourney('student');
    const list = await screen.findByRole('region', { name: 'The path, stop by stop' });
    await userEvent.click(within(list).getByRole('button', { name: 'Energy quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Energy quiz' });
    expect(within(dialog).getByText('Sorry you need to finish previous course material')).toBeInTheDocument();
    expect(within(dialog).getByText('Finish this material first:')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'States of matter video' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_1}?material=${materialId(2)}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the teacher's preview of a new student and keeps its links in student mode", async () => {
    renderJourney('teacher', true);
    const cont = await screen.findByRole('link', { name: 'Continue' });
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(`/api/courses/${COURSE_ID}/journey?as=student`);
    expect(cont).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_1}/student-mode?material=${materialId(2)}`);
  });

  it('winds the path across a wide map and runs it straight down a narrow one, with a signpost per element', () => {
    const stops = journeyStops(journeyFixture());
    const wide = layoutJourney(stops, 900, false);
    expect(new Set(wide.stops.map((s) => s.x)).size).toBeGreaterThan(1);
    expect(wide.banners.map((b) => b.name)).toEqual(['Unit 1: Matter', 'Unit 2: Energy']);
    expect(wide.segments).toHaveLength(3);
    expect(wide.segments.map((s) => s.walked)).toEqual([true, false, false]);
    const narrow = layoutJourney(stops, 320, true);
    expect(new Set(narrow.stops.map((s) => s.x))).toEqual(new Set([30]));
    expect(narrow.stops.every((s, i) => i === 0 || s.y > narrow.stops[i - 1]!.y)).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassCourseRow, ClassDetails } from '@klase/core/classes/contracts';
import { jsonResponse, renderWithProviders } from '../../components/test-utils.tsx';
import { ClassCoursesTab } from './class-courses-tab.tsx';
import { CLASS_ID, classDetailsFixture } from './class-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let courses: ClassCourseRow[];

const course = (over: Partial<ClassCourseRow>): ClassCourseRow => ({
  id: 'k1',
  name: 'Science 7',
  code: 'SCI7-RIZAL',
  description: '',
  gradeLevel: 'Grade 7',
  subject: 'Science',
  published: true,
  status: 'PUBLISHED',
  elementCount: 4,
  materialCount: 1,
  updatedAt: '2026-06-10T01:00:00.000Z',
  ...over,
});

const renderTab = () => {
  const router = createMemoryRouter([{ path: '/classes/:id/courses', element: <ClassCoursesTab /> }], { initialEntries: [`/classes/${CLASS_ID}/courses`] });
  renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  details = classDetailsFixture();
  courses = [course({}), course({ id: 'k2', name: 'Math 7', code: 'MATH7', subject: null, published: false, status: 'UNPUBLISHED', elementCount: 1, materialCount: 0 })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url) === `/api/classes/${CLASS_ID}`) return jsonResponse(details);
    if (String(url) === `/api/classes/${CLASS_ID}/courses`) return jsonResponse(courses);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ClassCoursesTab', () => {
  it('shows staff each course with code, subject, counts and its published state, without dead links', async () => {
    renderTab();
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Science 7');
    expect(cards[0]).toHaveTextContent('SCI7-RIZAL');
    expect(cards[0]).toHaveTextContent('Subject: Science');
    expect(cards[0]).toHaveTextContent('4 elements');
    expect(cards[0]).toHaveTextContent('1 material');
    expect(await within(cards[0]!).findByText('Published')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Unpublished')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('0 materials');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a student no status chips', async () => {
    details = classDetailsFixture({ relation: 'student', join: null });
    courses = [course({})];
    renderTab();
    const [card] = await screen.findAllByTestId('course-card');
    expect(within(card!).queryByText('Published')).not.toBeInTheDocument();
  });

  it('says "No records found." when there are no courses', async () => {
    courses = [];
    renderTab();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No records found.');
  });
});

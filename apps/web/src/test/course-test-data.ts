import type { CourseDetails, CourseRow, ElementDetails } from '@klase/core/courses/contracts';
import { CLASS_ID } from './class-test-data.ts';

export { CLASS_ID };
export const COURSE_ID = '77777777-7777-4777-8777-777777777777';
export const ELEMENT_IDS = ['e1e1e1e1-1111-4111-8111-111111111111', 'e2e2e2e2-2222-4222-8222-222222222222', 'e3e3e3e3-3333-4333-8333-333333333333'] as const;

/** A row of `GET /api/courses` as a teacher of the class gets it. */
export const courseRowFixture = (over: Partial<CourseRow> = {}): CourseRow => ({
  id: COURSE_ID,
  classId: CLASS_ID,
  className: 'Grade 7 Rizal',
  name: 'Science 7',
  code: 'SCI7-RIZAL',
  description: '',
  gradeLevel: 'Grade 7',
  subject: 'Science',
  published: true,
  status: 'PUBLISHED',
  job: null,
  sequential: true,
  shared: false,
  imageUrl: null,
  elementCount: 3,
  materialCount: 2,
  percent: null,
  updatedAt: '2026-06-10T01:00:00.000Z',
  ...over,
});

export const elementFixture = (i: number, over: Partial<ElementDetails> = {}): ElementDetails => ({
  version: 1,
  id: ELEMENT_IDS[i]!,
  name: `Week ${i + 1}`,
  type: 'basic',
  position: i,
  published: true,
  status: 'PUBLISHED',
  assignees: { mode: 'everyone', students: [], groups: [] },
  materials: [],
  ...over,
});

/** `GET /api/courses/:courseId` for one of the class's teachers: three elements, two materials in the first. */
export const courseDetailsFixture = (over: Partial<CourseDetails> = {}): CourseDetails => ({
  version: 1,
  ...courseRowFixture(),
  schoolId: '66666666-6666-4666-8666-666666666666',
  categoryId: null,
  categoryName: null,
  elements: [
    elementFixture(0, {
      materials: [
        {
          id: 'a1a1a1a1-1111-4111-8111-111111111111',
          name: 'Cells reading',
          type: 'page',
          position: 0,
          published: true,
          status: 'PUBLISHED',
          dueAt: null,
          availableFrom: null,
        },
        {
          id: 'a2a2a2a2-2222-4222-8222-222222222222',
          name: 'Cell diagram',
          type: 'assignment',
          position: 1,
          published: false,
          status: 'UNPUBLISHED',
          dueAt: '2026-06-20T08:00:00.000Z',
          availableFrom: null,
        },
      ],
    }),
    elementFixture(1, { type: 'lesson', assignees: { mode: 'groups', students: [], groups: [{ id: 'g1', name: 'Red team' }] } }),
    elementFixture(2, { published: false, status: 'UNPUBLISHED' }),
  ],
  can: { manage: true, viewStudentMode: true },
  createdAt: '2026-06-01T01:00:00.000Z',
  createdBy: 'Maria Santos',
  updatedBy: 'Maria Santos',
  ...over,
});

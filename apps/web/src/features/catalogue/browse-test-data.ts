import type { ClassDetails } from '@klase/core/classes/contracts';
import type { AvailableCourseRow, CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/test-utils.tsx';
import { classDetailsFixture } from '../../test/class-test-data.ts';
import { courseRowFixture } from '../../test/course-test-data.ts';
import { materialFixture as materialsFixture } from '../../test/materials-test-data.ts';

/** Test data of the teachers' catalogue pages: a class, two categories, catalogue courses, one course's details. */
export const CLASS_ID = '55555555-5555-4555-8555-555555555555';
export const OTHER_CLASS_ID = '56565656-5656-4565-8565-565656565656';
export const SCIENCE_CAT = 'c1c1c1c1-1111-4111-8111-111111111111';
export const MATH_CAT = 'c2c2c2c2-2222-4222-8222-222222222222';
export const CAT_COURSE_ID = '90909090-9090-4909-8909-909090909090';
export const COPY_ID = '88888888-8888-4888-8888-888888888888';
export const ELEMENT_ID = 'e1e1e1e1-1111-4111-8111-111111111111';
export const EMPTY_ELEMENT_ID = 'e2e2e2e2-2222-4222-8222-222222222222';
export const PAGE_ID = 'a1a1a1a1-1111-4111-8111-111111111111';
export const LINK_ID = 'a2a2a2a2-2222-4222-8222-222222222222';
export const COPY_MESSAGE = 'Course copy started.';

/** The class as its teacher reads it (no join panel needed here). */
export const classFixture = (over: Partial<ClassDetails> = {}): ClassDetails => classDetailsFixture({ id: CLASS_ID, join: null, ...over });

export const categoriesFixture = (): CategoryRow[] => [
  { id: MATH_CAT, name: 'Mathematics', description: '', courseCount: 2 },
  { id: SCIENCE_CAT, name: 'Science', description: 'Life and physical sciences.', courseCount: 3 },
];

export const catalogueRowFixture = (over: Partial<CatalogueCourseRow> = {}): CatalogueCourseRow => ({
  ...courseRowFixture({
    id: CAT_COURSE_ID,
    classId: null,
    className: null,
    name: 'Living Things',
    code: 'REX-SCI7',
    description: 'Cells, organisms and ecosystems.',
    elementCount: 2,
  }),
  categoryId: SCIENCE_CAT,
  categoryName: 'Science',
  ...over,
});

/** `GET /api/courses/:courseId` of the catalogue course, as a teacher reads it. */
export const catalogueDetailsFixture = (over: Partial<CourseDetails> = {}): CourseDetails => ({
  version: 1,
  ...catalogueRowFixture(),
  schoolId: null,
  elements: [
    {
      version: 1,
      id: ELEMENT_ID,
      name: 'Week 1: Cells',
      type: 'lesson',
      position: 0,
      published: true,
      status: 'PUBLISHED',
      assignees: { mode: 'everyone', students: [], groups: [] },
      materials: [
        { id: PAGE_ID, name: 'What is a cell?', type: 'page', position: 0, published: true, status: 'PUBLISHED', dueAt: null, availableFrom: null },
        { id: LINK_ID, name: 'Cell explorer', type: 'link', position: 1, published: true, status: 'PUBLISHED', dueAt: null, availableFrom: null },
      ],
    },
    {
      version: 1,
      id: EMPTY_ELEMENT_ID,
      name: 'Week 2: Organisms',
      type: 'basic',
      position: 1,
      published: true,
      status: 'PUBLISHED',
      assignees: { mode: 'everyone', students: [], groups: [] },
      materials: [],
    },
  ],
  can: { manage: false, viewStudentMode: false },
  createdAt: '2026-06-01T01:00:00.000Z',
  createdBy: 'Rex Admin',
  updatedBy: 'Rex Admin',
  ...over,
});

export const materialFixture = (over: Partial<MaterialDetails> = {}): MaterialDetails =>
  materialsFixture({
    id: PAGE_ID,
    courseId: CAT_COURSE_ID,
    classId: null,
    elementId: ELEMENT_ID,
    elementName: 'Week 1: Cells',
    name: 'What is a cell?',
    contentHtml: '<p>A cell is the smallest unit of life.</p>',
    ...over,
  });

export const availableRowFixture = (over: Partial<AvailableCourseRow> = {}): AvailableCourseRow => ({
  id: CAT_COURSE_ID,
  source: 'catalogue',
  name: 'Living Things',
  code: 'REX-SCI7',
  description: '',
  gradeLevel: 'Grade 7',
  subject: 'Science',
  imageUrl: null,
  elementCount: 2,
  materialCount: 2,
  className: null,
  teacherName: null,
  categoryName: 'Science',
  updatedAt: '2026-06-10T01:00:00.000Z',
  ...over,
});

export const NOT_FOUND = () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);

/** A stubbed `fetch` recording its calls; `calls()` lists them decoded, `writes()` only the non-GET ones. */
export const stubFetch = () => {
  const mock = vi.fn<typeof fetch>();
  const calls = () =>
    mock.mock.calls.map(([u, init]) => ({
      url: decodeURIComponent(String(u)),
      method: init?.method ?? 'GET',
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
  return { mock, calls, writes: () => calls().filter((c) => c.method !== 'GET') };
};

/** A response the test sends when it wants (to see what the page shows meanwhile). */
export const deferred = () => {
  let resolve: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

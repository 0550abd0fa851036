import type { ClassDetails, ClassRelation } from '@klase/core/classes/contracts';
import type { MaterialType } from '@klase/core/class-work/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { Journey, MaterialDetails, StopState } from '@klase/core/materials/contracts';
import { classDetailsFixture } from './class-test-data.ts';
import { courseRowFixture } from './course-test-data.ts';

export const CLASS_ID = '11111111-1111-4111-8111-111111111111';
export const COURSE_ID = '22222222-2222-4222-8222-222222222222';
export const ELEMENT_1 = '33333333-3333-4333-8333-333333333331';
export const ELEMENT_2 = '33333333-3333-4333-8333-333333333332';
export const UPLOAD_ID = '44444444-4444-4444-8444-444444444444';
export const materialId = (n: number) => `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`;

/** The class as its teacher, a student or a parent gets it (only the relation matters here). */
export const classFixture = (relation: ClassRelation): ClassDetails => classDetailsFixture({ id: CLASS_ID, relation, join: null });

const material = (n: number, name: string, type: MaterialType, published = true) => ({
  id: materialId(n),
  name,
  type,
  position: n,
  published,
  status: published ? ('PUBLISHED' as const) : ('UNPUBLISHED' as const),
  dueAt: null,
  availableFrom: null,
});

export const courseFixture = (manage = true): CourseDetails => ({
  version: 1,
  ...courseRowFixture({ id: COURSE_ID, classId: CLASS_ID, elementCount: 2, materialCount: 3 }),
  schoolId: 'school',
  categoryId: null,
  categoryName: null,
  elements: [
    {
      version: 1,
      id: ELEMENT_1,
      name: 'Unit 1: Matter',
      type: 'lesson',
      position: 1,
      published: true,
      status: 'PUBLISHED',
      assignees: { mode: 'everyone', students: [], groups: [] },
      materials: [material(1, 'What is matter?', 'page'), material(2, 'States of matter video', 'video', false)],
    },
    {
      version: 1,
      id: ELEMENT_2,
      name: 'Unit 2: Energy',
      type: 'basic',
      position: 2,
      published: true,
      status: 'PUBLISHED',
      assignees: { mode: 'everyone', students: [], groups: [] },
      materials: [material(3, 'Energy quiz', 'quiz')],
    },
  ],
  can: { manage, viewStudentMode: true },
  createdAt: '2026-06-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
});

const stop = (n: number, name: string, type: MaterialType, state: StopState, extra: { availableFrom?: string } = {}) => ({
  materialId: materialId(n),
  name,
  type,
  state,
  dueAt: null,
  availableFrom: extra.availableFrom ?? null,
  completedAt: state === 'done' ? '2026-06-10T01:00:00.000Z' : null,
});

/** A sequential course: one stop done, the second current, the rest locked or not yet available. */
export const journeyFixture = (): Journey => ({
  courseId: COURSE_ID,
  sequential: true,
  elements: [
    {
      id: ELEMENT_1,
      name: 'Unit 1: Matter',
      type: 'lesson',
      stops: [stop(1, 'What is matter?', 'page', 'done'), stop(2, 'States of matter video', 'video', 'current')],
    },
    {
      id: ELEMENT_2,
      name: 'Unit 2: Energy',
      type: 'basic',
      stops: [stop(3, 'Energy quiz', 'quiz', 'locked'), stop(4, 'Field trip', 'activity', 'unavailable', { availableFrom: '2030-03-04T12:00:00.000Z' })],
    },
  ],
  completed: 1,
  total: 4,
  percent: 25,
  currentMaterialId: materialId(2),
});

export const materialFixture = (over: Partial<MaterialDetails> = {}): MaterialDetails => ({
  version: 1,
  id: materialId(1),
  courseId: COURSE_ID,
  classId: CLASS_ID,
  elementId: ELEMENT_1,
  elementName: 'Unit 1: Matter',
  type: 'page',
  name: 'What is matter?',
  published: true,
  status: 'PUBLISHED',
  position: 1,
  availableFrom: null,
  contentHtml: '<h2>Matter</h2><p>Everything that has mass. See <a href="https://example.org/matter">more</a>.</p>',
  url: null,
  description: null,
  instructions: null,
  dueAt: null,
  maxPoints: null,
  file: null,
  completedAt: null,
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...over,
});

import type { AssignmentSettings, MySubmission, SubmissionDetails, SubmissionRow, SubmissionsAnswer } from '@klase/core/assignments/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { previewWork } from './student-work.tsx';

/** Fixtures of the assignment and activity tests (shapes of packages/core/src/assessments/assignments.ts). */

export const CLASS_ID = '11111111-1111-4111-8111-111111111111';
export const COURSE_ID = '22222222-2222-4222-8222-222222222222';
export const ELEMENT_ID = '33333333-3333-4333-8333-333333333333';
export const MATERIAL_ID = '44444444-4444-4444-8444-444444444444';
export const CHILD_ID = '55555555-5555-4555-8555-555555555555';
export const studentId = (n: number) => `66666666-6666-4666-8666-66666666666${n}`;

export const materialFixture = (over: Partial<MaterialDetails> = {}): MaterialDetails => ({
  version: 1,
  id: MATERIAL_ID,
  courseId: COURSE_ID,
  classId: CLASS_ID,
  elementId: ELEMENT_ID,
  elementName: 'Unit 1: Matter',
  type: 'assignment',
  name: 'Essay on states of matter',
  published: true,
  status: 'PUBLISHED',
  position: 1,
  availableFrom: null,
  contentHtml: null,
  url: null,
  description: null,
  instructions: '<p>Write one page.</p>',
  dueAt: '2099-06-20T15:59:00.000Z',
  maxPoints: 10,
  file: null,
  completedAt: null,
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...over,
});

export const fileFixture = (id: string, name: string, size = 2048) => ({
  id,
  name,
  size,
  mime: 'application/pdf',
  downloadUrl: `/api/materials/${MATERIAL_ID}/submission-files/${id}`,
});

export const settingsFixture = (over: Partial<AssignmentSettings> = {}): AssignmentSettings => ({
  version: 1,
  materialId: MATERIAL_ID,
  openAt: null,
  dueAt: '2099-06-20T15:59:00.000Z',
  allowLate: false,
  lateUntil: null,
  submissionType: 'files',
  maxFiles: 3,
  maxFileMb: 10,
  maxPoints: 10,
  attachments: [{ ...fileFixture('a1', 'rubric.pdf'), downloadUrl: `/api/materials/${MATERIAL_ID}/attachments/a1` }],
  ...over,
});

/** A student's work not started yet, open for editing and submitting. */
export const mySubmissionFixture = (over: Partial<MySubmission> = {}): MySubmission => ({
  ...previewWork(settingsFixture(), new Date('2026-06-01T00:00:00.000Z')),
  can: { edit: true, submit: true },
  ...over,
});

export const returnedFixture = (over: Partial<MySubmission> = {}): MySubmission =>
  mySubmissionFixture({
    state: 'returned',
    status: 'returned',
    files: [fileFixture('w1', 'my-essay.pdf')],
    submittedAt: '2026-06-10T02:00:00.000Z',
    submitCount: 1,
    grade: 8.5,
    feedbackHtml: '<p>Clear and well argued.</p>',
    feedbackFiles: [fileFixture('f1', 'comments.pdf')],
    returnedAt: '2026-06-12T02:00:00.000Z',
    can: { edit: false, submit: false },
    blockedBy: 'SUBMISSION_RETURNED',
    ...over,
  });

export const rowFixture = (n: number, over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  studentId: studentId(n),
  name: `Student ${n}`,
  photoUrl: null,
  submissionId: null,
  state: 'notSubmitted',
  submittedAt: null,
  late: false,
  fileCount: 0,
  grade: null,
  feedbackHtml: null,
  returnedAt: null,
  ...over,
});

/** Five students: one late, one on time, one graded, one returned, one missing. */
export const submissionsFixture = (): SubmissionsAnswer => ({
  materialId: MATERIAL_ID,
  maxPoints: 10,
  dueAt: '2026-06-20T15:59:00.000Z',
  counts: { total: 5, submitted: 4, late: 1, missing: 1, toGrade: 2, returned: 1 },
  rows: [
    rowFixture(1, { name: 'Ana Cruz', state: 'late', submittedAt: '2026-06-21T01:00:00.000Z', late: true, fileCount: 1, submissionId: 's1' }),
    rowFixture(2, { name: 'Ben Reyes', state: 'submitted', submittedAt: '2026-06-19T01:00:00.000Z', fileCount: 2, submissionId: 's2' }),
    rowFixture(3, { name: 'Carla Diaz', state: 'graded', submittedAt: '2026-06-18T01:00:00.000Z', fileCount: 1, grade: 7, submissionId: 's3' }),
    rowFixture(4, {
      name: 'Dan Lim',
      state: 'returned',
      submittedAt: '2026-06-17T01:00:00.000Z',
      fileCount: 1,
      grade: 9.5,
      returnedAt: '2026-06-22T01:00:00.000Z',
      submissionId: 's4',
    }),
    rowFixture(5, { name: 'Eva Santos', state: 'missing' }),
  ],
});

export const detailsFixture = (n: number, over: Partial<SubmissionDetails> = {}): SubmissionDetails => ({
  ...mySubmissionFixture({
    state: 'submitted',
    status: 'submitted',
    settings: settingsFixture({ submissionType: 'both' }),
    textHtml: '<p>Matter has three states.</p>',
    files: [fileFixture('w2', 'essay.pdf')],
    submittedAt: '2026-06-19T01:00:00.000Z',
    submitCount: 1,
    can: { edit: false, submit: false },
    blockedBy: null,
  }),
  studentId: studentId(n),
  studentName: `Student ${n}`,
  submissionId: 's2',
  gradedAt: null,
  gradedBy: null,
  ...over,
});

import { z } from 'zod';
import { MB } from '../constants.ts';
import { ROLE, type RoleId } from '../roles.ts';
import { tableQueryWith } from './common.ts';

/**
 * Bulk upload of users from CSV or XLSX (`/api/admin/bulk-jobs`, `/api/admin/bulk-template`).
 * Every row is validated with `createUserRequest` (users.ts), the schema of the single form.
 */

export const BULK_MAX_BYTES = 50 * MB;
/** Data rows in one file (the spec's message says 50,000); counted while the file is read. */
export const BULK_MAX_ROWS = 50_000;
/** An XLSX is a ZIP: the sum of its entries' unpacked sizes may not pass this (checked before unpacking). */
export const BULK_MAX_UNPACKED_BYTES = 100 * MB;
/** Entries in an XLSX archive (a real workbook has a few dozen). */
export const BULK_MAX_ZIP_ENTRIES = 1000;
/** The extra last column of the rejected-rows file; ignored when the file is uploaded again. */
export const BULK_REASON_COLUMN = 'rejectionReason';

/** The template's columns, in order. Headers match case-insensitively, in any order. */
export const BULK_COLUMNS = [
  'role',
  'username',
  'email',
  'salutation',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'employeeNumber',
  'gradeLevel',
  'section',
  'parentUsernames',
  'lrn',
  'sex',
  'birthDate',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
/**
 * The learner fields (LRN, sex, birth date), on student rows only: validated with `learnerFields`
 * (deped/contracts.ts), the body of `PUT /api/learners/:id`; the LRN is unique in the school
 * (`lrnTaken`, also against earlier rows of the file). A value on another role's row rejects the
 * row (`studentsOnly`). `sex` is matched case-insensitively (`male`, `female`, as the export writes).
 */
export const BULK_LEARNER_COLUMNS = ['lrn', 'sex', 'birthDate'] as const satisfies readonly BulkColumn[];
/** Columns a file must have (IMPORT_HEADERS otherwise); the others may be left out. */
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = ['role', 'username', 'email', 'firstName', 'lastName'];

/**
 * The `role` column: a role name or its id. Parents may be listed in `parentUsernames` of a
 * student, separated by `;` (they must exist in the school or come earlier in the file).
 */
export const BULK_ROLE_NAMES: Record<string, RoleId> = {
  teacher: ROLE.teacher,
  'assistant teacher': ROLE.assistantTeacher,
  student: ROLE.student,
  parent: ROLE.parent,
  'school admin': ROLE.schoolAdmin,
};

export const BULK_TEMPLATE_EXAMPLE: Record<BulkColumn, string>[] = [
  {
    role: 'parent',
    username: 'lreyes',
    email: 'lourdes.reyes@example.ph',
    salutation: 'Mrs.',
    firstName: 'Lourdes',
    middleName: '',
    lastName: 'Reyes',
    suffix: '',
    employeeNumber: '',
    gradeLevel: '',
    section: '',
    parentUsernames: '',
    lrn: '',
    sex: '',
    birthDate: '',
  },
  {
    role: 'student',
    username: 'jreyes',
    email: '',
    salutation: '',
    firstName: 'Juan',
    middleName: 'Santos',
    lastName: 'Reyes',
    suffix: 'Jr.',
    employeeNumber: '',
    gradeLevel: 'Grade 7',
    section: 'Sampaguita',
    parentUsernames: 'lreyes',
    lrn: '136512120001',
    sex: 'male',
    birthDate: '2013-06-24',
  },
  {
    role: 'teacher',
    username: 'mbautista',
    email: 'maria.bautista@example.ph',
    salutation: 'Ms.',
    firstName: 'Maria',
    middleName: '',
    lastName: 'Bautista',
    suffix: '',
    employeeNumber: 'T-0001',
    gradeLevel: '',
    section: '',
    parentUsernames: '',
    lrn: '',
    sex: '',
    birthDate: '',
  },
];

/**
 * A job's life: `queued` and `checking` (every row validated, nothing written: the preview),
 * `preview` (waits for the administrator), then `confirmed` and `running` (rows created), and
 * `done`; or `cancelled` from the preview, or `failed`.
 */
export const BULK_JOB_STATUSES = ['queued', 'checking', 'preview', 'confirmed', 'running', 'done', 'failed', 'cancelled'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/**
 * A rejected row: its number in the file (the header is row 1, so the first data row is 2), the
 * column (`field`, a template column name, or `row`), the key (a `validation` key or an error
 * code such as USERNAME_EXISTS) and the translated message.
 */
export const bulkRowIssue = z.object({
  row: z.number(),
  field: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type BulkRowIssue = z.infer<typeof bulkRowIssue>;

export const bulkJob = z.object({
  id: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  schoolId: z.string(),
  schoolName: z.string(),
  fileName: z.string(),
  /** Data rows in the file. */
  total: z.number(),
  /** Rows validated so far (progress = processed / total), in the check and again in the import. */
  processed: z.number(),
  /** Users created; in `preview`, the users that the confirmation will create. */
  created: z.number(),
  /** Rows not created (invalid, or a username or email that already exists); in `preview`, those that would not be. */
  rejectedCount: z.number(),
  createdById: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;

/** `GET /api/admin/bulk-jobs/:id`: the job and every rejected row (sorted by row). */
export const bulkJobDetails = bulkJob.extend({ rejected: z.array(bulkRowIssue) });
export type BulkJobDetails = z.infer<typeof bulkJobDetails>;

/** `POST /api/admin/bulk-jobs?schoolId=...` (schoolId for platform administrators only). */
export const bulkUploadQuery = z.object({ schoolId: z.uuid().optional() });
export const bulkTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export const bulkJobTableQuery = tableQueryWith({ schoolId: z.uuid().optional() });
export const BULK_JOB_SORTS = ['createdAt', 'fileName', 'status', 'total', 'created', 'rejectedCount'] as const;

export const isBulkJobFinished = (s: BulkJobStatus): boolean => s === 'done' || s === 'failed' || s === 'cancelled';
/** Nothing moves until the administrator answers (the SPA stops polling). */
export const isBulkJobWaiting = (s: BulkJobStatus): boolean => s === 'preview' || isBulkJobFinished(s);
/** `GET /api/admin/bulk-jobs/:id/rejected?format=`: the rejected rows (default: the uploaded file's format). */
export const bulkRejectedQuery = z.object({ format: z.enum(['csv', 'xlsx']).optional() });

import { z } from 'zod';
import { tablePage } from '../table.ts';
import { V, requiredText } from '../validation/rules.ts';

/**
 * Activity tracking and reports (issue 21). Pages: `#/reports` (class report, material report,
 * student report, at-risk students, charts), with a navigation entry for teachers, assistant
 * teachers, school administrators and the lsg supervisor.
 *
 * Who reads what (anything else answers 404 `NOT_FOUND`, ids cannot be probed):
 * - a teacher or assistant teacher: the classes they teach (a course or student of another class: 404);
 * - a school administrator: every class of their school;
 * - the lsg supervisor: every class of their customer's schools, read only (any write, such as the
 *   at-risk message, answers 403 `FORBIDDEN`);
 * - students and parents: no report route (403); students send heartbeats.
 *
 * Activity:
 * - Last system access: set on any signed-in request, written at most once per
 *   `LAST_ACCESS_WRITE_EVERY_S` per user (so tracking costs nothing on most requests).
 * - Time on a material: the open material page sends a heartbeat every `HEARTBEAT_INTERVAL_S` while
 *   the page is visible (paused when the tab is hidden or the device sleeps); each beat reports the
 *   seconds actually visible since the last beat, capped at `HEARTBEAT_MAX_SECONDS` by the schema and
 *   again by the server (a beat never adds more than the time since the user's previous beat). A beat
 *   for a material the user cannot open answers 404 and writes nothing; more than
 *   `HEARTBEAT_MAX_PER_MINUTE` beats a minute answer 429 `RATE_LIMITED` and write nothing.
 * - Raw rows are kept `ACTIVITY_RETENTION_DAYS` (config `ACTIVITY_RETENTION_DAYS`) and rolled up per
 *   user, material and day by a background job, so reports stay fast for a whole school year.
 *
 * Dates: `from` and `to` are calendar dates (`YYYY-MM-DD`) in the school's time zone, both included;
 * `to` before `from` is the field error `notBeforeStart` on `to`; more than `REPORT_RANGE_MAX_DAYS`
 * days is the field error `dateRangeTooLong` on `to`. Without a range: the last 30 days.
 */

export const HEARTBEAT_INTERVAL_S = 30;
export const HEARTBEAT_MAX_SECONDS = 60;
export const HEARTBEAT_MAX_PER_MINUTE = 12;
export const LAST_ACCESS_WRITE_EVERY_S = 300;
export const ACTIVITY_RETENTION_DAYS = 120;
export const REPORT_RANGE_MAX_DAYS = 731;
export const REPORT_DEFAULT_DAYS = 30;
export const AT_RISK_DEFAULT_INACTIVE_DAYS = 7;
export const AT_RISK_DEFAULT_MISSING = 3;
export const AT_RISK_MESSAGE_MAX = 2000;

export const HEARTBEAT_PATH = '/api/activity/heartbeat';
export const REPORT_SCOPES_PATH = '/api/reports/classes';
export const reportClassOptionsPath = (classId: string) => `/api/reports/classes/${classId}/options`;
export const CLASS_REPORT_PATH = '/api/reports/class';
export const CLASS_CHARTS_PATH = '/api/reports/class/charts';
export const MATERIAL_REPORT_PATH = '/api/reports/materials';
export const studentReportPath = (studentId: string) => `/api/reports/students/${studentId}`;
export const AT_RISK_PATH = '/api/reports/at-risk';
export const AT_RISK_MESSAGE_PATH = '/api/reports/at-risk/message';
/** `GET {CLASS_REPORT_PATH}/export?format=csv|xlsx&<same filters and sort>` (and the same for materials). */
export const reportExportPath = (report: 'class' | 'materials') => `/api/reports/${report}/export`;

const uuid = z.string().uuid({ error: V.invalidChoice });
const dateRe = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => dateRe.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
export const reportDate = z.string().refine(realDate, { error: V.invalidChoice });

/** `POST HEARTBEAT_PATH` → 204. */
export const heartbeatSchema = z.object({
  materialId: uuid,
  /** Seconds the page was visible since the previous beat (or since it opened). */
  seconds: z.number().int().min(1).max(HEARTBEAT_MAX_SECONDS),
});
export type HeartbeatInput = z.infer<typeof heartbeatSchema>;

const dayNumber = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/**
 * The filters every report takes in its query string (beside the table contract's sortBy, sortOrder,
 * search, page, rowsperpage): `classId` (required), `courseId`, `groupId`, `studentId`, `from`, `to`.
 */
export const reportFilterSchema = z
  .object({
    classId: uuid,
    courseId: uuid.optional(),
    groupId: uuid.optional(),
    studentId: uuid.optional(),
    from: reportDate.optional(),
    to: reportDate.optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.from || !f.to) return;
    const span = dayNumber(f.to) - dayNumber(f.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: V.notBeforeStart });
    else if (span + 1 > REPORT_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: V.dateRangeTooLong });
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** `GET REPORT_SCOPES_PATH` (table contract, search by class or school name): the classes the caller may report on. */
export const reportClassRow = z.object({
  id: z.string(),
  name: z.string(),
  schoolName: z.string(),
  studentCount: z.number(),
});
export const reportClassPage = tablePage(reportClassRow);
export type ReportClassRow = z.infer<typeof reportClassRow>;

/** `GET reportClassOptionsPath(classId)`: what the filters offer for one class. */
export const reportClassOptions = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  students: z.array(z.object({ id: z.string(), fullName: z.string() })),
  /** The school's IANA time zone: the dates of every report are days there. */
  timeZone: z.string(),
});
export type ReportClassOptions = z.infer<typeof reportClassOptions>;

/**
 * `GET CLASS_REPORT_PATH`: one row per student of the class (narrowed by group or student).
 * Sort keys: `fullName` (default), `lastSystemAccess`, `lastMaterialAccess`, `totalSeconds`, `submitted`, `missing`.
 * `submitted` of `totalSubmissions`: the submittable materials (assignment, quiz, activity) assigned to
 * the student in the class's courses (narrowed by course) that are handed in; `missing`: past due and
 * not handed in. `totalSeconds` and `lastMaterialAccess` count the date range.
 */
export const classReportRow = z.object({
  studentId: z.string(),
  fullName: z.string(),
  lastSystemAccess: z.string().nullable(),
  lastMaterialAccess: z.string().nullable(),
  lastMaterialTitle: z.string().nullable(),
  totalSeconds: z.number(),
  submitted: z.number(),
  totalSubmissions: z.number(),
  missing: z.number(),
});
export const classReportPage = tablePage(classReportRow);
export type ClassReportRow = z.infer<typeof classReportRow>;

/**
 * `GET MATERIAL_REPORT_PATH`: one row per (student, material) of the class's courses (narrowed by
 * course, group, student). Sort keys: `fullName` (default), `materialTitle`, `dueDate`, `lastAccess`,
 * `totalSeconds`, `submitted`. `filter[key]=status` with values `submitted`, `late`, `missing`, `notDue`.
 */
export const materialReportRow = z.object({
  studentId: z.string(),
  fullName: z.string(),
  materialId: z.string(),
  materialTitle: z.string(),
  materialType: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  dueDate: z.string().nullable(),
  lastAccess: z.string().nullable(),
  totalSeconds: z.number(),
  /** Null for materials that take no submission (lessons, files, links). */
  submitted: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  status: z.enum(['submitted', 'late', 'missing', 'notDue', 'none']),
});
export const materialReportPage = tablePage(materialReportRow);
export type MaterialReportRow = z.infer<typeof materialReportRow>;

/** `GET studentReportPath(studentId)?classId=&from=&to=`: one learner across the courses of the class. */
export const studentReport = z.object({
  student: z.object({ id: z.string(), fullName: z.string(), lastSystemAccess: z.string().nullable() }),
  courses: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lastAccess: z.string().nullable(),
      totalSeconds: z.number(),
      submitted: z.number(),
      totalSubmissions: z.number(),
      late: z.number(),
      missing: z.number(),
    }),
  ),
  /** Seconds per day of the range (days with none are listed with 0), for the chart. */
  daily: z.array(z.object({ date: z.string(), seconds: z.number() })),
});
export type StudentReport = z.infer<typeof studentReport>;

/** `GET CLASS_CHARTS_PATH` (same filters as the class report). */
export const classCharts = z.object({
  /** Per day of the range: submissions handed in up to that day (cumulative) of the total assigned. */
  completion: z.array(z.object({ date: z.string(), submitted: z.number(), total: z.number() })),
  /** Per submittable material (due date order, at most 30): students on time, late, missing, not yet due. */
  perMaterial: z.array(z.object({ materialId: z.string(), title: z.string(), onTime: z.number(), late: z.number(), missing: z.number(), notDue: z.number() })),
  /** Per student (most time first): seconds on materials in the range. */
  timePerStudent: z.array(z.object({ studentId: z.string(), fullName: z.string(), seconds: z.number() })),
});
export type ClassCharts = z.infer<typeof classCharts>;

/**
 * `GET AT_RISK_PATH?classId=&inactiveDays=&missing=` (table contract): students of the class with no
 * system access in `inactiveDays` days (never signed in counts) or with at least `missing` missing
 * submissions. `reasons` says which. Sort keys: `fullName` (default), `lastSystemAccess`,
 * `daysInactive`, `missing` (the page asks for most missing first).
 */
export const atRiskQuerySchema = z.object({
  classId: uuid,
  inactiveDays: z.coerce.number().int().min(1).max(365).default(AT_RISK_DEFAULT_INACTIVE_DAYS),
  missing: z.coerce.number().int().min(1).max(100).default(AT_RISK_DEFAULT_MISSING),
});
export const atRiskRow = z.object({
  studentId: z.string(),
  fullName: z.string(),
  lastSystemAccess: z.string().nullable(),
  /** Whole days since the last access; null when never signed in. */
  daysInactive: z.number().nullable(),
  missing: z.number(),
  parentCount: z.number(),
  reasons: z.array(z.enum(['inactive', 'missing'])),
});
export const atRiskPage = tablePage(atRiskRow);
export type AtRiskRow = z.infer<typeof atRiskRow>;

/**
 * `POST AT_RISK_MESSAGE_PATH`: one direct message (through messaging, so the usual notifications and
 * e-mail preferences apply) from the caller to each chosen student of the class and, with
 * `includeParents`, to each of their linked parents. Students not in the class: 404. Answers
 * `{ sent }`, the number of people messaged. The lsg: 403.
 */
export const atRiskMessageSchema = z.object({
  classId: uuid,
  studentIds: z.array(uuid).min(1, { error: V.required }).max(200),
  includeParents: z.boolean(),
  text: requiredText(AT_RISK_MESSAGE_MAX),
});
export type AtRiskMessageInput = z.infer<typeof atRiskMessageSchema>;
export const atRiskMessageResult = z.object({ sent: z.number() });

/**
 * The guided tour (one per role), remembered on the server and sent in the session info as `tour`:
 * `status` `new` (never started: the welcome dialog offers it), `active` (started, at `step`; it
 * resumes there on the next visit), `skipped` or `finished` (it does not come back on its own; the
 * help menu replays it from the start). `PUT TOUR_PATH` saves it → 204.
 */
export const TOUR_PATH = '/api/account/tour';
export const tourState = z.object({
  status: z.enum(['new', 'active', 'skipped', 'finished']),
  step: z.number().int().min(0).max(50),
});
export type TourState = z.infer<typeof tourState>;

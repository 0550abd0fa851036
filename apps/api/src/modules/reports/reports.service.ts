import { DomainError } from '@klase/core/errors';
import { wallClockFields } from '@klase/core/calendar/wall-clock';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_RANGE_MAX_DAYS,
  type AtRiskRow,
  type ClassCharts,
  type ClassReportRow,
  type MaterialReportRow,
  type ReportClassOptions,
  type ReportClassRow,
  type ReportFilter,
  type StudentReport,
} from '@klase/core/reports/contracts';
import { ROLE } from '@klase/core/roles';
import type { ParsedTableQuery, TablePage } from '@klase/core/table';
import { V } from '@klase/core/validation/rules';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { scopeOf } from '../admin/admin-scope.ts';
import { loadReportAccess, type ReportAccess } from './report-access.ts';
import type { ReportScope } from './report-sql.repo.ts';
import {
  atRiskRows,
  classReportRows,
  completionByDay,
  dailySeconds,
  materialReportRows,
  perMaterialCounts,
  secondsPerStudent,
  studentBrief,
  studentCourseRows,
  type Window,
} from './reports.repo.ts';
import { belongsToClass, classOptionRows, listReportClasses } from './scope.repo.ts';

/** The reports of a class (issue 21, decision 0062): access, the date range, and the answers. */

const DAY_MS = 86_400_000;
const dayNumber = (s: string): number => Date.parse(`${s}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Today in the school's time zone, as `YYYY-MM-DD`. */
export const todayIn = (timeZone: string, now = new Date()): string => {
  const w = wallClockFields(now, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

const rangeError = (key: string) => new DomainError('VALIDATION', { fields: [{ path: 'to', key }] });

/** The range of a filter: both days as given, else the last `REPORT_DEFAULT_DAYS` days up to today (or up to `to`). */
export const resolveRange = (f: Pick<ReportFilter, 'from' | 'to'>, timeZone: string, now = new Date()): { from: string; to: string } => {
  const to = f.to ?? todayIn(timeZone, now);
  const from = f.from ?? dateOf(dayNumber(to) - (REPORT_DEFAULT_DAYS - 1));
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) throw rangeError(V.notBeforeStart);
  if (span + 1 > REPORT_RANGE_MAX_DAYS) throw rangeError(V.dateRangeTooLong);
  return { from, to };
};

export interface Resolved {
  access: ReportAccess;
  scope: ReportScope;
}

/** The caller's access to the class, the filters checked against it (another class's course, group or student: 404) and the range. */
export const resolveReport = async (db: Db, user: UserRow, f: ReportFilter): Promise<Resolved> => {
  const access = await loadReportAccess(db, user, f.classId);
  if (!(await belongsToClass(db, f.classId, { courseId: f.courseId, groupId: f.groupId, studentId: f.studentId }))) throw new DomainError('NOT_FOUND');
  const range = resolveRange(f, access.cls.timeZone);
  return { access, scope: { classId: f.classId, courseId: f.courseId, groupId: f.groupId, studentId: f.studentId, ...range } };
};

const windowOf = (q: ParsedTableQuery): Window | null => (q.paginated ? { limit: q.rowsperpage, offset: (q.page - 1) * q.rowsperpage } : null);

const pageOf = <R extends { total: number }, T>(rows: R[], q: ParsedTableQuery, map: (r: R) => T): TablePage<T> => ({
  data: rows.map(map),
  pagination: { page: q.paginated ? q.page : 1, totalcount: rows[0]?.total ?? 0 },
});

/** `GET /api/reports/classes`: the classes the caller may report on. */
export const reportClasses = async (db: Db, user: UserRow, q: ParsedTableQuery): Promise<TablePage<ReportClassRow>> => {
  const teaching = user.roleId === ROLE.teacher || user.roleId === ROLE.assistantTeacher;
  const rows = await listReportClasses(db, teaching ? { kind: 'teaching', userId: user.id } : { kind: 'admin', scope: scopeOf(user) }, q);
  return pageOf(rows, q, ({ total: _total, ...row }) => row);
};

export const reportClassOptions = async (db: Db, user: UserRow, classId: string): Promise<ReportClassOptions> => {
  const access = await loadReportAccess(db, user, classId);
  return { ...(await classOptionRows(db, classId)), timeZone: access.cls.timeZone };
};

export const classReport = async (db: Db, user: UserRow, f: ReportFilter, q: ParsedTableQuery): Promise<TablePage<ClassReportRow>> => {
  const { scope } = await resolveReport(db, user, f);
  const rows = await classReportRows(db, scope, q, windowOf(q));
  return pageOf(rows, q, ({ total: _total, ...row }) => row);
};

export const MATERIAL_STATUSES = ['submitted', 'late', 'missing', 'notDue'] as const;

const statusFilter = (q: ParsedTableQuery): string[] | undefined => {
  if (q.filter?.key !== 'status') return undefined;
  const wanted = q.filter.values.filter((v) => (MATERIAL_STATUSES as readonly string[]).includes(v));
  if (wanted.length !== q.filter.values.length) throw new DomainError('VALIDATION', { fields: [{ path: 'filter[values][]', key: V.invalidChoice }] });
  return wanted;
};

export const materialReport = async (db: Db, user: UserRow, f: ReportFilter, q: ParsedTableQuery): Promise<TablePage<MaterialReportRow>> => {
  const { scope } = await resolveReport(db, user, f);
  const rows = await materialReportRows(db, scope, { ...q, statuses: statusFilter(q) }, windowOf(q));
  return pageOf(rows, q, ({ total: _total, ...row }) => row);
};

/** The rows of an export: the report's query without paging (one class: hundreds or a few thousand rows). */
export const classReportAll = async (db: Db, user: UserRow, f: ReportFilter, q: ParsedTableQuery) => {
  const { access, scope } = await resolveReport(db, user, f);
  return { className: access.cls.name, range: { from: scope.from, to: scope.to }, rows: await classReportRows(db, scope, q, null) };
};
export const materialReportAll = async (db: Db, user: UserRow, f: ReportFilter, q: ParsedTableQuery) => {
  const { access, scope } = await resolveReport(db, user, f);
  const statuses = statusFilter(q);
  return { className: access.cls.name, range: { from: scope.from, to: scope.to }, rows: await materialReportRows(db, scope, { ...q, statuses }, null) };
};

export const studentReport = async (db: Db, user: UserRow, studentId: string, f: ReportFilter): Promise<StudentReport> => {
  const { scope } = await resolveReport(db, user, { ...f, studentId });
  const student = await studentBrief(db, studentId);
  if (!student) throw new DomainError('NOT_FOUND');
  const [courses, daily] = [await studentCourseRows(db, scope), await dailySeconds(db, scope)];
  return { student, courses, daily };
};

const PER_MATERIAL_MAX = 30;

export const classCharts = async (db: Db, user: UserRow, f: ReportFilter): Promise<ClassCharts> => {
  const { access, scope } = await resolveReport(db, user, f);
  return {
    completion: await completionByDay(db, scope, access.cls.timeZone),
    perMaterial: await perMaterialCounts(db, scope, PER_MATERIAL_MAX),
    timePerStudent: await secondsPerStudent(db, scope),
  };
};

export const atRiskList = async (
  db: Db,
  user: UserRow,
  f: { classId: string; inactiveDays: number; missing: number },
  q: ParsedTableQuery,
): Promise<TablePage<AtRiskRow>> => {
  const { scope } = await resolveReport(db, user, { classId: f.classId });
  const rows = await atRiskRows(db, scope, { ...q, inactiveDays: f.inactiveDays, missing: f.missing }, windowOf(q));
  return pageOf(rows, q, ({ total: _total, inactive, ...row }) => ({
    ...row,
    reasons: [...(inactive ? (['inactive'] as const) : []), ...(row.missing >= f.missing ? (['missing'] as const) : [])],
  }));
};

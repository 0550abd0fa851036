import { COURSE_CODE_MAX, COURSE_NAME_MAX, type CopyTarget, type CourseCopyAnswer, type CourseCopyDates } from '@klase/core/courses/contracts';
import type { Locale } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import { auditChange } from '../../../kernel/audit.ts';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { loadClassAccess } from '../../../kernel/class-access.ts';
import { isCatalogue, loadCourseAccess, requireManage, type CourseRecord } from '../course-access.ts';
import { insertCourse, lockCourse, updateCourse } from '../courses.service.ts';
import { findSharedCourse, firstCourseDate, insertJob, lockClassCourseNames, taughtActiveClasses } from './course-jobs.repo.ts';
import { courseJobMessage } from './messages.ts';

/**
 * The first of `base`, `base + suffix(1)`, `base + suffix(2)`, ... not in `taken` (compared by
 * `fold`), with `base` shortened so the result fits in `max` characters.
 */
export const firstFree = (base: string, taken: ReadonlySet<string>, fold: (s: string) => string, suffix: (n: number) => string, max: number): string => {
  for (let n = 0; ; n++) {
    const end = n === 0 ? '' : suffix(n);
    const candidate = base.slice(0, max - end.length).trimEnd() + end;
    if (!taken.has(fold(candidate))) return candidate;
  }
};

/** "Science 7", "Science 7 (copy)", "Science 7 (copy 2)", ... */
const copyName = (name: string, taken: ReadonlySet<string>) =>
  firstFree(
    name,
    taken,
    (s) => s.toLowerCase(),
    (n) => (n === 1 ? ' (copy)' : ` (copy ${n})`),
    COURSE_NAME_MAX,
  );

/** "SCI-7", "SCI-7-COPY", "SCI-7-COPY2", ... (codes allow no brackets). */
const copyCode = (code: string, taken: ReadonlySet<string>) =>
  firstFree(
    code,
    taken,
    (s) => s.toUpperCase(),
    (n) => (n === 1 ? '-COPY' : `-COPY${n}`),
    COURSE_CODE_MAX,
  );

/** The names and codes of a class's courses, with the class row locked so two copies into it take turns. */
const takenIn = async (tx: Db, classId: string) => {
  const rows = await lockClassCourseNames(tx, classId);
  return { names: new Set(rows.map((r) => r.name.toLowerCase())), codes: new Set(rows.map((r) => r.code.toUpperCase())) };
};

/** A course of the caller's school that another teacher shares (any class of the school, archived too). */
const sharedInSchool = async (db: Db, user: UserRow, courseId: string): Promise<CourseRecord | null> => {
  if (!user.schoolId) return null;
  return findSharedCourse(db, user.schoolId, courseId);
};

/**
 * What a teacher may copy: a course of a class they teach (archived too: last year's course into
 * this year's class), a published catalogue course, or a course another teacher of their school
 * shares. Another school's courses, shared or not, and a colleague's unshared course are 404; a
 * course the caller reaches without teaching it is 403.
 */
const copySource = async (db: Db, user: UserRow, courseId: string): Promise<CourseRecord> => {
  const shared = await sharedInSchool(db, user, courseId);
  if (shared) return shared;
  const access = await loadCourseAccess(db, user, courseId);
  // A catalogue course reached by a teacher is a published one (`loadCourseAccess`).
  if (!access.manage && !isCatalogue(access)) throw new DomainError('FORBIDDEN');
  return access.course;
};

/**
 * A teacher copies a course (`copySource`) into one of their active classes. The new course is
 * there at once (unpublished, `job: 'copying'`, in the target's school) and the copy job is queued
 * in the same transaction; a worker of any node fills it in.
 */
export const requestCopy = async (
  ctx: Ctx,
  user: UserRow,
  sourceId: string,
  targetClassId: string,
  locale: Locale,
  shiftDays = 0,
): Promise<CourseCopyAnswer> => {
  const c = await copySource(ctx.db, user, sourceId);
  if (c.job === 'copying' || c.job === 'deleting') throw new DomainError('COURSE_BUSY');
  if (c.job === 'copyFailed') throw new DomainError('COPY_FAILED');
  const target = await loadClassAccess(ctx.db, user, targetClassId);
  if (target.relation !== 'teacher') throw new DomainError('FORBIDDEN');
  if (target.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  const courseId = await ctx.db.transaction(async (tx) => {
    const taken = await takenIn(tx, targetClassId);
    const row = await insertCourse(tx, {
      schoolId: target.cls.schoolId,
      classId: targetClassId,
      name: copyName(c.name, taken.names),
      code: copyCode(c.code, taken.codes),
      description: c.description,
      gradeLevel: c.gradeLevel,
      subject: c.subject,
      sequential: c.sequential,
      published: false,
      job: 'copying',
      createdBy: user.id,
      updatedBy: user.id,
    });
    await insertJob(tx, { kind: 'copy', courseId: row.id, sourceCourseId: c.id, createdBy: user.id, shiftDays });
    await auditChange(tx, {
      schoolId: row.schoolId,
      actorId: user.id,
      action: 'course.copy-started',
      targetType: 'course',
      targetId: row.id,
      before: null,
      after: { name: row.name, code: row.code, classId: targetClassId, sourceCourseId: c.id, shiftDays },
    });
    return row.id;
  });
  return { courseId, classId: targetClassId, ...courseJobMessage(locale, 'copyStarted') };
};

/** The first date of a course the caller may copy (what the copy dialog shows as the old start). */
export const copyDates = async (ctx: Ctx, user: UserRow, courseId: string): Promise<CourseCopyDates> => {
  const c = await copySource(ctx.db, user, courseId);
  const first = await firstCourseDate(ctx.db, c.id);
  return { firstDate: first?.toISOString() ?? null };
};

/**
 * A teacher of the class (the rex admin for a catalogue course) deletes a course (also an empty failed copy): it is marked `deleting`
 * and unpublished at once (students no longer see it) and a worker removes it.
 */
export const requestDelete = async (ctx: Ctx, user: UserRow, courseId: string, locale: Locale): Promise<{ message: string }> => {
  requireManage(await loadCourseAccess(ctx.db, user, courseId));
  await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, courseId);
    if (before.job === 'copying' || before.job === 'deleting') throw new DomainError('COURSE_BUSY');
    await updateCourse(tx, courseId, { job: 'deleting', published: false, updatedBy: user.id });
    await insertJob(tx, { kind: 'delete', courseId, createdBy: user.id });
    await auditChange(tx, {
      schoolId: before.schoolId,
      actorId: user.id,
      action: 'course.delete-started',
      targetType: 'course',
      targetId: courseId,
      before: { job: before.job, published: before.published },
      after: { job: 'deleting', published: false },
    });
  });
  return courseJobMessage(locale, 'deleteStarted');
};

/** The caller's active classes they teach (as the teacher), a course can be copied into. */
export const copyTargets = async (ctx: Ctx, user: UserRow): Promise<CopyTarget[]> => {
  if (!user.schoolId) return [];
  return taughtActiveClasses(ctx.db, user.id, user.schoolId);
};

import { DomainError, type ErrorCode } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../platform/context.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadClassAccess, type ClassAccess } from '../../kernel/class-access.ts';
import { findCourse, type CourseRecord, type CourseViewer } from './courses.repo.ts';

export type { CourseRecord };

export interface CourseAccess {
  course: CourseRecord;
  /** The caller's place in the course's class; null for a catalogue course (it has no class). */
  classAccess: ClassAccess | null;
  /** Teachers of the class (role 3), or the rex admin for a catalogue course, change the course, its elements and materials. */
  manage: boolean;
  /** Teachers and assistants (the rex admin in the catalogue) see every item (published or not) and the student mode. */
  staff: boolean;
}

/**
 * A catalogue course (no class): the rex admin (role 12) manages it and sees everything; a teacher
 * (role 3) of any school reads it once published, its published elements and materials only
 * (catalogue elements are for everyone: no assignees). Anybody else gets 404.
 */
const catalogueAccess = (user: UserRow, course: CourseRecord): CourseAccess => {
  if (user.roleId === ROLE.rexAdmin) return { course, classAccess: null, manage: true, staff: true };
  if (user.roleId === ROLE.teacher && course.published) return { course, classAccess: null, manage: false, staff: false };
  throw new DomainError('NOT_FOUND');
};

/**
 * The one check of every `/api/courses/:courseId/...` and `/api/materials/:materialId/...` route:
 * the course's class must be reachable (`loadClassAccess`: teacher, assistant, enrolled student,
 * parent of an enrolled child, school administrator), otherwise 404. Students and parents never
 * reach an unpublished course (404 too). A catalogue course (no class): `catalogueAccess`. The rex
 * admin belongs to no school, so every class course answers 404 to them.
 */
export const loadCourseAccess = async (db: Db, user: UserRow, courseId: string): Promise<CourseAccess> => {
  const course = await findCourse(db, courseId);
  if (!course) throw new DomainError('NOT_FOUND');
  if (!course.classId) return catalogueAccess(user, course);
  const classAccess = await loadClassAccess(db, user, course.classId);
  const staff = classAccess.relation === 'teacher' || classAccess.relation === 'assistant' || classAccess.relation === 'schoolAdmin';
  if (!staff && !course.published) throw new DomainError('NOT_FOUND');
  return { course, classAccess, manage: classAccess.relation === 'teacher', staff };
};

/** Whether the course is a catalogue course (no class). */
export const isCatalogue = (access: CourseAccess): boolean => access.classAccess === null;

/** Whether the course is busy with a background job that blocks changes. */
const busy = (course: CourseRecord): boolean => course.job === 'copying' || course.job === 'deleting';

/** Refuses changes to anyone but the class's teachers (the rex admin in the catalogue), and while a copy or deletion runs. */
export const requireManage = (access: CourseAccess): void => {
  if (!access.manage) throw new DomainError('FORBIDDEN');
  if (access.classAccess?.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  if (busy(access.course)) throw new DomainError('COURSE_BUSY');
};

/**
 * Refuses grading (submissions, activities, quiz essays) to anyone but the class's teachers and
 * assistants (issue 13: an assistant grades like a non-editing teacher), in an archived class and
 * while a copy or deletion runs.
 */
export const requireGrade = (access: CourseAccess): void => {
  const relation = access.classAccess?.relation;
  if (relation !== 'teacher' && relation !== 'assistant') throw new DomainError('FORBIDDEN');
  if (access.classAccess?.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  if (busy(access.course)) throw new DomainError('COURSE_BUSY');
};

/** Loads the course for a change by its teacher (`loadCourseAccess`, then `requireManage`). */
export const loadManagedCourse = async (db: Db, user: UserRow, courseId: string): Promise<CourseAccess> => {
  const access = await loadCourseAccess(db, user, courseId);
  requireManage(access);
  return access;
};

/** What `requireManage` allows, as the `can.manage` flag of the course page. */
export const canManage = (access: CourseAccess): boolean => access.manage && !access.classAccess?.cls.archivedAt && !busy(access.course);

/**
 * Whose eyes the course is seen through: staff see everything; a teacher reading the catalogue its
 * published items; a student their own items; a parent their enrolled children's.
 */
export const viewerOf = (access: CourseAccess, user: UserRow): CourseViewer => {
  if (access.staff) return { kind: 'staff' };
  if (!access.classAccess) return { kind: 'published' };
  return { kind: 'students', studentIds: access.classAccess.relation === 'student' ? [user.id] : access.classAccess.childIds };
};

/** Runs a write whose unique index (a name or code per class or course) answers `code` when taken. */
export const unlessTaken = async <T>(code: ErrorCode, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err)) throw new DomainError(code);
    throw err;
  }
};

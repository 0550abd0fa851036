import { eq } from 'drizzle-orm';
import { DomainError, type ErrorCode } from '@klase/core/errors';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadClassAccess, type ClassAccess } from '../classes/class-access.ts';
import type { CourseViewer } from './courses.repo.ts';

export type CourseRecord = typeof courses.$inferSelect;

export interface CourseAccess {
  course: CourseRecord;
  classAccess: ClassAccess;
  /** Teachers of the class (role 3) change the course, its elements and materials. */
  manage: boolean;
  /** Teachers and assistants see every item (published or not) and the student mode. */
  staff: boolean;
}

/**
 * The one check of every `/api/courses/:courseId/...` and `/api/materials/:materialId/...` route:
 * the course's class must be reachable (`loadClassAccess`: teacher, assistant, enrolled student,
 * parent of an enrolled child, school administrator), otherwise 404. Students and parents never
 * reach an unpublished course (404 too). Catalogue courses (no class) come with the catalogue part
 * of this issue and answer 404 here until then.
 */
export const loadCourseAccess = async (db: Db, user: UserRow, courseId: string): Promise<CourseAccess> => {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course?.classId) throw new DomainError('NOT_FOUND');
  const classAccess = await loadClassAccess(db, user, course.classId);
  const staff = classAccess.relation === 'teacher' || classAccess.relation === 'assistant' || classAccess.relation === 'schoolAdmin';
  if (!staff && !course.published) throw new DomainError('NOT_FOUND');
  return { course, classAccess, manage: classAccess.relation === 'teacher', staff };
};

/** Whether the course is busy with a background job that blocks changes. */
const busy = (course: CourseRecord): boolean => course.job === 'copying' || course.job === 'deleting';

/** Refuses changes to anyone but the class's teachers, and while a copy or deletion runs. */
export const requireManage = (access: CourseAccess): void => {
  if (!access.manage) throw new DomainError('FORBIDDEN');
  if (access.classAccess.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  if (busy(access.course)) throw new DomainError('COURSE_BUSY');
};

/** Loads the course for a change by its teacher (`loadCourseAccess`, then `requireManage`). */
export const loadManagedCourse = async (db: Db, user: UserRow, courseId: string): Promise<CourseAccess> => {
  const access = await loadCourseAccess(db, user, courseId);
  requireManage(access);
  return access;
};

/** What `requireManage` allows, as the `can.manage` flag of the course page. */
export const canManage = (access: CourseAccess): boolean => access.manage && !access.classAccess.cls.archivedAt && !busy(access.course);

/** Whose eyes the course is seen through: staff see everything; a student their own items; a parent their enrolled children's. */
export const viewerOf = (access: CourseAccess, user: UserRow): CourseViewer => {
  if (access.staff) return { kind: 'staff' };
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

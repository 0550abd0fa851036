import { eq } from 'drizzle-orm';
import { DomainError } from '@klase/core/errors';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadClassAccess, type ClassAccess } from '../classes/class-access.ts';

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

/** Refuses changes to anyone but the class's teachers, and while a copy or deletion runs. */
export const requireManage = (access: CourseAccess): void => {
  if (!access.manage) throw new DomainError('FORBIDDEN');
  if (access.classAccess.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  if (access.course.job === 'copying' || access.course.job === 'deleting') throw new DomainError('CONFLICT');
};

import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { ClassAccess } from '../../kernel/class-access.ts';
import { canManage, loadCourseAccess, requireManage, type CourseAccess } from '../courses/course-access.ts';
import { isEnrolled } from './gradebook.repo.ts';

/**
 * The one check of every `/api/courses/:courseId/gradebook/...` route (decision 0015): the course
 * is a class course the caller reaches (`loadCourseAccess`: anyone else 404; a catalogue course has
 * no gradebook, 404). Staff (teachers, assistants, the school admin) read everything; teachers of
 * the class change it (`requireGradeManage`); a student reads their own report, a parent their
 * enrolled child's (`reportStudentId`).
 */
export interface GradebookAccess {
  access: CourseAccess;
  classAccess: ClassAccess;
  courseId: string;
  classId: string;
  schoolId: string;
  staff: boolean;
  /** Teachers of the class, class not archived, course not busy. */
  manage: boolean;
}

export const loadGradebookAccess = async (db: Db, user: UserRow, courseId: string): Promise<GradebookAccess> => {
  const access = await loadCourseAccess(db, user, courseId);
  const classAccess = access.classAccess;
  if (!classAccess || !access.course.classId || !access.course.schoolId) throw new DomainError('NOT_FOUND');
  const manage = canManage(access);
  return { access, classAccess, courseId, classId: access.course.classId, schoolId: access.course.schoolId, staff: access.staff, manage };
};

/** Reads of the grid, the setup and the history: staff of the class (students and parents 404). */
export const requireGradeStaff = (g: GradebookAccess): void => {
  if (!g.staff) throw new DomainError('NOT_FOUND');
};

/** Changes: teachers of the class (assistants and the school admin 403; archived class / busy course refused). */
export const requireGradeManage = (g: GradebookAccess): void => {
  requireGradeStaff(g);
  requireManage(g.access);
};

/**
 * Whose report the caller may read: staff any enrolled student; a student only themself; a parent
 * only an enrolled child. Anything else (another student, a child of someone else, a student not in
 * the class) is 404, so nobody can probe who is in a class.
 */
export const reportStudentId = async (db: Db, g: GradebookAccess, user: UserRow, studentId: string): Promise<string> => {
  if (g.staff) {
    if (!(await isEnrolled(db, g.classId, studentId))) throw new DomainError('NOT_FOUND');
    return studentId;
  }
  if (user.roleId === ROLE.student && g.classAccess.relation === 'student' && studentId === user.id) return studentId;
  if (user.roleId === ROLE.parent && g.classAccess.relation === 'parent' && g.classAccess.childIds.includes(studentId)) return studentId;
  throw new DomainError('NOT_FOUND');
};

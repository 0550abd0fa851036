import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { ClassAccess } from '../../kernel/class-access.ts';
import { requireGrade, requireManage, type CourseAccess } from '../courses/course-access.ts';
import { findMaterial, openMaterial, pathOf, stopState, type OpenedMaterial } from '../materials/material-access.ts';
import { assignedStudents, type StudentPerson } from './assignments.repo.ts';

/**
 * The one check of every assignment and activity route: the material exists and is of the route's
 * type (another type is 404), belongs to a class course, and the caller reaches it exactly as
 * `openMaterial` decides (staff every material; a student the unlocked stops of their journey; a
 * parent the stops of their enrolled children). Which student's work the caller may touch is
 * decided here too.
 */

export type GradedType = 'assignment' | 'activity';

export interface GradedMaterial extends OpenedMaterial {
  access: CourseAccess & { classAccess: ClassAccess };
  classAccess: ClassAccess;
}

/** `type`: the route's type, or the types it serves (the student's read of their work serves both). */
export const openGraded = async (db: Db, user: UserRow, materialId: string, type: GradedType | readonly GradedType[]): Promise<GradedMaterial> => {
  const found = await findMaterial(db, materialId);
  const types: readonly string[] = typeof type === 'string' ? [type] : type;
  if (!found || !types.includes(found.material.type)) throw new DomainError('NOT_FOUND');
  const opened = await openMaterial(db, user, materialId);
  const classAccess = opened.access.classAccess;
  // A catalogue course has no class, so no students and no work.
  if (!classAccess) throw new DomainError('NOT_FOUND');
  return { ...opened, access: { ...opened.access, classAccess }, classAccess };
};

/** Staff of the class (teachers, assistants) read every student's work. */
export const requireStaff = (g: GradedMaterial): void => {
  if (!g.access.staff) throw new DomainError('NOT_FOUND');
};

/** Teachers of the class grade and change settings (assistants: 403; archived class, busy course refused). */
export const requireTeacher = (g: GradedMaterial): void => {
  requireStaff(g);
  requireManage(g.access);
};

/** Teachers and assistants of the class grade and give feedback (archived class, busy course refused). */
export const requireGrader = (g: GradedMaterial): void => {
  requireStaff(g);
  requireGrade(g.access);
};

/** Changes by a student to their own work: never in an archived class. */
export const requireStudentWrite = (g: GradedMaterial, user: UserRow): void => {
  if (user.roleId !== ROLE.student || g.classAccess.relation !== 'student') throw new DomainError('FORBIDDEN');
  if (g.classAccess.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
};

/** A student of the class the material is assigned to, or 404. */
export const assignedStudent = async (db: Db, g: GradedMaterial, studentId: string): Promise<StudentPerson> => {
  const [student] = await assignedStudents(db, g.classAccess.cls.id, g.element, [studentId]);
  if (!student) throw new DomainError('NOT_FOUND');
  return student;
};

const required = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'required' }] });

/**
 * Whose work a student or parent reads: a student their own; a parent `childId`, one of their
 * children enrolled in the class with the material on their path (anything else 404).
 */
export const ownStudentId = async (db: Db, g: GradedMaterial, user: UserRow, childId: string | undefined): Promise<string> => {
  if (g.classAccess.relation === 'student') return user.id;
  if (g.classAccess.relation !== 'parent') throw new DomainError('NOT_FOUND');
  if (!childId) throw required('childId');
  if (!g.classAccess.childIds.includes(childId)) throw new DomainError('NOT_FOUND');
  const free = { ...g.access, course: { ...g.access.course, sequential: false } };
  const path = await pathOf(db, free, { studentIds: [childId] }, null);
  if (stopState(path, g.material.id) === null) throw new DomainError('NOT_FOUND');
  return childId;
};

/** The graded points of a material (the material form requires them; 100 is the form's default). */
export const maxPointsOf = (g: Pick<OpenedMaterial, 'material'>): number => g.material.maxPoints ?? 100;

/** Refuses a grade over the material's points. */
export const checkGrade = (grade: number | null, max: number): void => {
  if (grade !== null && grade > max) throw new DomainError('GRADE_OVER_MAX', { params: { max } });
};

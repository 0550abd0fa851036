import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { ClassAccess } from '../../kernel/class-access.ts';
import { loadCourseAccess, requireGrade, requireManage, type CourseAccess } from '../courses/course-access.ts';
import { findMaterial, openMaterial, pathOf, stopState, type OpenedMaterial } from '../materials/material-access.ts';
import { findAttempt, type AttemptRecord } from './quizzes.repo.ts';

/**
 * The one check of every quiz route: the material exists, is a quiz (another type is 404), belongs
 * to a class course, and the caller reaches it as `openMaterial` decides (staff every material; a
 * student the published, assigned, unlocked stops of their journey; a parent the stops of their
 * enrolled children). Whose attempts the caller may read is decided here too.
 */

export interface OpenedQuiz extends OpenedMaterial {
  access: CourseAccess & { classAccess: ClassAccess };
  classAccess: ClassAccess;
}

export const openQuiz = async (db: Db, user: UserRow, materialId: string): Promise<OpenedQuiz> => {
  const found = await findMaterial(db, materialId);
  if (found?.material.type !== 'quiz') throw new DomainError('NOT_FOUND');
  const opened = await openMaterial(db, user, materialId);
  const classAccess = opened.access.classAccess;
  // A catalogue course has no class, so nobody takes its quizzes.
  if (!classAccess) throw new DomainError('NOT_FOUND');
  return { ...opened, access: { ...opened.access, classAccess }, classAccess };
};

/** Staff of the class (teachers, assistants) read settings, questions, results and statistics. */
export const requireStaff = (q: Pick<OpenedQuiz, 'access'>): void => {
  if (!q.access.staff) throw new DomainError('NOT_FOUND');
};

/** Teachers of the class change the quiz and grade (assistants: 403; archived class and busy course refused). */
export const requireTeacher = (q: Pick<OpenedQuiz, 'access'>): void => {
  requireStaff(q);
  requireManage(q.access);
};

/** Teachers and assistants of the class grade answers by hand (issue 13); archived class and busy course refused. */
export const requireGrader = (q: Pick<OpenedQuiz, 'access'>): void => {
  requireStaff(q);
  requireGrade(q.access);
};

/** A quiz of a course the caller teaches (staff read, teachers change). */
export const staffQuiz = async (db: Db, user: UserRow, materialId: string, opts: { manage: boolean }): Promise<OpenedQuiz> => {
  const quiz = await openQuiz(db, user, materialId);
  if (opts.manage) requireTeacher(quiz);
  else requireStaff(quiz);
  return quiz;
};

/** The course of a question bank: staff read it, teachers change it (404 otherwise). */
export const bankCourse = async (db: Db, user: UserRow, courseId: string, opts: { manage: boolean }): Promise<CourseAccess> => {
  const access = await loadCourseAccess(db, user, courseId);
  if (!access.staff || !access.classAccess) throw new DomainError('NOT_FOUND');
  if (opts.manage) requireManage(access);
  return access;
};

/** The student taking the quiz: enrolled (not a parent or staff), in a class that is not archived. */
export const requireTaker = (q: OpenedQuiz, user: UserRow): void => {
  if (user.roleId !== ROLE.student || q.classAccess.relation !== 'student') throw new DomainError('FORBIDDEN');
  if (q.classAccess.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
};

const required = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'required' }] });

/** A parent reads a child of theirs enrolled in the class with the quiz on their path (anything else 404). */
const requireChild = async (db: Db, q: OpenedQuiz, childId: string): Promise<void> => {
  if (q.classAccess.relation !== 'parent' || !q.classAccess.childIds.includes(childId)) throw new DomainError('NOT_FOUND');
  const free = { ...q.access, course: { ...q.access.course, sequential: false } };
  const path = await pathOf(db, free, { studentIds: [childId] }, null);
  if (stopState(path, q.material.id) === null) throw new DomainError('NOT_FOUND');
};

/** Whose quiz page a student or parent reads: a student their own; a parent `childId`. */
export const ownStudentId = async (db: Db, q: OpenedQuiz, user: UserRow, childId: string | undefined): Promise<string> => {
  if (q.classAccess.relation === 'student') return user.id;
  if (!childId) throw required('childId');
  await requireChild(db, q, childId);
  return childId;
};

export interface OpenedAttempt {
  attempt: AttemptRecord;
  quiz: OpenedQuiz;
  /** The caller is staff of the class. */
  staff: boolean;
}

/**
 * An attempt the caller may read: the student's own; staff any of their class's; a parent their
 * child's when `parents` (results). Everyone else (another student included) gets 404.
 */
export const openAttempt = async (db: Db, user: UserRow, attemptId: string, opts: { parents: boolean }): Promise<OpenedAttempt> => {
  const attempt = await findAttempt(db, attemptId);
  if (!attempt) throw new DomainError('NOT_FOUND');
  const quiz = await openQuiz(db, user, attempt.materialId);
  if (quiz.access.staff) return { attempt, quiz, staff: true };
  if (quiz.classAccess.relation === 'student') {
    if (attempt.studentId !== user.id) throw new DomainError('NOT_FOUND');
  } else if (opts.parents) await requireChild(db, quiz, attempt.studentId);
  else throw new DomainError('NOT_FOUND');
  return { attempt, quiz, staff: false };
};

/** The student's own attempt, to work on (answers, submit). */
export const openOwnAttempt = async (db: Db, user: UserRow, attemptId: string): Promise<OpenedAttempt> => {
  const opened = await openAttempt(db, user, attemptId, { parents: false });
  if (opened.staff || opened.attempt.studentId !== user.id) throw new DomainError('NOT_FOUND');
  requireTaker(opened.quiz, user);
  return opened;
};

import { randomInt } from 'node:crypto';
import type { ClassStudentDetails, ClassStudentRow, StudentCandidate, StudentPasswordAnswer } from '@klase/core/classes/contracts';
import { fullName } from '@klase/core/admin/users';
import { isPasswordAcceptable } from '@klase/core/auth/password';
import type { Locale } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import type { ParsedTableQuery, TablePage } from '@klase/core/table';
import { queueTokenMail } from '../../kernel/account-mail.ts';
import { auditChange } from '../../kernel/audit.ts';
import { addedMessage, classMessage } from './class-messages.ts';
import type { Ctx } from '../../platform/context.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import type { UserRow } from '../../platform/rows.ts';
import { deleteUserSessions } from '../../platform/sessions.ts';
import { photoUrlOf } from '../../kernel/people.ts';
import { updateUser } from '../admin/users/users.service.ts';
import { loadClassAccess, requireCan, type ClassAccess } from '../../kernel/class-access.ts';
import { lockClass } from './classes.repo.ts';
import {
  countStudents,
  deleteEnrolment,
  findEnrolled,
  groupsOfStudent,
  insertEnrolments,
  listStudents,
  parentsOfStudent,
  schoolStudentIds,
  studentCandidates,
  type StudentListRow,
} from './roster.repo.ts';

/** Teachers, assistants and school administrators see every column of the class list. */
const seesDetails = (access: ClassAccess) => access.relation !== 'student' && access.relation !== 'parent';

const toStudentRow = (r: StudentListRow, full: boolean): ClassStudentRow => {
  const u = r.user;
  const base = { id: u.id, name: fullName(u), sortName: r.sortName, photoUrl: photoUrlOf(u) };
  if (!full) {
    return {
      ...base,
      username: null,
      email: null,
      gradeLevel: null,
      section: null,
      active: null,
      status: null,
      groupNames: null,
      joinedAt: null,
      joinedVia: null,
      lastAccessAt: null,
    };
  }
  return {
    ...base,
    username: u.username,
    email: u.email,
    gradeLevel: u.gradeLevel,
    section: u.section,
    active: u.active,
    status: u.active ? 'ACTIVE' : 'INACTIVE',
    groupNames: r.groupNames,
    joinedAt: r.enrolment.joinedAt.toISOString(),
    joinedVia: r.enrolment.joinedVia,
    lastAccessAt: r.enrolment.lastAccessAt?.toISOString() ?? null,
  };
};

/**
 * The students tab. Parents and students see classmates' names and photos only (their own row
 * in full); teachers and assistants see every column, search usernames and filter by group.
 */
export const studentTable = async (ctx: Ctx, user: UserRow, classId: string, q: ParsedTableQuery): Promise<TablePage<ClassStudentRow>> => {
  const access = await loadClassAccess(ctx.db, user, classId);
  const full = seesDetails(access);
  const total = await countStudents(ctx.db, classId, q, full);
  const rows = await listStudents(ctx.db, classId, q, full);
  return { data: rows.map((r) => toStudentRow(r, full || r.user.id === user.id)), pagination: { page: q.page, totalcount: total } };
};

const rosterAccess = async (ctx: Ctx, user: UserRow, classId: string): Promise<ClassAccess> => {
  const access = await loadClassAccess(ctx.db, user, classId);
  requireCan(access, 'manageRoster');
  return access;
};

export const candidates = async (ctx: Ctx, user: UserRow, classId: string, search: string): Promise<StudentCandidate[]> => {
  const access = await rosterAccess(ctx, user, classId);
  const rows = await studentCandidates(ctx.db, access.cls.schoolId, classId, search);
  return rows.map((r) => ({ id: r.id, name: fullName(r), username: r.username, gradeLevel: r.gradeLevel, section: r.section }));
};

/** Adds students of the class's school; one id outside the school and nothing is added. */
export const addStudents = async (ctx: Ctx, user: UserRow, classId: string, studentIds: string[], locale: Locale) => {
  const access = await rosterAccess(ctx, user, classId);
  const wanted = [...new Set(studentIds)];
  const added = await ctx.db.transaction(async (tx) => {
    await lockClass(tx, classId);
    const found = await schoolStudentIds(tx, access.cls.schoolId, wanted);
    if (found.length !== wanted.length) throw new DomainError('NOT_FOUND');
    const ids = await insertEnrolments(tx, classId, wanted, user.id);
    if (ids.length) {
      await auditChange(tx, {
        schoolId: access.cls.schoolId,
        actorId: user.id,
        action: 'class.students-added',
        targetType: 'class',
        targetId: classId,
        before: null,
        after: { studentIds: ids },
      });
    }
    return ids.length;
  });
  return { added, ...addedMessage(locale, added) };
};

export const removeStudent = async (ctx: Ctx, user: UserRow, classId: string, studentId: string, locale: Locale) => {
  const access = await rosterAccess(ctx, user, classId);
  const name = await ctx.db.transaction(async (tx) => {
    await lockClass(tx, classId);
    const found = await findEnrolled(tx, classId, studentId);
    if (!found || !(await deleteEnrolment(tx, classId, studentId))) throw new DomainError('NOT_FOUND');
    await auditChange(tx, {
      schoolId: access.cls.schoolId,
      actorId: user.id,
      action: 'class.student-removed',
      targetType: 'class',
      targetId: classId,
      before: { studentId, joinedVia: found.enrolment.joinedVia, joinedAt: found.enrolment.joinedAt.toISOString() },
      after: null,
    });
    return fullName(found.user);
  });
  return classMessage(locale, 'studentRemoved', { name });
};

const enrolledStudent = async (ctx: Ctx, access: ClassAccess, studentId: string) => {
  const found = await findEnrolled(ctx.db, access.cls.id, studentId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};

/** The about tab of a student page (teachers and assistants of the class). */
export const studentDetails = async (ctx: Ctx, user: UserRow, classId: string, studentId: string): Promise<ClassStudentDetails> => {
  const access = await loadClassAccess(ctx.db, user, classId);
  requireCan(access, 'viewStudentDetails');
  const { user: u, enrolment } = await enrolledStudent(ctx, access, studentId);
  const parents = await parentsOfStudent(ctx.db, studentId);
  return {
    id: u.id,
    name: fullName(u),
    salutation: u.salutation,
    firstName: u.firstName,
    middleName: u.middleName,
    lastName: u.lastName,
    suffix: u.suffix,
    username: u.username,
    email: u.email,
    gradeLevel: u.gradeLevel,
    section: u.section,
    photoUrl: photoUrlOf(u),
    active: u.active,
    joinedAt: enrolment.joinedAt.toISOString(),
    joinedVia: enrolment.joinedVia,
    lastAccessAt: enrolment.lastAccessAt?.toISOString() ?? null,
    groups: await groupsOfStudent(ctx.db, classId, studentId),
    parents: parents.map((p) => ({ id: p.id, name: fullName(p), email: p.email, active: p.active })),
  };
};

const UPPER = 'ABCDEFGHJKMNPQRSTUVWXYZ';
const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const DIGITS = '23456789';
const pickFrom = (s: string) => s[randomInt(s.length)] ?? '';

/**
 * A password a student can read off a screen and type: three blocks like `Kp7r-Mf3t-Qw8n`
 * (no look-alike characters, upper and lower case, digits and dashes: about 58 bits).
 */
export const generatePassword = (): string => {
  for (;;) {
    const block = () => pickFrom(UPPER) + pickFrom(LOWER) + pickFrom(LOWER) + pickFrom(DIGITS);
    const pw = [block(), block(), block()].join('-');
    if (isPasswordAcceptable(pw)) return pw;
  }
};

/**
 * The change-password tab: `generate` sets a new password (answered once, never stored or
 * logged in clear); `email` mails the forgot-password reset link. Both end the student's sessions.
 */
export const resetStudentPassword = async (
  ctx: Ctx,
  user: UserRow,
  classId: string,
  studentId: string,
  mode: 'generate' | 'email',
  locale: Locale,
): Promise<StudentPasswordAnswer> => {
  const access = await loadClassAccess(ctx.db, user, classId);
  requireCan(access, 'resetStudentPasswords');
  const { user: student } = await enrolledStudent(ctx, access, studentId);
  const name = fullName(student);
  if (mode === 'email' && !student.email) throw new DomainError('NO_EMAIL');
  const password = mode === 'generate' ? generatePassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  await ctx.db.transaction(async (tx) => {
    if (passwordHash) await updateUser(tx, student.id, { passwordHash, updatedBy: user.id });
    else await queueTokenMail(ctx, tx, student, 'reset');
    await deleteUserSessions(tx, student.id);
    await auditChange(tx, {
      schoolId: access.cls.schoolId,
      actorId: user.id,
      action: mode === 'generate' ? 'class.student-password-set' : 'class.student-reset-link-sent',
      targetType: 'user',
      targetId: student.id,
      before: null,
      after: mode === 'email' ? { email: student.email } : null,
      extra: { classId },
    });
  });
  return { ...classMessage(locale, mode === 'generate' ? 'passwordGenerated' : 'resetLinkSent', { name }), password };
};

import { fullName } from '@klase/core/admin/users';
import type { AttendanceSheet, Quarter, Sex } from '@klase/core/deped/contracts';
import { OBSERVED_STATEMENTS, type ObservedMark, type ObservedStatement } from '@klase/core/deped/contracts';
import type { ClassAdviser, LearnerProfile, ObservedValuesSheet } from '@klase/core/deped/learners';
import { sexOrder } from '@klase/core/deped/learners';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import { V } from '@klase/core/validation/rules';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { ClassAccess } from '../../kernel/class-access.ts';
import {
  adviserOf,
  classLearners,
  classTeacherList,
  daysOf,
  findProfile,
  findUser,
  lrnHolder,
  marksOf,
  monthsOf,
  replaceAttendance,
  replaceMarks,
  setAdviser,
  teachesStudent,
  upsertProfile,
} from './learners.repo.ts';

/* ---------- learner fields ---------- */

/**
 * The learner fields of a student. The school administrator of the student's school reads and
 * edits them; the student reads their own; a teacher or assistant of one of the student's classes
 * reads them. A user who is not a student has no learner fields (404), like anyone else.
 */
const profileAccess = async (ctx: Ctx, caller: UserRow, userId: string) => {
  const target = await findUser(ctx.db, userId);
  if (!target || target.roleId !== ROLE.student || !target.schoolId || target.schoolId !== caller.schoolId) throw new DomainError('NOT_FOUND');
  const canEdit = caller.roleId === ROLE.schoolAdmin;
  const canRead =
    canEdit ||
    caller.id === userId ||
    ((caller.roleId === ROLE.teacher || caller.roleId === ROLE.assistantTeacher) && (await teachesStudent(ctx.db, caller.id, userId)));
  if (!canRead) throw new DomainError('NOT_FOUND');
  return { schoolId: target.schoolId, canEdit };
};

export const learnerProfile = async (ctx: Ctx, caller: UserRow, userId: string): Promise<LearnerProfile> => {
  const { canEdit } = await profileAccess(ctx, caller, userId);
  const p = await findProfile(ctx.db, userId);
  return { userId, lrn: p?.lrn ?? null, sex: p?.sex ?? null, birthDate: p?.birthDate ?? null, canEdit };
};

const lrnTaken = () => new DomainError('VALIDATION', { fields: [{ path: 'lrn', key: V.lrnTaken }] });

export const saveLearnerProfile = async (
  ctx: Ctx,
  caller: UserRow,
  userId: string,
  v: { lrn: string | null; sex: Sex | null; birthDate: string | null },
): Promise<LearnerProfile> => {
  const { schoolId, canEdit } = await profileAccess(ctx, caller, userId);
  if (!canEdit) throw new DomainError('FORBIDDEN');
  if (v.lrn) {
    const holder = await lrnHolder(ctx.db, schoolId, v.lrn);
    if (holder && holder !== userId) throw lrnTaken();
  }
  try {
    await upsertProfile(ctx.db, { userId, schoolId, lrn: v.lrn, sex: v.sex, birthDate: v.birthDate });
  } catch (err) {
    if (uniqueViolation(err)) throw lrnTaken();
    throw err;
  }
  return learnerProfile(ctx, caller, userId);
};

/* ---------- class adviser ---------- */

const isAdviser = async (ctx: Ctx, user: UserRow, classId: string) => (await adviserOf(ctx.db, classId))?.id === user.id;

export const classAdviser = async (ctx: Ctx, user: UserRow, access: ClassAccess): Promise<ClassAdviser> => {
  const adviser = await adviserOf(ctx.db, access.cls.id);
  const admin = access.relation === 'schoolAdmin';
  const teacher = access.relation === 'teacher';
  const canEdit = (admin || teacher) && !access.cls.archivedAt;
  const teachers = canEdit ? await classTeacherList(ctx.db, access.cls.id) : [];
  const candidates = (admin ? teachers : teachers.filter((t) => t.id === user.id)).map((t) => ({ id: t.id, name: fullName(t) }));
  return { teacherId: adviser?.id ?? null, name: adviser ? fullName(adviser) : null, canEdit, candidates };
};

/** School administrator: any teacher of the class (or none); a teacher of the class: themselves, or none when they are the adviser. */
export const putAdviser = async (ctx: Ctx, user: UserRow, access: ClassAccess, teacherId: string | null): Promise<ClassAdviser> => {
  hideFromLearners(access);
  const view = await classAdviser(ctx, user, access);
  if (!view.canEdit) throw new DomainError('FORBIDDEN');
  if (access.relation === 'teacher') {
    const allowed = teacherId === user.id || (teacherId === null && view.teacherId === user.id);
    if (!allowed) throw new DomainError('FORBIDDEN');
  } else if (teacherId && !view.candidates.some((c) => c.id === teacherId)) {
    throw new DomainError('VALIDATION', { fields: [{ path: 'teacherId', key: V.invalidChoice }] });
  }
  await setAdviser(ctx.db, access.cls.id, teacherId);
  return classAdviser(ctx, user, access);
};

/* ---------- attendance and observed values ---------- */

/** Students and parents never see the sheets here (parents see them on the SF9): 404 as for a stranger. */
const hideFromLearners = (access: ClassAccess) => {
  if (access.relation === 'student' || access.relation === 'parent') throw new DomainError('NOT_FOUND');
};

/** The adviser and the school administrator edit a class's attendance and observed values; other staff read. */
const canEditSheets = async (ctx: Ctx, user: UserRow, access: ClassAccess) =>
  !access.cls.archivedAt && (access.relation === 'schoolAdmin' || (access.relation === 'teacher' && (await isAdviser(ctx, user, access.cls.id))));

const orderedLearners = async (ctx: Ctx, classId: string) =>
  (await classLearners(ctx.db, classId))
    .map((l) => ({ studentId: l.id, name: fullName(l), sex: l.sex ?? null }))
    .sort((a, b) => sexOrder(a.sex) - sexOrder(b.sex));

const invalid = (fields: FieldIssue[]) => {
  if (fields.length > 0) throw new DomainError('VALIDATION', { fields });
};

export const attendanceSheet = async (ctx: Ctx, user: UserRow, access: ClassAccess): Promise<AttendanceSheet> => {
  hideFromLearners(access);
  const classId = access.cls.id;
  const [learners, months, days, canEdit] = [
    await orderedLearners(ctx, classId),
    await monthsOf(ctx.db, classId),
    await daysOf(ctx.db, classId),
    await canEditSheets(ctx, user, access),
  ];
  const present = new Map<string, Record<string, number>>();
  for (const d of days) present.set(d.studentId, { ...present.get(d.studentId), [d.month]: d.daysPresent });
  return { months, learners: learners.map((l) => ({ ...l, present: present.get(l.studentId) ?? {} })), canEdit };
};

type AttendanceBody = { months: { month: string; schoolDays: number }[]; learners: { studentId: string; present: Record<string, number> }[] };

export const saveAttendance = async (ctx: Ctx, user: UserRow, access: ClassAccess, body: AttendanceBody): Promise<AttendanceSheet> => {
  hideFromLearners(access);
  if (!(await canEditSheets(ctx, user, access))) throw new DomainError('FORBIDDEN');
  const first = `${access.cls.schoolYearFrom}-06`;
  const last = `${access.cls.schoolYearTo}-05`;
  const fields: FieldIssue[] = [];
  const schoolDays = new Map<string, number>();
  body.months.forEach((m, i) => {
    if (m.month < first || m.month > last || schoolDays.has(m.month)) fields.push({ path: `months.${i}.month`, key: V.invalidChoice });
    schoolDays.set(m.month, m.schoolDays);
  });
  const enrolled = new Set((await classLearners(ctx.db, access.cls.id)).map((l) => l.id));
  const seen = new Set<string>();
  const days: { studentId: string; month: string; daysPresent: number }[] = [];
  body.learners.forEach((l, i) => {
    if (!enrolled.has(l.studentId) || seen.has(l.studentId)) fields.push({ path: `learners.${i}.studentId`, key: V.invalidChoice });
    seen.add(l.studentId);
    for (const [month, daysPresent] of Object.entries(l.present)) {
      const limit = schoolDays.get(month);
      if (limit === undefined) fields.push({ path: `learners.${i}.present.${month}`, key: V.invalidChoice });
      else if (daysPresent > limit) fields.push({ path: `learners.${i}.present.${month}`, key: V.notGreaterThan, params: { limit } });
      else days.push({ studentId: l.studentId, month, daysPresent });
    }
  });
  invalid(fields);
  await replaceAttendance(ctx.db, access.cls.id, body.months, [...seen], days);
  return attendanceSheet(ctx, user, access);
};

export const observedSheet = async (ctx: Ctx, user: UserRow, access: ClassAccess, quarter: Quarter): Promise<ObservedValuesSheet> => {
  hideFromLearners(access);
  const classId = access.cls.id;
  const [learners, marks, canEdit] = [await orderedLearners(ctx, classId), await marksOf(ctx.db, classId, quarter), await canEditSheets(ctx, user, access)];
  const byStudent = new Map<string, Partial<Record<ObservedStatement, ObservedMark>>>();
  for (const m of marks) {
    if ((OBSERVED_STATEMENTS as readonly string[]).includes(m.statement)) byStudent.set(m.studentId, { ...byStudent.get(m.studentId), [m.statement]: m.mark });
  }
  return { quarter, learners: learners.map((l) => ({ ...l, marks: byStudent.get(l.studentId) ?? {} })), canEdit };
};

type ObservedBody = { quarter: Quarter; learners: { studentId: string; marks: Partial<Record<ObservedStatement, ObservedMark>> }[] };

export const saveObserved = async (ctx: Ctx, user: UserRow, access: ClassAccess, body: ObservedBody): Promise<ObservedValuesSheet> => {
  hideFromLearners(access);
  if (!(await canEditSheets(ctx, user, access))) throw new DomainError('FORBIDDEN');
  const enrolled = new Set((await classLearners(ctx.db, access.cls.id)).map((l) => l.id));
  const fields: FieldIssue[] = [];
  const seen = new Set<string>();
  const marks: { studentId: string; statement: string; mark: ObservedMark }[] = [];
  body.learners.forEach((l, i) => {
    if (!enrolled.has(l.studentId) || seen.has(l.studentId)) fields.push({ path: `learners.${i}.studentId`, key: V.invalidChoice });
    seen.add(l.studentId);
    for (const [statement, mark] of Object.entries(l.marks)) if (mark) marks.push({ studentId: l.studentId, statement, mark });
  });
  invalid(fields);
  await replaceMarks(ctx.db, access.cls.id, body.quarter, [...seen], marks);
  return observedSheet(ctx, user, access, body.quarter);
};

/** A learner's stored fields for other modules (the user export), one query for many users. */
export { profilesOf } from './learners.repo.ts';
/** For the bulk upload (admin/bulk): LRNs the school already holds, and the new students' fields. */
export { insertProfiles, lrnsTaken } from './learners.repo.ts';

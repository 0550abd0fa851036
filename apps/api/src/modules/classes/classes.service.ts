import type { ClassDetails, ClassFormValues, ClassJoinInfo, ClassRelation, ClassRow, ClassTeacher, ClassTeacherDetails } from '@klase/core/classes/contracts';
import { fullName } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';

import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadsOf } from '../admin/users/admin-users.service.ts';
import { photoUrlOf } from '../../kernel/people.ts';
import { listChildren } from '../admin/users/users.service.ts';
import { loadClassAccess, requireCan, type ClassAccess, type ClassRecord } from '../../kernel/class-access.ts';
import {
  countClasses,
  findClassRow,
  insertClass,
  listClasses,
  lockClass,
  saveClass,
  otherClassesOf,
  replaceTeachers,
  retireJoinValue,
  schoolTeachers,
  teachersOf,
  touchStudentAccess,
  updateClass,
  type ClassListRow,
  type ClassQuery,
  type ClassReach,
  type TeacherEntry,
} from './classes.repo.ts';
import { withFreshJoinValues, type JoinKind } from './join-codes.ts';

const AUDITED = ['name', 'gradeLevel', 'section', 'schoolYearFrom', 'schoolYearTo', 'description'] as const;

/** Callers who see unpublished courses in the counts (students and parents see published ones). */
const isStaffRelation = (r: ClassRelation) => r === 'teacher' || r === 'assistant' || r === 'schoolAdmin';

const schoolOf = (user: UserRow): string => {
  if (!user.schoolId) throw new DomainError('NOT_FOUND');
  return user.schoolId;
};

export const toClassTeacher = (t: TeacherEntry): ClassTeacher => ({ id: t.id, name: fullName(t), roleId: t.roleId, photoUrl: photoUrlOf(t) });

const toRow = (r: Pick<ClassListRow, 'cls' | 'studentCount' | 'courseCount'>, relation: ClassRelation, teachers: TeacherEntry[]): ClassRow => ({
  id: r.cls.id,
  name: r.cls.name,
  gradeLevel: r.cls.gradeLevel,
  section: r.cls.section,
  schoolYearFrom: r.cls.schoolYearFrom,
  schoolYearTo: r.cls.schoolYearTo,
  teachers: teachers.filter((t) => t.classId === r.cls.id).map(toClassTeacher),
  studentCount: Number(r.studentCount),
  courseCount: Number(r.courseCount),
  archived: r.cls.archivedAt !== null,
  status: r.cls.archivedAt === null ? 'ACTIVE' : 'INACTIVE',
  relation,
  updatedAt: r.cls.updatedAt.toISOString(),
});

export const joinInfoOf = (c: ClassRecord): ClassJoinInfo => ({
  accessCode: c.accessCode,
  codeEnabled: c.codeEnabled,
  inviteToken: c.inviteToken,
  linkEnabled: c.linkEnabled,
});

/** Which classes the list shows and how the caller relates to them. */
const reachOf = async (ctx: Ctx, user: UserRow, childId: string | undefined): Promise<{ reach: ClassReach; relation: ClassRelation }> => {
  switch (user.roleId) {
    case ROLE.teacher:
      return { reach: { kind: 'teaching', userId: user.id }, relation: 'teacher' };
    case ROLE.assistantTeacher:
      return { reach: { kind: 'teaching', userId: user.id }, relation: 'assistant' };
    case ROLE.student:
      return { reach: { kind: 'enrolled', studentIds: [user.id] }, relation: 'student' };
    case ROLE.parent: {
      const children = (await listChildren(ctx.db, user.id)).map((c) => c.id);
      if (childId && !children.includes(childId)) throw new DomainError('NOT_FOUND');
      return { reach: { kind: 'enrolled', studentIds: childId ? [childId] : children }, relation: 'parent' };
    }
    case ROLE.schoolAdmin:
      return { reach: { kind: 'school' }, relation: 'schoolAdmin' };
    default:
      throw new DomainError('FORBIDDEN');
  }
};

export const classTable = async (ctx: Ctx, user: UserRow, q: ClassQuery): Promise<TablePage<ClassRow>> => {
  const schoolId = schoolOf(user);
  const { reach, relation } = await reachOf(ctx, user, q.childId);
  const total = await countClasses(ctx.db, schoolId, reach, q);
  const rows = await listClasses(ctx.db, schoolId, reach, q, !isStaffRelation(relation));
  const teachers = await teachersOf(
    ctx.db,
    rows.map((r) => r.cls.id),
  );
  return { data: rows.map((r) => toRow(r, relation, teachers)), pagination: { page: q.page, totalcount: total } };
};

const detailsOf = async (ctx: Ctx, access: ClassAccess): Promise<ClassDetails> => {
  const row = await findClassRow(ctx.db, access.cls.schoolId, access.cls.id, !isStaffRelation(access.relation));
  if (!row) throw new DomainError('NOT_FOUND');
  const c = row.cls;
  return {
    ...toRow(row, access.relation, await teachersOf(ctx.db, [c.id])),
    description: c.description,
    schoolId: c.schoolId,
    schoolName: row.schoolName,
    join: access.can.manage ? joinInfoOf(c) : null,
    can: access.can,
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
    version: c.version,
  };
};

/** A class as the caller sees it; an enrolled student opening it updates their last access. */
export const classDetails = async (ctx: Ctx, user: UserRow, id: string): Promise<ClassDetails> => {
  const access = await loadClassAccess(ctx.db, user, id);
  if (access.relation === 'student') await touchStudentAccess(ctx.db, id, user.id);
  return detailsOf(ctx, access);
};

const invalidTeachers = () => new DomainError('VALIDATION', { fields: [{ path: 'teacherIds', key: 'invalidChoice' }] });

/**
 * The form's teachers, checked against the school: teachers and assistants only, at least one
 * teacher, and only active accounts join (`current`: the class's teachers now, who stay even if
 * their account was switched off since).
 */
const resolveTeachers = async (ctx: Ctx, schoolId: string, ids: readonly string[], current: readonly string[] = []): Promise<string[]> => {
  const wanted = [...new Set(ids)];
  const found = await schoolTeachers(ctx.db, schoolId, wanted);
  if (found.length !== wanted.length) throw invalidTeachers();
  if (found.some((t) => !t.active && !current.includes(t.id))) throw new DomainError('CLASS_TEACHER_INACTIVE');
  if (!found.some((t) => t.roleId === ROLE.teacher)) throw new DomainError('CLASS_TEACHER_REQUIRED');
  return wanted;
};

const formValues = (v: ClassFormValues) => ({
  name: v.name,
  gradeLevel: v.gradeLevel,
  section: v.section,
  schoolYearFrom: v.schoolYearFrom,
  schoolYearTo: v.schoolYearTo,
  description: v.description,
});

/** A teacher creating a class is always its first teacher; a school administrator names the teachers. */
export const createClass = async (ctx: Ctx, user: UserRow, v: ClassFormValues): Promise<ClassDetails> => {
  const schoolId = schoolOf(user);
  const ids = user.roleId === ROLE.teacher ? [user.id, ...v.teacherIds] : v.teacherIds;
  const teacherIds = await resolveTeachers(ctx, schoolId, ids);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await withFreshJoinValues(tx, async (sp, fresh) =>
      insertClass(sp, {
        ...formValues(v),
        schoolId,
        accessCode: await fresh('code'),
        inviteToken: await fresh('link'),
        createdBy: user.id,
        updatedBy: user.id,
      }),
    );
    await replaceTeachers(tx, row.id, teacherIds);
    await auditChange(tx, {
      schoolId,
      actorId: user.id,
      action: 'class.created',
      targetType: 'class',
      targetId: row.id,
      before: null,
      after: { ...pick(row, AUDITED), teacherIds },
    });
    return row.id;
  });
  return detailsOf(ctx, await loadClassAccess(ctx.db, user, id));
};

/** Loads the class for a settings change: the caller must manage it (its teacher or the school administrator). */
const managed = async (ctx: Ctx, user: UserRow, id: string): Promise<ClassAccess> => {
  const access = await loadClassAccess(ctx.db, user, id);
  requireCan(access, 'manage');
  return access;
};

export const editClass = async (ctx: Ctx, user: UserRow, id: string, v: ClassFormValues & EditVersion): Promise<ClassDetails> => {
  const access = await managed(ctx, user, id);
  const current = (await teachersOf(ctx.db, [id])).map((t) => t.id);
  const teacherIds = await resolveTeachers(ctx, access.cls.schoolId, v.teacherIds, current);
  await ctx.db.transaction(async (tx) => {
    const before = await lockClass(tx, id);
    const oldTeacherIds = (await teachersOf(tx, [id])).map((t) => t.id);
    const row = await saveClass(tx, id, v, user.id, formValues(v));
    await replaceTeachers(tx, id, teacherIds);
    const diff = changes(before, row, AUDITED);
    if (oldTeacherIds.join() !== teacherIds.join()) {
      diff.before.teacherIds = oldTeacherIds;
      diff.after.teacherIds = teacherIds;
    }
    await auditChange(tx, { schoolId: row.schoolId, actorId: user.id, action: 'class.updated', targetType: 'class', targetId: id, ...diff });
  });
  return detailsOf(ctx, await loadClassAccess(ctx.db, user, id));
};

/** Archives or restores; an archived class refuses joining and roster and group changes. */
export const setArchived = async (ctx: Ctx, user: UserRow, id: string, archived: boolean): Promise<void> => {
  await managed(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    const before = await lockClass(tx, id);
    const was = before.archivedAt !== null;
    if (was !== archived) await updateClass(tx, id, { archivedAt: archived ? new Date() : null, updatedBy: user.id });
    await auditChange(tx, {
      schoolId: before.schoolId,
      actorId: user.id,
      action: archived ? 'class.archived' : 'class.restored',
      targetType: 'class',
      targetId: id,
      before: { archived: was },
      after: { archived },
    });
  });
};

/** Switches the access code and/or the invitation link on or off. */
export const switchJoin = async (ctx: Ctx, user: UserRow, id: string, v: { codeEnabled?: boolean; linkEnabled?: boolean }): Promise<ClassJoinInfo> => {
  await managed(ctx, user, id);
  return ctx.db.transaction(async (tx) => {
    const before = await lockClass(tx, id);
    const row = await updateClass(tx, id, {
      codeEnabled: v.codeEnabled ?? before.codeEnabled,
      linkEnabled: v.linkEnabled ?? before.linkEnabled,
      updatedBy: user.id,
    });
    await auditChange(tx, {
      schoolId: row.schoolId,
      actorId: user.id,
      action: 'class.join-switched',
      targetType: 'class',
      targetId: id,
      ...changes(before, row, ['codeEnabled', 'linkEnabled']),
    });
    return joinInfoOf(row);
  });
};

/** Replaces the code or the link; the old value is retired (answered as "replaced", never handed out again). */
export const regenerateJoin = async (ctx: Ctx, user: UserRow, id: string, what: JoinKind): Promise<ClassJoinInfo> => {
  await managed(ctx, user, id);
  return ctx.db.transaction(async (tx) => {
    const before = await lockClass(tx, id);
    const old = what === 'code' ? before.accessCode : before.inviteToken;
    await retireJoinValue(tx, id, what, old);
    const row = await withFreshJoinValues(tx, async (sp, fresh) => {
      const value = await fresh(what);
      return updateClass(sp, id, { ...(what === 'code' ? { accessCode: value } : { inviteToken: value }), updatedBy: user.id });
    });
    // The access code is read out in class and may be logged; the link's token is a secret and is not.
    await auditChange(tx, {
      schoolId: row.schoolId,
      actorId: user.id,
      action: 'class.join-regenerated',
      targetType: 'class',
      targetId: id,
      before: what === 'code' ? { accessCode: old } : null,
      after: what === 'code' ? { accessCode: row.accessCode } : null,
      extra: { what },
    });
    return joinInfoOf(row);
  });
};

/** Everyone who teaches the class (any member may see them). */
export const classTeachers = async (ctx: Ctx, user: UserRow, id: string) => {
  await loadClassAccess(ctx.db, user, id);
  return (await teachersOf(ctx.db, [id])).map((t) => ({ ...toClassTeacher(t), email: t.email }));
};

/** The teacher page; the teacher's other classes are listed to staff only. */
export const teacherDetails = async (ctx: Ctx, user: UserRow, id: string, teacherId: string): Promise<ClassTeacherDetails> => {
  const access = await loadClassAccess(ctx.db, user, id);
  const t = (await teachersOf(ctx.db, [id])).find((x) => x.id === teacherId);
  if (!t) throw new DomainError('NOT_FOUND');
  return {
    id: t.id,
    name: fullName(t),
    salutation: t.salutation,
    roleId: t.roleId,
    email: t.email,
    photoUrl: photoUrlOf(t),
    loads: await loadsOf(ctx.db, t.id),
    otherClasses: isStaffRelation(access.relation) ? await otherClassesOf(ctx.db, access.cls.schoolId, t.id, id) : [],
  };
};

/**
 * Teachers and assistants of the school, for the class form: of the caller's school for a new
 * class (`id` absent), of the class's school for its settings (its managers only).
 */
export const teacherCandidates = async (ctx: Ctx, user: UserRow, id?: string) => {
  const schoolId = id ? (await managed(ctx, user, id)).cls.schoolId : schoolOf(user);
  return (await schoolTeachers(ctx.db, schoolId)).map((t) => ({ id: t.id, name: fullName(t), roleId: t.roleId, username: t.username }));
};

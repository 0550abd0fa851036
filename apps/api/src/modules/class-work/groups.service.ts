import { randomInt } from 'node:crypto';
import type { GroupDetails, GroupRow, SplitPreview, groupForm, groupSplitRequest, saveGeneratedRequest } from '@klase/core/class-work/contracts';
import { generatedNames, splitStudents } from '@klase/core/classes/split';
import type { Locale } from '@klase/core/constants';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import type { ParsedTableQuery, TablePage } from '@klase/core/table';
import type { z } from 'zod';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { UserRow } from '../../platform/rows.ts';
import { requireCan, type ClassAccess } from '../../kernel/class-access.ts';
import { classWorkMessage } from './messages.ts';
import { toPerson } from '../../kernel/people.ts';
import {
  deleteGroup,
  enrolledAmong,
  enrolledStudents,
  findGroup,
  groupMembers,
  insertGroup,
  listGroups,
  memberIdsOf,
  setGroupMembers,
  takenGroupNames,
  updateGroup,
  type GroupRecord,
} from './groups.repo.ts';

/** Groups of a class (spec: class-list, groups tab; teachers of the class only). */

type GroupFormValues = z.output<typeof groupForm>;
type SplitValues = z.output<typeof groupSplitRequest>;
type SaveGeneratedValues = z.output<typeof saveGeneratedRequest>;

const AUDITED = ['name', 'description', 'type', 'splitBy', 'splitSize', 'splitOrder'] as const;

/** Reading groups: teachers of the class (route policy: role 3; assistants and admins are refused too). */
const requireTeacher = (access: ClassAccess): void => {
  if (access.relation !== 'teacher') throw new DomainError('FORBIDDEN');
};

const toRow = (g: GroupRecord, memberCount: number): GroupRow => ({
  id: g.id,
  name: g.name,
  description: g.description,
  type: g.type,
  memberCount,
  splitBy: g.splitBy,
  splitSize: g.splitSize,
  splitOrder: g.splitOrder,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

const invalid = (path: string, key: string, params?: FieldIssue['params']): DomainError =>
  new DomainError('VALIDATION', { fields: [{ path, key, ...(params ? { params } : {}) }] });

/** A duplicate name that slipped past the check (two saves at once) is GROUP_EXISTS too. */
const guardName = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (uniqueViolation(err)?.constraint.includes('class_groups_name')) throw new DomainError('GROUP_EXISTS');
    throw err;
  }
};

export const groupTable = async (ctx: Ctx, access: ClassAccess, q: ParsedTableQuery): Promise<TablePage<GroupRow>> => {
  requireTeacher(access);
  const { rows, total } = await listGroups(ctx.db, access.cls.id, q);
  return { data: rows.map((r) => toRow(r.group, Number(r.memberCount))), pagination: { page: q.page, totalcount: total } };
};

const detailsOf = async (db: Db, classId: string, groupId: string): Promise<GroupDetails> => {
  const group = await findGroup(db, classId, groupId);
  if (!group) throw new DomainError('NOT_FOUND');
  const members = (await groupMembers(db, classId, groupId)).map(toPerson);
  return { ...toRow(group, members.length), members, createdBy: group.createdBy, updatedBy: group.updatedBy };
};

export const groupDetails = (ctx: Ctx, access: ClassAccess, groupId: string): Promise<GroupDetails> => {
  requireTeacher(access);
  return detailsOf(ctx.db, access.cls.id, groupId);
};

/** The distinct member ids, all enrolled in the class (else `invalidChoice` on `path`). */
const enrolledMembers = async (db: Db, classId: string, ids: readonly string[], path: string): Promise<string[]> => {
  const unique = [...new Set(ids)];
  const enrolled = await enrolledAmong(db, classId, unique);
  if (unique.some((id) => !enrolled.has(id))) throw invalid(path, 'invalidChoice');
  return unique;
};

const assertNamesFree = async (db: Db, classId: string, names: readonly string[], exceptId?: string): Promise<void> => {
  if ((await takenGroupNames(db, classId, names, exceptId)).length > 0) throw new DomainError('GROUP_EXISTS');
};

export const createGroup = async (ctx: Ctx, access: ClassAccess, actor: UserRow, v: GroupFormValues): Promise<GroupDetails> => {
  requireCan(access, 'manageGroups');
  const classId = access.cls.id;
  const id = await guardName(() =>
    ctx.db.transaction(async (tx) => {
      const memberIds = await enrolledMembers(tx, classId, v.memberIds, 'memberIds');
      await assertNamesFree(tx, classId, [v.name]);
      const row = await insertGroup(tx, { classId, name: v.name, description: v.description, type: 'manual', createdBy: actor.id, updatedBy: actor.id });
      await setGroupMembers(tx, classId, row.id, memberIds);
      await auditChange(tx, {
        schoolId: access.cls.schoolId,
        actorId: actor.id,
        action: 'group.created',
        targetType: 'group',
        targetId: row.id,
        before: null,
        after: { ...pick(row, AUDITED), memberIds: [...memberIds].sort() },
        extra: { classId },
      });
      return row.id;
    }),
  );
  return detailsOf(ctx.db, classId, id);
};

/** Renames a group and replaces its members (a generated group keeps its type and split). */
export const editGroup = async (ctx: Ctx, access: ClassAccess, actor: UserRow, groupId: string, v: GroupFormValues): Promise<GroupDetails> => {
  requireCan(access, 'manageGroups');
  const classId = access.cls.id;
  await guardName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findGroup(tx, classId, groupId);
      if (!before) throw new DomainError('NOT_FOUND');
      const memberIds = await enrolledMembers(tx, classId, v.memberIds, 'memberIds');
      await assertNamesFree(tx, classId, [v.name], groupId);
      const beforeMembers = (await memberIdsOf(tx, classId, groupId)).sort();
      const row = await updateGroup(tx, classId, groupId, { name: v.name, description: v.description, updatedBy: actor.id });
      await setGroupMembers(tx, classId, groupId, memberIds);
      const diff = changes({ ...before, memberIds: beforeMembers }, { ...row, memberIds: [...memberIds].sort() }, [...AUDITED, 'memberIds']);
      await auditChange(tx, {
        schoolId: access.cls.schoolId,
        actorId: actor.id,
        action: 'group.updated',
        targetType: 'group',
        targetId: groupId,
        ...diff,
        extra: { classId },
      });
    }),
  );
  return detailsOf(ctx.db, classId, groupId);
};

/** Deletes a group; its students stay enrolled in the class. */
export const removeGroup = async (ctx: Ctx, access: ClassAccess, actor: UserRow, groupId: string, locale: Locale) => {
  requireCan(access, 'manageGroups');
  const classId = access.cls.id;
  await ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, classId, groupId);
    if (!before) throw new DomainError('NOT_FOUND');
    const memberIds = (await memberIdsOf(tx, classId, groupId)).sort();
    await deleteGroup(tx, classId, groupId);
    await auditChange(tx, {
      schoolId: access.cls.schoolId,
      actorId: actor.id,
      action: 'group.deleted',
      targetType: 'group',
      targetId: groupId,
      before: { ...pick(before, AUDITED), memberIds },
      after: null,
      extra: { classId },
    });
  });
  return classWorkMessage(locale, 'groupDeleted');
};

/** Crypto randomness in [0, 1) for the shuffle. */
const RANDOM_RANGE = 2 ** 48 - 1;
const cryptoRandom = (): number => randomInt(RANDOM_RANGE) / RANDOM_RANGE;

/**
 * Splits the enrolled students as asked, without writing anything. Generated names that an
 * existing group already has answer GROUP_EXISTS here already, so the teacher picks another
 * prefix before looking at the split.
 */
export const previewSplit = async (ctx: Ctx, access: ClassAccess, v: SplitValues): Promise<SplitPreview> => {
  requireCan(access, 'manageGroups');
  const students = await enrolledStudents(ctx.db, access.cls.id);
  const split = splitStudents(students, { by: v.by, size: v.size, order: v.order, random: cryptoRandom });
  if (!Array.isArray(split)) {
    if (split.kind === 'noStudents') throw new DomainError('NO_STUDENTS');
    if (split.kind === 'tooManyGroups') throw invalid('size', 'notGreaterThan', { limit: split.limit });
    throw invalid('size', 'greaterThanZero');
  }
  const names = generatedNames(v.prefix, split.length);
  await assertNamesFree(ctx.db, access.cls.id, names);
  return { groups: split.map((members, i) => ({ name: names[i] ?? '', members: members.map(toPerson) })), studentCount: students.length };
};

/** Saves a previewed split as generated groups, all or nothing. */
export const saveGenerated = async (ctx: Ctx, access: ClassAccess, actor: UserRow, v: SaveGeneratedValues, locale: Locale) => {
  requireCan(access, 'manageGroups');
  const classId = access.cls.id;
  const all = v.groups.flatMap((g) => g.memberIds);
  if (new Set(all).size !== all.length) throw invalid('groups', 'groupMembersTwice');
  const names = v.groups.map((g) => g.name);
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) throw new DomainError('GROUP_EXISTS');
  await guardName(() =>
    ctx.db.transaction(async (tx) => {
      await enrolledMembers(tx, classId, all, 'groups');
      await assertNamesFree(tx, classId, names);
      const created: { id: string; name: string; memberIds: string[] }[] = [];
      for (const g of v.groups) {
        const row = await insertGroup(tx, {
          classId,
          name: g.name,
          type: 'generated',
          splitBy: v.by,
          splitSize: v.size,
          splitOrder: v.order,
          createdBy: actor.id,
          updatedBy: actor.id,
        });
        await setGroupMembers(tx, classId, row.id, g.memberIds);
        created.push({ id: row.id, name: row.name, memberIds: [...g.memberIds].sort() });
      }
      await auditChange(tx, {
        schoolId: access.cls.schoolId,
        actorId: actor.id,
        action: 'groups.generated',
        targetType: 'class',
        targetId: classId,
        before: null,
        after: { by: v.by, size: v.size, order: v.order, groups: created },
      });
    }),
  );
  const count = v.groups.length;
  return { created: count, ...classWorkMessage(locale, count === 1 ? 'groupGenerated' : 'groupsGenerated', { count }) };
};

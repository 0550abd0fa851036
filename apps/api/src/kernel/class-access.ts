import { and, eq, sql } from 'drizzle-orm';
import type { ClassDetails, ClassRelation } from '@klase/core/classes/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { classes, classStudents, classTeachers } from '../db/schema/classes.ts';
import { parentStudents } from '../db/schema/users.ts';
import type { UserRow } from '../platform/rows.ts';

export type ClassRecord = typeof classes.$inferSelect;

/** What the caller may do in a class (the SPA shows the same through `ClassDetails.can`). */
export type ClassCan = ClassDetails['can'];

export interface ClassAccess {
  cls: ClassRecord;
  relation: ClassRelation;
  can: ClassCan;
  /** For a parent: the enrolled children they reach the class through. */
  childIds: string[];
}

const capabilities = (relation: ClassRelation, archived: boolean): ClassCan => {
  const teacher = relation === 'teacher';
  const staff = teacher || relation === 'assistant';
  return {
    manage: teacher || relation === 'schoolAdmin',
    manageRoster: teacher && !archived,
    manageGroups: teacher && !archived,
    viewProgress: staff || relation === 'schoolAdmin',
    viewStudentDetails: staff,
    resetStudentPasswords: teacher,
    grade: staff && !archived,
  };
};

/**
 * The one relationship check of every `/api/classes/:id/...` route: the caller is a teacher or
 * assistant of the class, an enrolled student, a parent of an enrolled child, or an
 * administrator of its school. Anyone else gets NOT_FOUND, so class ids of other classes and
 * schools reveal nothing. Role lists (route policies) are checked before this.
 */
export const loadClassAccess = async (db: Db, user: UserRow, classId: string): Promise<ClassAccess> => {
  const [cls] = await db.select().from(classes).where(eq(classes.id, classId)).limit(1);
  if (!cls || cls.schoolId !== user.schoolId) throw new DomainError('NOT_FOUND');
  const archived = cls.archivedAt !== null;
  let relation: ClassRelation | null = null;
  let childIds: string[] = [];
  if (user.roleId === ROLE.schoolAdmin) relation = 'schoolAdmin';
  else if (user.roleId === ROLE.teacher || user.roleId === ROLE.assistantTeacher) {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, user.id)))
      .limit(1);
    if (row) relation = user.roleId === ROLE.teacher ? 'teacher' : 'assistant';
  } else if (user.roleId === ROLE.student) {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(classStudents)
      .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, user.id)))
      .limit(1);
    if (row) relation = 'student';
  } else if (user.roleId === ROLE.parent) {
    const rows = await db
      .select({ id: classStudents.studentId })
      .from(classStudents)
      .innerJoin(parentStudents, eq(parentStudents.studentId, classStudents.studentId))
      .where(and(eq(classStudents.classId, classId), eq(parentStudents.parentId, user.id)));
    childIds = rows.map((r) => r.id);
    if (childIds.length > 0) relation = 'parent';
  }
  if (!relation) throw new DomainError('NOT_FOUND');
  return { cls, relation, can: capabilities(relation, archived), childIds };
};

/** Refuses the action unless `allowed` (FORBIDDEN: the caller is in the class but may not do it). */
export const requireCan = (access: ClassAccess, what: keyof ClassCan): void => {
  if (!access.can[what]) throw new DomainError(access.cls.archivedAt && access.relation === 'teacher' ? 'CLASS_ARCHIVED' : 'FORBIDDEN');
};

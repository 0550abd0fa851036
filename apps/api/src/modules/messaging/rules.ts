import type { Locale } from '@klase/core/constants';
import { fullName } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import type { ContactRow } from '@klase/core/messaging/contracts';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { photoUrlOf } from '../../kernel/people.ts';
import type { UserRow } from '../../platform/rows.ts';
import {
  childrenOf,
  classmatesOf,
  findUserBrief,
  parentsOfStudentsTaughtBy,
  peopleOfSchool,
  schoolUserIds,
  studentMessagingOn,
  studentsTaughtBy,
  teachersOfStudents,
  TEACHING_ROLES,
  type PersonRecord,
  type RelationRow,
} from './access.repo.ts';
import { parentOf } from './messages.ts';

/**
 * Who may message whom (decision 0039), written once and used by the contacts list, user
 * details, starting a conversation and sending in a one-to-one conversation:
 * teachers and assistants ↔ the students of their classes and those students' parents;
 * students ↔ their teachers, and ↔ classmates while the school allows it; parents ↔ their
 * children's teachers; school administrators ↔ everyone of their school. Only active accounts of
 * the caller's own school; archived classes connect nobody.
 */

type Group = ContactRow['group'];

interface Reach {
  group: Group;
  /** Class names the two share. */
  classes: Set<string>;
  /** For a parent contact: the ids of their children the caller teaches. */
  children: Set<string>;
}

const GROUP_OF_ROLE: Record<number, Group> = {
  [ROLE.teacher]: 'teachers',
  [ROLE.assistantTeacher]: 'teachers',
  [ROLE.student]: 'students',
  [ROLE.parent]: 'parents',
  [ROLE.schoolAdmin]: 'staff',
};

const add = (reach: Map<string, Reach>, group: Group, rows: readonly RelationRow[], as: 'classes' | 'children' | 'none' = 'classes') => {
  for (const r of rows) {
    const entry = reach.get(r.userId) ?? { group, classes: new Set<string>(), children: new Set<string>() };
    if (as !== 'none') entry[as].add(r.via);
    reach.set(r.userId, entry);
  }
};

/** The school's administrators, who everyone but an administrator reaches. */
const adminsFor = async (db: Db, me: UserRow & { schoolId: string }): Promise<RelationRow[]> =>
  me.roleId === ROLE.schoolAdmin ? [] : (await schoolUserIds(db, me.schoolId, [ROLE.schoolAdmin])).map((a) => ({ userId: a.id, via: '' }));

/**
 * Everyone the caller reaches, with how (before the same-school and active filter of
 * `peopleOfSchool`). The queries do not depend on each other and run at once on the pool (one
 * after the other inside a transaction); a student's classmates are read together with the
 * school's setting and kept only when it allows them.
 */
const reachOf = async (db: Db, me: UserRow): Promise<Map<string, Reach>> => {
  const reach = new Map<string, Reach>();
  const { schoolId } = me;
  if (!schoolId) return reach;
  const mine = { ...me, schoolId };
  if (me.roleId === ROLE.schoolAdmin) {
    for (const u of await schoolUserIds(db, schoolId)) {
      const group = GROUP_OF_ROLE[u.roleId];
      if (group) add(reach, group, [{ userId: u.id, via: '' }], 'none');
    }
  } else if (TEACHING_ROLES.includes(me.roleId)) {
    const [students, parents, admins] = await concurrently(
      db,
      () => studentsTaughtBy(db, me.id),
      () => parentsOfStudentsTaughtBy(db, me.id),
      () => adminsFor(db, mine),
    );
    add(reach, 'students', students);
    add(reach, 'parents', parents, 'children');
    add(reach, 'staff', admins, 'none');
  } else if (me.roleId === ROLE.student) {
    const [teachers, studentsMayTalk, classmates, admins] = await concurrently(
      db,
      () => teachersOfStudents(db, [me.id]),
      () => studentMessagingOn(db, schoolId),
      () => classmatesOf(db, me.id),
      () => adminsFor(db, mine),
    );
    add(reach, 'teachers', teachers);
    if (studentsMayTalk) add(reach, 'classmates', classmates);
    add(reach, 'staff', admins, 'none');
  } else {
    const [teachers, admins] = await concurrently(
      db,
      async () => (me.roleId === ROLE.parent ? teachersOfStudents(db, await childrenOf(db, me.id)) : []),
      () => adminsFor(db, mine),
    );
    add(reach, 'teachers', teachers);
    add(reach, 'staff', admins, 'none');
  }
  reach.delete(me.id);
  return reach;
};

export interface Contact {
  person: PersonRecord;
  group: Group;
  context: string;
}

const contextOf = async (db: Db, me: UserRow, r: Reach, locale: Locale): Promise<string> => {
  if (r.children.size > 0 && me.schoolId) {
    const kids = await peopleOfSchool(db, me.schoolId, [...r.children]);
    return parentOf(locale, kids.map((k) => fullName(k)).join(', '));
  }
  return [...r.classes].sort().join(', ');
};

/** The people the caller may message (optionally only these ids, or names containing `q`), sorted by name. */
export const contactsOf = async (db: Db, me: UserRow, locale: Locale, opts: { q?: string; only?: readonly string[] } = {}): Promise<Contact[]> => {
  if (!me.schoolId) return [];
  const reach = await reachOf(db, me);
  const ids = opts.only ? opts.only.filter((id) => reach.has(id)) : [...reach.keys()];
  const people = await peopleOfSchool(db, me.schoolId, ids, opts.q ?? '');
  const out: Contact[] = [];
  for (const person of people) {
    const r = reach.get(person.id);
    if (r) out.push({ person, group: r.group, context: await contextOf(db, me, r, locale) });
  }
  return out;
};

export type MessagingVerdict = 'ok' | 'notFound' | 'notAllowed' | 'studentOff';

/** May `me` message `otherId` one-to-one? (blocks are separate: `blocks` in the service). */
export const messagingVerdict = async (db: Db, me: UserRow, otherId: string): Promise<MessagingVerdict> => {
  // Who the caller reaches is read together with the other person (it is only needed when they may be reached).
  const [other, reach] = await concurrently(
    db,
    () => findUserBrief(db, otherId),
    () => reachOf(db, me),
  );
  if (!other || other.id === me.id) return 'notFound';
  if (!me.schoolId || other.schoolId !== me.schoolId || !other.active) return 'notAllowed';
  if (reach.has(other.id)) return 'ok';
  if (me.roleId === ROLE.student && other.roleId === ROLE.student && !(await studentMessagingOn(db, me.schoolId))) return 'studentOff';
  return 'notAllowed';
};

/** Throws the verdict's error: 404 for an unknown user, 403 with the translated reason otherwise. */
export const requireMessaging = async (db: Db, me: UserRow, otherId: string): Promise<void> => {
  const verdict = await messagingVerdict(db, me, otherId);
  if (verdict === 'notFound') throw new DomainError('NOT_FOUND');
  if (verdict === 'studentOff') throw new DomainError('STUDENT_MESSAGING_OFF');
  if (verdict === 'notAllowed') throw new DomainError('MESSAGE_NOT_ALLOWED');
};

export const personRefOf = (p: Pick<PersonRecord, 'id' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'roleId' | 'photoKey' | 'photoVersion'>) => ({
  id: p.id,
  name: fullName(p),
  roleId: p.roleId,
  photoUrl: photoUrlOf(p),
});

import { DomainError } from '@klase/core/errors';
import {
  MESSAGE_EVENTS,
  MESSAGES_PAGE,
  type ConversationDetails,
  type ConversationListQuery,
  type ConversationPage,
  type StartConversation,
} from '@klase/core/messaging/contracts';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { publish } from '../../platform/realtime/bus.ts';
import type { UserRow } from '../../platform/rows.ts';
import { classWithMembers, groupWithMembers } from './access.repo.ts';
import {
  blocksAmong,
  findConversationFor,
  findConversationByKey,
  findMember,
  findOrInsertConversation,
  listConversations,
  membersOf,
  syncMembers,
  updateMember,
  type ConversationRecord,
} from './messaging.repo.ts';
import { messagingVerdict, personRefOf, requireMessaging } from './rules.ts';
import { conversationRows } from './views.ts';

/**
 * Conversations: find-or-create, list, details, star and mute. A conversation the caller is not a
 * member of is NOT_FOUND, whatever the caller's role (ids cannot be probed). Class and group
 * conversations follow their class: members are brought up to date whenever one is started,
 * opened or written to (a student who left the class leaves it; school administrators who joined
 * stay).
 */

type ListQuery = Required<Omit<ConversationListQuery, 'cursor'>> & { cursor?: string };

/** The members a class or group conversation should have now (undefined: the class is gone or archived, members stay as they are). */
const wantedMembers = async (db: Db, c: Pick<ConversationRecord, 'kind' | 'classId' | 'groupId'>): Promise<string[] | undefined> => {
  if (c.kind === 'class' && c.classId) {
    const cls = await classWithMembers(db, c.classId);
    return cls ? [...cls.teacherIds, ...cls.studentIds] : undefined;
  }
  if (c.kind === 'group' && c.groupId) {
    const g = await groupWithMembers(db, c.groupId);
    return g ? [...g.cls.teacherIds, ...g.studentIds] : undefined;
  }
  return undefined;
};

/** Brings a class or group conversation's members up to date with its class. */
export const syncClassMembers = async (db: Db, c: ConversationRecord, keep: readonly string[] = []): Promise<void> => {
  const wanted = await wantedMembers(db, c);
  if (!wanted) return;
  const want = new Set([...wanted, ...keep]);
  const current = await membersOf(db, [c.id]);
  const have = new Set(current.map((m) => m.id));
  await syncMembers(
    db,
    c.id,
    [...want].filter((id) => !have.has(id)),
    current.filter((m) => !want.has(m.id) && m.roleId !== ROLE.schoolAdmin).map((m) => m.id),
  );
};

/** The conversation if the caller is (still) a member, else NOT_FOUND. */
export const memberConversation = async (db: Db, me: UserRow, id: string): Promise<ConversationRecord> => {
  const found = await findConversationFor(db, id, me.id);
  const c = found?.conversation;
  if (!found || !c || c.schoolId !== me.schoolId) throw new DomainError('NOT_FOUND');
  if (c.kind === 'direct') {
    if (!found.member) throw new DomainError('NOT_FOUND');
    return c;
  }
  // Class and group members follow the class: brought up to date first, then asked again.
  await syncClassMembers(db, c);
  if (!(await findMember(db, c.id, me.id))) throw new DomainError('NOT_FOUND');
  return c;
};

/** Why the caller cannot send in a direct conversation (blocks first, then the rules), or null. */
export const sendBlockedReason = async (
  db: Db,
  me: UserRow,
  c: ConversationRecord,
  otherId: string | undefined,
): Promise<ConversationDetails['sendBlocked']> => {
  if (c.kind !== 'direct') return null;
  if (!otherId) return 'notAllowed';
  // The rules are read together with the blocks (they only matter when there is none).
  const [blocks, verdict] = await concurrently(
    db,
    () => blocksAmong(db, me.id, [otherId]),
    () => messagingVerdict(db, me, otherId),
  );
  if (blocks.some((b) => b.blockerId === me.id)) return 'youBlocked';
  if (blocks.length > 0) return 'blockedYou';
  return verdict === 'ok' ? null : 'notAllowed';
};

const cursorOf = (at: string, id: string): string => Buffer.from(`${at}|${id}`).toString('base64url');
const parseCursor = (cursor: string | undefined): { at: Date; id: string } | undefined => {
  if (!cursor) return undefined;
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const when = new Date(at);
  if (Number.isNaN(when.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new DomainError('VALIDATION', { fields: [{ path: 'cursor', key: 'invalidChoice' }] });
  return { at: when, id };
};

/** `GET /api/messages/conversations`. */
export const listMyConversations = async (db: Db, me: UserRow, q: ListQuery): Promise<ConversationPage> => {
  const listed = await listConversations(db, me.id, { filter: q.filter, q: q.q, after: parseCursor(q.cursor), limit: MESSAGES_PAGE + 1 });
  const page = listed.slice(0, MESSAGES_PAGE);
  const rows = await conversationRows(db, me.id, page);
  const last = rows.at(-1);
  return { items: rows.map((r) => r.row), nextCursor: listed.length > MESSAGES_PAGE && last ? cursorOf(last.row.updatedAt, last.row.id) : null };
};

/** `GET /api/messages/conversations/:id`. */
export const conversationDetails = async (db: Db, me: UserRow, id: string): Promise<ConversationDetails> => {
  const c = await memberConversation(db, me, id);
  const [listed] = await listConversations(db, me.id, { filter: 'all', q: '', limit: 1, only: [c.id] });
  if (!listed) throw new DomainError('NOT_FOUND');
  const [view] = await conversationRows(db, me.id, [listed]);
  if (!view) throw new DomainError('NOT_FOUND');
  const others = view.members.filter((m) => m.id !== me.id);
  const contactId = c.kind === 'direct' ? others[0]?.id : undefined;
  const sendBlocked = await sendBlockedReason(db, me, c, contactId);
  return {
    ...view.row,
    members: view.members.map(personRefOf),
    contactBlocked: sendBlocked === 'youBlocked',
    sendBlocked,
    readUpTo: others.map((m) => ({ userId: m.id, messageId: m.lastReadId > 0 ? String(m.lastReadId) : null })),
  };
};

const directKey = (a: string, b: string): string => `direct:${[a, b].sort().join(':')}`;

/** The direct conversation of two people, if one exists (for user details). */
export const findDirect = async (db: Db, a: string, b: string, schoolId: string): Promise<string | null> => {
  const found = await findConversationByKey(db, directKey(a, b));
  return found && found.schoolId === schoolId ? found.id : null;
};

/** The conversation a start request names, created if needed; refuses callers the rules do not allow. */
const startOne = async (db: Db, me: UserRow, schoolId: string, input: StartConversation) => {
  if (input.kind === 'direct') {
    await requireMessaging(db, me, input.userId);
    const made = await findOrInsertConversation(db, { schoolId, kind: 'direct', key: directKey(me.id, input.userId), createdBy: me.id });
    await syncMembers(db, made.conversation.id, [me.id, input.userId], []);
    return made;
  }
  const group = input.kind === 'group' ? await groupWithMembers(db, input.groupId) : undefined;
  const cls = input.kind === 'class' ? await classWithMembers(db, input.classId) : group?.cls;
  if (!cls || cls.schoolId !== schoolId) throw new DomainError('NOT_FOUND');
  const staff = cls.teacherIds.includes(me.id) || me.roleId === ROLE.schoolAdmin;
  const inGroup = group?.studentIds.includes(me.id) ?? false;
  if (!staff && !inGroup) throw new DomainError(cls.studentIds.includes(me.id) ? 'MESSAGE_NOT_ALLOWED' : 'NOT_FOUND');
  const made = group
    ? await findOrInsertConversation(db, { schoolId, kind: 'group', key: `group:${group.id}`, classId: cls.id, groupId: group.id, createdBy: me.id })
    : await findOrInsertConversation(db, { schoolId, kind: 'class', key: `class:${cls.id}`, classId: cls.id, createdBy: me.id });
  await syncClassMembers(db, made.conversation, me.roleId === ROLE.schoolAdmin ? [me.id] : []);
  return made;
};

/** `POST /api/messages/conversations`: find or create; `created` tells 201 from 200. */
export const startConversation = async (db: Db, me: UserRow, input: StartConversation): Promise<{ created: boolean; details: ConversationDetails }> => {
  const schoolId = me.schoolId;
  if (!schoolId) throw new DomainError('MESSAGE_NOT_ALLOWED');
  const made = await db.transaction((tx) => startOne(tx, me, schoolId, input));
  return { created: made.created, details: await conversationDetails(db, me, made.conversation.id) };
};

/** `PUT .../star` and `.../mute`: the caller's own flag; their other tabs hear `conversation.updated`. */
export const setMemberFlag = async (db: Db, me: UserRow, id: string, flag: 'starred' | 'muted', on: boolean): Promise<ConversationDetails> => {
  const c = await memberConversation(db, me, id);
  await db.transaction(async (tx) => {
    await updateMember(tx, c.id, me.id, { [flag]: on });
    await publish(tx, { userIds: [me.id], type: MESSAGE_EVENTS.conversationUpdated, data: { conversationId: c.id } });
  });
  return conversationDetails(db, me, c.id);
};

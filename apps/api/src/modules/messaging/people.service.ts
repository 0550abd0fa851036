import type { Locale } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import { MESSAGE_EVENTS, type ContactRow, type UserDetails } from '@klase/core/messaging/contracts';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { publish } from '../../platform/realtime/bus.ts';
import type { UserRow } from '../../platform/rows.ts';
import { TEACHING_ROLES, peopleOfSchool } from './access.repo.ts';
import { findDirect } from './conversations.service.ts';
import { blocksAmong, findMember, setBlock } from './messaging.repo.ts';
import { roleName } from './messages.ts';
import { contactsOf, messagingVerdict, personRefOf } from './rules.ts';

/** Contacts (the people the rules allow), user details and blocking. */

/** `GET /api/messages/contacts?q=`. */
export const listContacts = async (db: Db, me: UserRow, q: string, locale: Locale): Promise<{ items: ContactRow[] }> => {
  const contacts = await contactsOf(db, me, locale, { q });
  const blocked = new Set(
    (
      await blocksAmong(
        db,
        me.id,
        contacts.map((c) => c.person.id),
      )
    )
      .filter((b) => b.blockerId === me.id)
      .map((b) => b.blockedId),
  );
  return { items: contacts.map((c) => ({ ...personRefOf(c.person), group: c.group, context: c.context, blocked: blocked.has(c.person.id) })) };
};

const isStaff = (roleId: number): boolean => TEACHING_ROLES.includes(roleId) || roleId === ROLE.schoolAdmin;

/**
 * `GET /api/messages/users/:id`: someone the caller may message, or already talks with one to one
 * (else NOT_FOUND). The address shows only when one of the two is staff (students and parents do
 * not see each other's).
 */
export const userDetails = async (db: Db, me: UserRow, id: string, locale: Locale): Promise<UserDetails> => {
  if (!me.schoolId || id === me.id) throw new DomainError('NOT_FOUND');
  const [contact] = await contactsOf(db, me, locale, { only: [id] });
  const conversationId = await findDirect(db, me.id, id, me.schoolId);
  const talking = conversationId !== null && (await findMember(db, conversationId, me.id)) !== undefined;
  const person = contact?.person ?? (talking ? (await peopleOfSchool(db, me.schoolId, [id]))[0] : undefined);
  if (!person) throw new DomainError('NOT_FOUND');
  const blocks = await blocksAmong(db, me.id, [id]);
  const verdict = await messagingVerdict(db, me, id);
  return {
    ...personRefOf(person),
    roleName: roleName(person.roleId, locale),
    email: isStaff(me.roleId) || isStaff(person.roleId) ? person.email : null,
    context: contact?.context ?? '',
    blocked: blocks.some((b) => b.blockerId === me.id),
    conversationId: talking ? conversationId : null,
    canMessage: verdict === 'ok' && blocks.length === 0,
  };
};

/**
 * `PUT /api/messages/contacts/:userId/block`: blocks (or unblocks) someone the caller could see in
 * user details. Both sides' tabs hear `conversation.updated` for their direct conversation.
 */
export const blockContact = async (db: Db, me: UserRow, id: string, on: boolean, locale: Locale): Promise<UserDetails> => {
  const before = await userDetails(db, me, id, locale);
  await db.transaction(async (tx) => {
    await setBlock(tx, me.id, id, on);
    if (before.conversationId)
      await publish(tx, { userIds: [me.id, id], type: MESSAGE_EVENTS.conversationUpdated, data: { conversationId: before.conversationId } });
  });
  return userDetails(db, me, id, locale);
};

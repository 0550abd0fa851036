import { setTimeout as sleep } from 'node:timers/promises';
import type { ActivateRequest, ActivationInfo, LoginRequest, SetPasswordRequest, TokenPurpose } from '@klase/core/auth/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import { queueTokenMail } from '../../kernel/account-mail.ts';
import { audit } from '../../kernel/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/password-hash.ts';
import { hitWindow, lockedFor, recordFailure, resetUnder, windowExhausted, type BackoffRule } from '../../platform/rate-limit.ts';
import type { UserRow } from '../../platform/rows.ts';
import { createSession, deleteUserSessions, type NewSession } from '../../platform/sessions.ts';
import { findLiveToken, markTokenUsed } from '../../platform/tokens.ts';
import {
  emailTakenByOther,
  findActiveUserByEmail,
  findUserById,
  findUserForLogin,
  fullName,
  hasActivatedParent,
  listChildren,
  unlinkStudents,
  updateUser,
} from '../admin/users/users.service.ts';

/** Sign-in limits; the reasons are in docs/decisions/0017-sign-in-and-mail-abuse.md. */
export const LOGIN_LIMITS = {
  /** Failed sign-ins per client address (config LOGIN_IP_LIMIT) in this window; successes do not count. */
  ipWindowSeconds: 600,
  /** One account from one client address: 5 failures in a row, then 1 minute, doubling per failure, up to 15. */
  pair: { free: 5, firstSeconds: 60, maxSeconds: 900, forgetSeconds: 86_400 } satisfies BackoffRule,
  /** One account from every address together (the ceiling against guessing from many addresses). */
  account: { free: 20, firstSeconds: 900, maxSeconds: 3600, forgetSeconds: 86_400 } satisfies BackoffRule,
  delayCapMs: 2000,
};

/** The counter key of an account: its id, or for a name no account has, the name (so both answer alike). */
export const accountKey = (userId: string) => `login:acct:${userId}`;
const unknownNameKey = (name: string) => `login:name:${name.trim().toLowerCase()}`;

export interface LoginResult {
  user: UserRow;
  schoolName: string | null;
  session: NewSession;
}

/**
 * Sign-in with throttling kept in the database: failed attempts per client address, and per
 * resolved account (the username and the email of one account share the counters) both from
 * this client address and from all of them.
 */
export const login = async (ctx: Ctx, input: LoginRequest, meta: { ip: string; userAgent?: string }): Promise<LoginResult> => {
  const ipKey = `login:ip:${meta.ip}`;
  const ipWait = await windowExhausted(ctx.db, ipKey, ctx.config.loginIpLimit, LOGIN_LIMITS.ipWindowSeconds);
  if (ipWait !== null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: ipWait });

  const found = await findUserForLogin(ctx.db, input.username);
  const account = found ? accountKey(found.user.id) : unknownNameKey(input.username);
  const pair = `${account}:ip:${meta.ip}`;
  const locked = await lockedFor(ctx.db, [account, pair]);
  if (locked !== null) throw new DomainError('ACCOUNT_LOCKED', { retryAfterSeconds: locked });

  const ok = await verifyPassword(found?.user.passwordHash, input.password);
  if (!found || !ok) {
    await hitWindow(ctx.db, ipKey, ctx.config.loginIpLimit, LOGIN_LIMITS.ipWindowSeconds);
    const mine = await recordFailure(ctx.db, pair, LOGIN_LIMITS.pair);
    const all = await recordFailure(ctx.db, account, LOGIN_LIMITS.account);
    await sleep(Math.min(ctx.config.loginFailureDelayMs * mine.failures, LOGIN_LIMITS.delayCapMs));
    const wait = Math.max(mine.lockedSeconds ?? 0, all.lockedSeconds ?? 0);
    if (wait > 0) throw new DomainError('ACCOUNT_LOCKED', { retryAfterSeconds: wait });
    throw new DomainError('INVALID_CREDENTIALS');
  }
  // The right password ends the run of failures, from this address and from all of them.
  await resetUnder(ctx.db, account);

  const { user } = found;
  if (!user.active || !user.activatedAt) throw new DomainError('ACCOUNT_INACTIVE');
  if (found.customerStatus !== null && found.customerStatus !== 'ACTIVE') throw new DomainError('CUSTOMER_DISABLED');
  if (found.schoolEnabled === false) throw new DomainError('SCHOOL_DISABLED');
  if (user.roleId === ROLE.student && found.requireParentAccount && user.schoolId) {
    if (!(await hasActivatedParent(ctx.db, user.schoolId, user.id))) throw new DomainError('PARENT_NOT_ACTIVATED');
  }
  const session = await createSession(ctx.db, ctx.config, user.id, meta);
  return { user, schoolName: found.schoolName, session };
};

/** The children list of the session answer (empty for non-parents). */
export const childrenOf = async (ctx: Ctx, user: UserRow) => (user.roleId === ROLE.parent ? listChildren(ctx.db, user.id) : []);

/**
 * Forgot-password limits: per client address (checked before the answer, which then says so), and
 * per address asked about (checked after the answer, so being over it tells nothing).
 */
export const FORGOT_LIMITS = { clientRequests: 20, clientWindowSeconds: 600, addressMails: 3, addressWindowSeconds: 3600 };

/** The part of forgot-password done before the answer: the same work whatever the address. */
export const forgotPasswordClientCheck = async (ctx: Ctx, ip: string): Promise<void> => {
  const wait = await hitWindow(ctx.db, `forgot:ip:${ip}`, FORGOT_LIMITS.clientRequests, FORGOT_LIMITS.clientWindowSeconds);
  if (wait !== null) throw new DomainError('RATE_LIMITED_MINUTES', { retryAfterSeconds: wait });
};

/** Done after the answer: queues a reset mail when an active account has this address, at most 3 an hour. */
export const forgotPassword = async (ctx: Ctx, email: string): Promise<void> => {
  const key = `forgot:email:${email.trim().toLowerCase()}`;
  if ((await hitWindow(ctx.db, key, FORGOT_LIMITS.addressMails, FORGOT_LIMITS.addressWindowSeconds)) !== null) return;
  await ctx.db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, email);
    if (user) await queueTokenMail(ctx, tx, user, 'reset');
  });
};

export const checkToken = async (ctx: Ctx, token: string, purpose: TokenPurpose): Promise<ActivationInfo | null> => {
  const row = await findLiveToken(ctx.db, token, purpose);
  if (purpose !== 'activation') return null;
  const found = await findUserById(ctx.db, row.userId);
  if (!found) throw new DomainError('INVALID_ACTIVATION_LINK');
  const children = found.user.roleId === ROLE.parent ? await listChildren(ctx.db, found.user.id) : [];
  return {
    username: found.user.username,
    firstName: found.user.firstName,
    roleId: found.user.roleId,
    schoolName: found.schoolName,
    linkedStudents: children.map((c) => ({ id: c.id, name: fullName(c), username: c.username })),
  };
};

/** Invites a user: queues the activation mail (used by user management and tests). */
export const sendActivation = async (ctx: Ctx, userId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const found = await findUserById(tx, userId);
    if (!found) throw new DomainError('NOT_FOUND');
    await queueTokenMail(ctx, tx, found.user, 'activation');
  });
};

export const activate = async (ctx: Ctx, input: ActivateRequest): Promise<void> => {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const token = await findLiveToken(tx, input.token, 'activation', true);
    const found = await findUserById(tx, token.userId);
    if (!found) throw new DomainError('INVALID_ACTIVATION_LINK');
    const user = found.user;
    await markTokenUsed(tx, token.id);
    await updateUser(tx, user.id, {
      passwordHash,
      active: true,
      activatedAt: new Date(),
      emailVerifiedAt: user.email ? (user.emailVerifiedAt ?? new Date()) : null,
      updatedBy: user.id,
    });
    if (user.roleId === ROLE.parent && input.unlinkStudentIds.length > 0) {
      await unlinkStudents(tx, user.id, input.unlinkStudentIds);
    }
    await audit(tx, {
      schoolId: user.schoolId,
      actorId: user.id,
      action: 'account.activated',
      targetType: 'user',
      targetId: user.id,
      data: input.unlinkStudentIds.length ? { unlinkedStudentIds: input.unlinkStudentIds } : undefined,
    });
  });
};

export const resetPassword = async (ctx: Ctx, input: SetPasswordRequest): Promise<void> => {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const token = await findLiveToken(tx, input.token, 'reset', true);
    const found = await findUserById(tx, token.userId);
    if (!found || !found.user.active) throw new DomainError('INVALID_RESET_LINK');
    if (await verifyPassword(found.user.passwordHash, input.password)) throw new DomainError('SAME_PASSWORD');
    await markTokenUsed(tx, token.id);
    await updateUser(tx, found.user.id, { passwordHash, updatedBy: found.user.id });
    await deleteUserSessions(tx, found.user.id);
    await audit(tx, { schoolId: found.user.schoolId, actorId: found.user.id, action: 'password.reset', targetType: 'user', targetId: found.user.id });
  });
};

export const verifyEmail = async (ctx: Ctx, tokenValue: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const token = await findLiveToken(tx, tokenValue, 'verify-email', true);
    const found = await findUserById(tx, token.userId);
    const email = typeof token.data?.email === 'string' ? token.data.email : null;
    if (!found || !email) throw new DomainError('INVALID_VERIFY_LINK');
    const user = found.user;
    const isPending = user.pendingEmail === email;
    const isCurrent = user.email === email && user.pendingEmail === null;
    if (!isPending && !isCurrent) throw new DomainError('INVALID_VERIFY_LINK');
    if (await emailTakenByOther(tx, email, user.id)) throw new DomainError('EMAIL_EXISTS');
    await markTokenUsed(tx, token.id);
    await updateUser(tx, user.id, { email, pendingEmail: null, emailVerifiedAt: new Date(), updatedBy: user.id });
    await audit(tx, { schoolId: user.schoolId, actorId: user.id, action: 'email.verified', targetType: 'user', targetId: user.id });
  });
};

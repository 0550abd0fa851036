import type { InvitationInfo, JoinAnswer } from '@klase/core/classes/contracts';
import { notifyClassJoined } from '../notifications/notifications.service.ts';
import { fullName } from '@klase/core/admin/users';
import { DomainError, type ErrorCode } from '@klase/core/errors';
import { canOpen } from '@klase/core/guards';
import type { Locale } from '@klase/core/constants';
import { audit } from '../../kernel/audit.ts';
import { classMessage } from './class-messages.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import { hitWindow, windowExhausted } from '../../platform/rate-limit.ts';
import type { UserRow } from '../../platform/rows.ts';
import { findClassByJoin, isRetired, teachersOf } from './classes.repo.ts';
import type { JoinKind } from './join-codes.ts';
import { isEnrolled, joinClass } from './roster.repo.ts';

/**
 * Joining a class with an access code or an invitation link. Every refusal leaves the data as it
 * was; failed attempts with a code are counted per student (10 per 15 minutes), so codes cannot
 * be guessed by trying many.
 */
export const JOIN_LIMITS = { failures: 10, windowSeconds: 900 };

const ERRORS: Record<JoinKind, { invalid: ErrorCode; replaced: ErrorCode; off: ErrorCode }> = {
  code: { invalid: 'JOIN_CODE_INVALID', replaced: 'JOIN_CODE_REPLACED', off: 'JOIN_CODE_OFF' },
  link: { invalid: 'JOIN_LINK_INVALID', replaced: 'JOIN_LINK_REPLACED', off: 'JOIN_LINK_OFF' },
};

/**
 * The class a code or link leads to, in the decision order: a live value of another school, an
 * archived class, a switched-off value; a value that is not live is "replaced" when it was
 * retired, otherwise wrong.
 */
const classOfJoin = async (db: Db, user: UserRow, kind: JoinKind, value: string) => {
  const found = await findClassByJoin(db, kind, value);
  if (!found) throw new DomainError((await isRetired(db, kind, value)) ? ERRORS[kind].replaced : ERRORS[kind].invalid);
  const { cls } = found;
  if (cls.schoolId !== user.schoolId) throw new DomainError('JOIN_OTHER_SCHOOL');
  if (cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  if (!(kind === 'code' ? cls.codeEnabled : cls.linkEnabled)) throw new DomainError(ERRORS[kind].off);
  return found;
};

const requireStudent = (user: UserRow): void => {
  if (!canOpen('classJoin', user.roleId)) throw new DomainError('JOIN_NOT_STUDENT');
};

const enrol = async (ctx: Ctx, user: UserRow, kind: JoinKind, value: string, locale: Locale): Promise<JoinAnswer> =>
  ctx.db.transaction(async (tx) => {
    const { cls } = await classOfJoin(tx, user, kind, value);
    if (!(await joinClass(tx, cls.id, user.id, kind))) throw new DomainError('ALREADY_ENROLLED');
    await audit(tx, { schoolId: cls.schoolId, actorId: user.id, action: 'class.joined', targetType: 'class', targetId: cls.id, data: { via: kind } });
    await notifyClassJoined(tx, ctx, cls.id, user.id);
    return { classId: cls.id, className: cls.name, ...classMessage(locale, 'joined', { name: cls.name }) };
  });

const rateKey = (userId: string) => `join:code:${userId}`;

/** `POST /api/classes/join`: a student joins with an access code. */
export const joinByCode = async (ctx: Ctx, user: UserRow, code: string, locale: Locale): Promise<JoinAnswer> => {
  requireStudent(user);
  const key = rateKey(user.id);
  const wait = await windowExhausted(ctx.db, key, JOIN_LIMITS.failures, JOIN_LIMITS.windowSeconds);
  if (wait !== null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: wait });
  try {
    return await enrol(ctx, user, 'code', code, locale);
  } catch (err) {
    if (err instanceof DomainError) {
      const over = await hitWindow(ctx.db, key, JOIN_LIMITS.failures, JOIN_LIMITS.windowSeconds);
      if (over !== null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: over });
    }
    throw err;
  }
};

/** `GET /api/classes/invitations/:token`: what the link leads to (any signed-in user may look). */
export const invitationInfo = async (ctx: Ctx, user: UserRow, token: string): Promise<InvitationInfo> => {
  const { cls, schoolName } = await classOfJoin(ctx.db, user, 'link', token);
  const teachers = await teachersOf(ctx.db, [cls.id]);
  return {
    className: cls.name,
    gradeLevel: cls.gradeLevel,
    section: cls.section,
    schoolName,
    teacherNames: teachers.map((t) => fullName(t)),
    enrolled: await isEnrolled(ctx.db, cls.id, user.id),
    classId: cls.id,
  };
};

/** `POST /api/classes/invitations/:token/accept`: a student joins through the link. */
export const acceptInvitation = async (ctx: Ctx, user: UserRow, token: string, locale: Locale): Promise<JoinAnswer> => {
  requireStudent(user);
  return enrol(ctx, user, 'link', token, locale);
};

import type { ChangePasswordRequest, ChildProfile, PreferencesRequest, UpdateProfileRequest } from '@klase/core/auth/contracts';
import { DomainError } from '@klase/core/errors';
import type { TourState } from '@klase/core/reports/contracts';
import { queueTokenMail } from '../../kernel/account-mail.ts';
import { audit } from '../../kernel/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/password-hash.ts';
import type { AuthState } from '../../platform/types.ts';
import type { UserRow } from '../../platform/rows.ts';
import { deleteUserSessions } from '../../platform/sessions.ts';
import { emailTakenByOther, findChild, findUserById, isUuid, listChildren, toChildEntry, updateUser } from '../admin/users/users.service.ts';

const reload = async (ctx: Ctx, userId: string) => {
  const found = await findUserById(ctx.db, userId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};

export const getProfile = (ctx: Ctx, auth: AuthState) => reload(ctx, auth.user.id);

/** Saves names and preferences; a new email waits in pendingEmail until its link is followed. */
export const updateProfile = async (ctx: Ctx, auth: AuthState, input: UpdateProfileRequest) => {
  await ctx.db.transaction(async (tx) => {
    const found = await findUserById(tx, auth.user.id);
    if (!found) throw new DomainError('NOT_FOUND');
    const current = found.user;
    const email = input.email.toLowerCase();
    const changesEmail = email !== current.email;
    if (changesEmail && (await emailTakenByOther(tx, email, current.id))) {
      throw new DomainError('EMAIL_EXISTS');
    }
    const updated = await updateUser(tx, current.id, {
      salutation: input.salutation,
      firstName: input.firstName,
      middleName: input.middleName === '' ? null : input.middleName,
      lastName: input.lastName,
      suffix: input.suffix,
      language: input.language,
      theme: input.theme,
      pendingEmail: changesEmail ? email : null,
      updatedBy: current.id,
    });
    if (changesEmail && email !== current.pendingEmail) {
      await queueTokenMail(ctx, tx, updated, 'verify-email', { to: email, data: { email } });
    }
  });
  return reload(ctx, auth.user.id);
};

export const updatePreferences = async (ctx: Ctx, auth: AuthState, input: PreferencesRequest) => {
  if (input.language !== undefined || input.theme !== undefined) {
    await updateUser(ctx.db, auth.user.id, { ...input, updatedBy: auth.user.id });
  }
  return reload(ctx, auth.user.id);
};

/** Sends a new link for the pending email (or the unverified current one); older links stop working. */
export const resendVerification = async (ctx: Ctx, auth: AuthState): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const found = await findUserById(tx, auth.user.id);
    if (!found) throw new DomainError('NOT_FOUND');
    const u = found.user;
    const target = u.pendingEmail ?? (u.email && !u.emailVerifiedAt ? u.email : null);
    if (!target) throw new DomainError('BAD_REQUEST');
    await queueTokenMail(ctx, tx, u, 'verify-email', { to: target, data: { email: target } });
  });
};

export const changePassword = async (ctx: Ctx, auth: AuthState, input: ChangePasswordRequest): Promise<void> => {
  const found = await reload(ctx, auth.user.id);
  if (!(await verifyPassword(found.user.passwordHash, input.currentPassword))) throw new DomainError('WRONG_CURRENT_PASSWORD');
  if (input.password === input.currentPassword) throw new DomainError('SAME_PASSWORD');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, auth.user.id, { passwordHash, updatedBy: auth.user.id });
    await deleteUserSessions(tx, auth.user.id, auth.session.id);
    await audit(tx, { schoolId: auth.user.schoolId, actorId: auth.user.id, action: 'password.changed', targetType: 'user', targetId: auth.user.id });
  });
};

export const dismissWelcome = async (ctx: Ctx, auth: AuthState): Promise<void> => {
  await updateUser(ctx.db, auth.user.id, { welcomeDismissedAt: new Date() });
};

/** The guided tour's state (issue 21), sent back in the session info. */
export const saveTour = async (ctx: Ctx, auth: AuthState, tour: TourState): Promise<void> => {
  await updateUser(ctx.db, auth.user.id, { tourStatus: tour.status, tourStep: tour.step });
};

export const children = async (ctx: Ctx, auth: AuthState) => (await listChildren(ctx.db, auth.user.id)).map(toChildEntry);

/** A linked child's profile; any other id answers 404 so ids cannot be probed. */
export const childDetails = async (ctx: Ctx, auth: AuthState, childId: string): Promise<ChildProfile> => {
  const found = isUuid(childId) ? await findChild(ctx.db, auth.user.id, childId) : null;
  if (!found) throw new DomainError('NOT_FOUND');
  const u: UserRow = found.user;
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    middleName: u.middleName,
    lastName: u.lastName,
    suffix: u.suffix,
    gradeLevel: u.gradeLevel,
    section: u.section,
    schoolName: found.schoolName,
    email: u.email,
    hasPhoto: u.photoKey !== null,
    photoVersion: u.photoVersion,
    active: u.active,
  };
};

import type { ChildEntry, SessionInfo } from '@klase/core/auth/contracts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { toChildEntry, toProfile } from '../admin/users/users.service.ts';
import { childrenOf } from './auth.service.ts';

export const buildSessionInfo = async (
  ctx: Ctx,
  user: UserRow,
  schoolName: string | null,
  session: { csrfToken: string; idleExpiresAt: Date; absoluteExpiresAt: Date },
  /** The children list when the caller has it already (the session check caches it). */
  children?: ChildEntry[],
): Promise<SessionInfo> => ({
  profile: toProfile(user, schoolName),
  csrfToken: session.csrfToken,
  showWelcomeDialog: user.welcomeDismissedAt === null,
  childrenList: children ?? (await childrenOf(ctx, user)).map(toChildEntry),
  idleExpiresAt: session.idleExpiresAt.toISOString(),
  absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
  tour: { status: user.tourStatus, step: user.tourStep },
});

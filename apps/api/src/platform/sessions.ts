import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { customers, schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';
import { randomToken, sha256 } from './crypto.ts';
import type { AuthState } from './rows.ts';

export const SESSION_COOKIE = 'klase_sid';

const idleMs = (config: AppConfig) => config.sessionIdleMinutes * 60_000;
const absoluteMs = (config: AppConfig) => config.sessionAbsoluteHours * 3_600_000;
/** Refresh last_seen and the idle expiry at most once a minute (sooner for very short idle limits). */
const touchEveryMs = (config: AppConfig) => Math.min(60_000, idleMs(config) / 4);

export interface NewSession {
  token: string;
  csrfToken: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export const createSession = async (
  db: Db,
  config: AppConfig,
  userId: string,
  meta: { ip?: string; userAgent?: string },
): Promise<NewSession> => {
  const token = randomToken();
  const csrfToken = randomToken();
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + absoluteMs(config));
  const idleExpiresAt = new Date(Math.min(now + idleMs(config), absoluteExpiresAt.getTime()));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    csrfToken,
    idleExpiresAt,
    absoluteExpiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  return { token, csrfToken, idleExpiresAt, absoluteExpiresAt };
};

/**
 * One indexed query: the live session of this token with its user, provided the user is still
 * active and neither the school nor the customer has been disabled since sign-in.
 */
export const findSession = (db: Db, token: string): Promise<AuthState | null> => findSessionByHash(db, sha256(token));

export const findSessionByHash = async (db: Db, tokenHash: string): Promise<AuthState | null> => {
  const rows = await db
    .select({ session: sessions, user: users, schoolName: schools.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        eq(users.active, true),
        sql`coalesce(${schools.enabled}, true)`,
        sql`coalesce(${customers.status}, 'ACTIVE') = 'ACTIVE'`,
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { session: row.session, user: row.user, schoolName: row.schoolName } : null;
};

/** Slides the idle expiry (never past the absolute one), throttled. */
export const touchSession = async (db: Db, config: AppConfig, auth: AuthState): Promise<void> => {
  const now = Date.now();
  if (now - auth.session.lastSeenAt.getTime() < touchEveryMs(config)) return;
  const idle = new Date(Math.min(now + idleMs(config), auth.session.absoluteExpiresAt.getTime()));
  await db.update(sessions).set({ lastSeenAt: new Date(now), idleExpiresAt: idle }).where(eq(sessions.id, auth.session.id));
  auth.session.lastSeenAt = new Date(now);
  auth.session.idleExpiresAt = idle;
};

export const deleteSession = async (db: Db, sessionId: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
};

export const deleteSessionByToken = async (db: Db, token: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
};

/** Ends every session of a user, except one when given. */
export const deleteUserSessions = async (db: Db, userId: string, exceptSessionId?: string): Promise<void> => {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
};

export const setSessionCookie = (reply: FastifyReply, config: AppConfig, s: NewSession): void => {
  void reply.setCookie(SESSION_COOKIE, s.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    expires: s.absoluteExpiresAt,
  });
};

export const clearSessionCookie = (reply: FastifyReply, config: AppConfig): void => {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, path: '/' });
};

import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { randomToken, sha256 } from './crypto.ts';
import type { AuthState } from './rows.ts';
import { LAST_ACCESS_WRITE_EVERY_S } from '@klase/core/reports/contracts';
import {
  deleteSessionByHash,
  deleteSessionById,
  deleteSessionsOfUser,
  insertSession,
  selectLiveSession,
  stampLastAccess,
  updateSessionSeen,
} from './sessions.repo.ts';

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

export const createSession = async (db: Db, config: AppConfig, userId: string, meta: { ip?: string; userAgent?: string }): Promise<NewSession> => {
  const token = randomToken();
  const csrfToken = randomToken();
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + absoluteMs(config));
  const idleExpiresAt = new Date(Math.min(now + idleMs(config), absoluteExpiresAt.getTime()));
  await insertSession(db, {
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
  const row = await selectLiveSession(db, tokenHash);
  return row ? { session: row.session, user: row.user, schoolName: row.schoolName } : null;
};

/** Slides the idle expiry (never past the absolute one), throttled. */
export const touchSession = async (db: Db, config: AppConfig, auth: AuthState): Promise<void> => {
  const now = Date.now();
  if (now - auth.session.lastSeenAt.getTime() < touchEveryMs(config)) return;
  const idle = new Date(Math.min(now + idleMs(config), auth.session.absoluteExpiresAt.getTime()));
  await updateSessionSeen(db, auth.session.id, new Date(now), idle);
  auth.session.lastSeenAt = new Date(now);
  auth.session.idleExpiresAt = idle;
};

/**
 * The caller's last system access (issue 21), written at most once per `LAST_ACCESS_WRITE_EVERY_S`:
 * the loaded user row says whether it is due (no query at all on most requests); the UPDATE itself
 * is conditional, so other nodes and cached rows cannot make it write more often.
 */
export const touchLastAccess = async (db: Db, auth: AuthState, now = Date.now()): Promise<void> => {
  const last = auth.user.lastAccessAt?.getTime();
  if (last !== undefined && now - last < LAST_ACCESS_WRITE_EVERY_S * 1000) return;
  await stampLastAccess(db, auth.user.id, LAST_ACCESS_WRITE_EVERY_S);
  auth.user.lastAccessAt = new Date(now);
};

export const deleteSession = (db: Db, sessionId: string): Promise<void> => deleteSessionById(db, sessionId);

export const deleteSessionByToken = (db: Db, token: string): Promise<void> => deleteSessionByHash(db, sha256(token));

/** Ends every session of a user, except one when given. */
export const deleteUserSessions = (db: Db, userId: string, exceptSessionId?: string): Promise<void> => deleteSessionsOfUser(db, userId, exceptSessionId);

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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@klase/core/errors';
import { safeEqual } from './crypto.ts';
import { userLocale } from './locale.ts';
import { sha256 } from './crypto.ts';
import { clearSessionCookie, findSessionByHash, SESSION_COOKIE, touchLastAccess, touchSession } from './sessions.ts';
import type { Policy } from './types.ts';

export const PUBLIC: Policy = { access: 'public' };
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** For plugins whose routes we do not write (docs, static files): declare them public explicitly. */
export const declarePublicRoutes = (scope: FastifyInstance): void => {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, policy: route.config?.policy ?? PUBLIC };
  });
};

const checkCsrf = (request: FastifyRequest): void => {
  if (!STATE_CHANGING.has(request.method)) return;
  if (request.auth) {
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !safeEqual(sent, request.auth.session.csrfToken)) throw new DomainError('CSRF');
    return;
  }
  if (request.headers['x-requested-with'] !== 'klase') throw new DomainError('CSRF');
};

const lookup = async (app: FastifyInstance, tokenHash: string) => {
  const cached = app.sessionCache.get(tokenHash);
  if (cached) return cached;
  const found = await findSessionByHash(app.database.db, tokenHash);
  if (found) app.sessionCache.set(tokenHash, found);
  return found;
};

const checkPolicy = (request: FastifyRequest, policy: Policy): void => {
  if (policy.access === 'public' || policy.access === 'visitor') return;
  if (!request.auth) throw new DomainError(request.hadSessionCookie ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
  if (policy.access === 'roles' && !(policy.roles as readonly number[]).includes(request.auth.user.roleId)) {
    throw new DomainError('FORBIDDEN');
  }
};

/**
 * Loads the session, sets the locale, then enforces the route policy and CSRF, before any body is
 * parsed. A route without a policy is refused (and the policy test fails on it).
 */
export const registerAccessControl = (app: FastifyInstance): void => {
  app.decorateRequest('auth', null);
  app.decorateRequest('hadSessionCookie', false);
  app.decorateRequest('locale', 'en-us');

  // A user's own change (profile, password, logout...) is never answered from a stale cache entry:
  // drop theirs before the answer leaves, so the next request reads the database. Routes that
  // change nothing of it say so (`keepsSession`).
  app.addHook('onSend', async (request) => {
    if (request.auth && STATE_CHANGING.has(request.method) && request.routeOptions.config.keepsSession !== true)
      app.sessionCache.invalidateUser(request.auth.user.id);
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    request.hadSessionCookie = typeof token === 'string' && token.length > 0;
    if (request.hadSessionCookie && token) {
      request.auth = token.length <= 100 ? await lookup(app, sha256(token)) : null;
      if (request.auth) {
        await touchSession(app.database.db, app.config, request.auth);
        await touchLastAccess(app.database.db, request.auth);
      } else clearSessionCookie(reply, app.config);
    }
    request.locale = userLocale(request.auth?.user.language, request.headers['accept-language']);

    if (request.is404) return;
    const policy = request.routeOptions.config.policy;
    if (!policy) {
      request.log.error({ url: request.routeOptions.url }, 'route without an access policy');
      throw new DomainError('FORBIDDEN');
    }
    checkPolicy(request, policy);
    checkCsrf(request);
  });
};

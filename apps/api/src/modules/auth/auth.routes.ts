import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sessionStatus,
  activateRequest,
  activationInfo,
  forgotPasswordRequest,
  loginRequest,
  okMessage as okMessageSchema,
  sessionInfo,
  setPasswordRequest,
  TOKEN_PURPOSES,
  tokenField,
  tokenRequest,
} from '@klase/core/auth/contracts';
import { DomainError } from '@klase/core/errors';
import { okMessage } from '../../platform/messages.ts';
import { clearSessionCookie, deleteSession, deleteSessionByToken, SESSION_COOKIE, setSessionCookie } from '../../platform/sessions.ts';
import { ctxOf } from '../../platform/app-context.ts';
import type { Ctx } from '../../platform/context.ts';
import { toChildEntry } from '../admin/users/users.service.ts';
import { activate, checkToken, childrenOf, forgotPassword, forgotPasswordClientCheck, login, resetPassword, verifyEmail } from './auth.service.ts';
import { buildSessionInfo } from './session-info.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Signing in and out, and what the SPA asks about its session. */
const registerSessionRoutes = (app: App, ctx: Ctx): void => {
  app.post(
    '/login',
    {
      config: { policy: { access: 'visitor' } },
      schema: { tags: ['auth'], body: loginRequest, response: { 200: sessionInfo } },
    },
    async (request, reply) => {
      const result = await login(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      const old = request.cookies[SESSION_COOKIE];
      if (old) await deleteSessionByToken(ctx.db, old);
      setSessionCookie(reply, ctx.config, result.session);
      return buildSessionInfo(ctx, result.user, result.schoolName, result.session);
    },
  );

  app.post('/logout', { config: { policy: { access: 'signedIn' } }, schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.auth) await deleteSession(ctx.db, request.auth.session.id);
    clearSessionCookie(reply, ctx.config);
    return reply.status(204).send();
  });

  app.get('/session', { config: { policy: { access: 'public' } }, schema: { tags: ['auth'], response: { 200: sessionInfo } } }, async (request) => {
    if (!request.auth) throw new DomainError(request.hadSessionCookie ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
    const { user, session, schoolName } = request.auth;
    const children = await app.sessionCache.children(user.id, async () => (await childrenOf(ctx, user)).map(toChildEntry));
    return buildSessionInfo(ctx, user, schoolName, session, children);
  });

  // The check before every navigation: as cheap as it can be (no children, no profile). The SPA
  // fetches the full session again only when `version` differs from the profile it holds.
  app.get('/status', { config: { policy: { access: 'public' } }, schema: { tags: ['auth'], response: { 200: sessionStatus } } }, async (request) => {
    if (!request.auth) throw new DomainError(request.hadSessionCookie ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
    return { version: request.auth.user.updatedAt.toISOString() };
  });
};

/** The visitor's mailed-token flows: forgotten password, activation, reset and e-mail verification. */
const registerTokenRoutes = (app: App, ctx: Ctx): void => {
  app.post(
    '/forgot-password',
    {
      config: { policy: { access: 'visitor' } },
      schema: { tags: ['auth'], body: forgotPasswordRequest, response: { 200: okMessageSchema } },
    },
    async (request) => {
      await forgotPasswordClientCheck(ctx, request.ip);
      // The lookup and the mail run after the answer, so its time never tells whether the address exists.
      const { email } = request.body;
      app.afterAnswer.run(() => forgotPassword(ctx, email));
      return okMessage(request.locale, 'forgotPassword');
    },
  );

  app.post(
    '/check-token',
    {
      config: { policy: { access: 'visitor' } },
      schema: {
        tags: ['auth'],
        body: z.object({ token: tokenField, purpose: z.enum(TOKEN_PURPOSES) }),
        response: { 200: z.object({ valid: z.literal(true), info: activationInfo.nullable() }) },
      },
    },
    async (request) => ({ valid: true as const, info: await checkToken(ctx, request.body.token, request.body.purpose) }),
  );

  app.post(
    '/activate',
    { config: { policy: { access: 'visitor' } }, schema: { tags: ['auth'], body: activateRequest, response: { 200: okMessageSchema } } },
    async (request) => {
      await activate(ctx, request.body);
      return okMessage(request.locale, 'activated');
    },
  );

  app.post(
    '/reset-password',
    { config: { policy: { access: 'visitor' } }, schema: { tags: ['auth'], body: setPasswordRequest, response: { 200: okMessageSchema } } },
    async (request) => {
      await resetPassword(ctx, request.body);
      return okMessage(request.locale, 'passwordReset');
    },
  );

  app.post(
    '/verify-email',
    { config: { policy: { access: 'public' } }, schema: { tags: ['auth'], body: tokenRequest, response: { 200: okMessageSchema } } },
    async (request) => {
      await verifyEmail(ctx, request.body.token);
      return okMessage(request.locale, 'emailVerified');
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  registerSessionRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
};

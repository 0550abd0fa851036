import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequest,
  childEntry,
  childProfile,
  okMessage as okMessageSchema,
  preferencesRequest,
  profile,
  updateProfileRequest,
} from '@klase/core/auth/contracts';
import { DomainError } from '@klase/core/errors';
import { tourState } from '@klase/core/reports/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ctxOf } from '../../platform/app-context.ts';
import { okMessage } from '../../platform/messages.ts';
import type { AuthState } from '../../platform/types.ts';
import { toProfile } from '../admin/users/users.service.ts';
import {
  changePassword,
  childDetails,
  children,
  dismissWelcome,
  getProfile,
  resendVerification,
  saveTour,
  updatePreferences,
  updateProfile,
} from './account.service.ts';
import { deletePhoto, PHOTO_MAX_BYTES, readPhoto, savePhoto } from './photo.service.ts';

const signedIn = { policy: { access: 'signedIn' } } as const;
/** The same role list the SPA's guard uses for the child pages (core's route guard table). */
const parentOnly = { policy: { access: 'roles', roles: ROUTE_ROLES.childDetails } } as const;

/** The policy has already required a session; this narrows the type. */
const authOf = (auth: AuthState | null): AuthState => {
  if (!auth) throw new DomainError('UNAUTHENTICATED');
  return auth;
};

const asProfile = (found: Awaited<ReturnType<typeof getProfile>> | null) => {
  if (!found) throw new DomainError('NOT_FOUND');
  return toProfile(found.user, found.schoolName);
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  const tags = ['account'];

  app.get('/profile', { config: signedIn, schema: { tags, response: { 200: profile } } }, async (request) =>
    asProfile(await getProfile(ctx, authOf(request.auth))),
  );

  app.patch('/profile', { config: signedIn, schema: { tags, body: updateProfileRequest, response: { 200: profile } } }, async (request) =>
    asProfile(await updateProfile(ctx, authOf(request.auth), request.body)),
  );

  app.patch('/preferences', { config: signedIn, schema: { tags, body: preferencesRequest, response: { 200: profile } } }, async (request) =>
    asProfile(await updatePreferences(ctx, authOf(request.auth), request.body)),
  );

  app.put('/photo', { config: signedIn, schema: { tags, consumes: ['multipart/form-data'], response: { 200: profile } } }, async (request) => {
    const auth = authOf(request.auth);
    if (!request.isMultipart()) throw new DomainError('BAD_REQUEST');
    const file = await request.file({ throwFileSizeLimit: false, limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!file || file.fieldname !== 'photo') throw new DomainError('BAD_REQUEST');
    const photo = await readPhoto(file.file, () => file.file.truncated);
    return asProfile(await savePhoto(ctx, auth, photo));
  });

  app.delete('/photo', { config: signedIn, schema: { tags, response: { 200: profile } } }, async (request) =>
    asProfile(await deletePhoto(ctx, authOf(request.auth))),
  );

  app.post('/change-password', { config: signedIn, schema: { tags, body: changePasswordRequest, response: { 200: okMessageSchema } } }, async (request) => {
    await changePassword(ctx, authOf(request.auth), request.body);
    return okMessage(request.locale, 'passwordChanged');
  });

  app.post('/verify-email/resend', { config: signedIn, schema: { tags, response: { 200: okMessageSchema } } }, async (request) => {
    await resendVerification(ctx, authOf(request.auth));
    return okMessage(request.locale, 'verifyMailSent');
  });

  app.post('/welcome/dismiss', { config: signedIn, schema: { tags } }, async (request, reply) => {
    await dismissWelcome(ctx, authOf(request.auth));
    return reply.status(204).send();
  });

  app.put('/tour', { config: signedIn, schema: { tags, body: tourState } }, async (request, reply) => {
    await saveTour(ctx, authOf(request.auth), request.body);
    return reply.status(204).send();
  });

  app.get('/children', { config: parentOnly, schema: { tags, response: { 200: z.array(childEntry) } } }, async (request) =>
    children(ctx, authOf(request.auth)),
  );

  app.get(
    '/children/:id',
    { config: parentOnly, schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: childProfile } } },
    async (request) => childDetails(ctx, authOf(request.auth), request.params.id),
  );
};

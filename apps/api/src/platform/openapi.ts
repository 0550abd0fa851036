import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declarePublicRoutes } from './policy.ts';

/** OpenAPI generated from the zod route schemas; the browsable UI lives at /api/docs. */
export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Klase API', version: '0.1.0', description: 'Accounts and platform endpoints of Klase.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klase_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    declarePublicRoutes(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
};

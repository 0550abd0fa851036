import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A neutral head-and-shoulders silhouette, shown when a user has no photo or it fails to load. */
export const FALLBACK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="Profile picture">
<rect width="128" height="128" fill="#e7ebf0"/>
<circle cx="64" cy="50" r="24" fill="#a8b3c2"/>
<path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#a8b3c2"/>
</svg>
`;

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fallback.svg', { config: { policy: { access: 'public' } }, schema: { tags: ['users'] } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml; charset=utf-8').send(FALLBACK_SVG),
  );
};

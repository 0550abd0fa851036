import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '@klase/core/constants';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createAfterAnswer } from './platform/after-answer.ts';
import { inlineScriptHashes } from './platform/inline-scripts.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerInputGuard, safeValidatorCompiler } from './platform/input-guard.ts';
import { createMailer, smtpTransport, type Mailer, type Transport } from './platform/mail.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime/hub.ts';
import { closeRefusedUpgrades, registerRealtime, type RealtimeLimits } from './platform/realtime/realtime.routes.ts';
import { declarePublicRoutes, registerAccessControl } from './platform/policy.ts';
import { AUTH_CHANNEL, createSessionCache } from './platform/session-cache.ts';
import { createLocalStorage, type FileStorage } from './platform/storage.ts';
import { registerModules } from './routes.ts';
import { createWorkers, stopWorkers } from './workers.ts';
import './platform/types.ts';

export interface AppDeps {
  /** An open, migrated database; when absent, one is opened from the config and closed with the app. */
  database?: Database;
  storage?: FileStorage;
  /** Mail transport; by default SMTP when SMTP_URL is set, else none (mails stay in the outbox). */
  transport?: Transport | null;
  /** Sees every route as it is registered (the policy test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Limits of the real-time socket (tests shorten the heartbeat). */
  realtimeLimits?: RealtimeLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's real-time sockets (platform/realtime); modules publish with `publish(tx, ...)` from platform/realtime/bus.ts. */
    realtime: RealtimeHub;
  }
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Lesson pages may show pictures from other https sites (the sanitizer keeps only https images).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  // Video materials embed YouTube (privacy-enhanced host) and Vimeo players, and nothing else.
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * JSON answers are never rendered as documents, so they carry only the headers that matter for
 * them (no MIME sniffing, no caching of personal data, no referrer) instead of helmet's full set:
 * the session check runs before every navigation and every byte and header costs there.
 */
const registerApiHeaders = (app: FastifyInstance, config: AppConfig): void => {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (config.cookieSecure) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
};

/**
 * JSON answers of 1 KB or more are compressed on the fly (brotli, else gzip, at the library's
 * fast brotli quality) for clients that accept it, as are other text answers (csv, html, svg);
 * the SPA's files are precompressed at build time (served below). Files that are compressed
 * already (zip, xlsx, pdf, images, video) keep their bytes and length, and partial content (range
 * requests) is never compressed. Compressed request bodies are not accepted.
 */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const registerCompression = (app: FastifyInstance) =>
  app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, customTypes: JSON_TYPE, globalDecompression: false });

/**
 * The built SPA. Its files are served precompressed (`.br`, `.gz` beside each one, written by the
 * build) with `Vary: Accept-Encoding`. Documents (index.html, the service worker, the manifest:
 * everything outside `assets/`) carry helmet's full set of headers and the CSP and are revalidated
 * on every visit. The hashed files under `assets/` are cached for a year as immutable and carry
 * only `nosniff` and the same-origin resource policy: the document headers (about 700 bytes) mean
 * nothing on a script or stylesheet and cost more than many of the files themselves on a phone.
 */
/** Raster images and the web app manifest: files outside `assets/` that are never rendered as documents. */
const NOT_DOCUMENT = /^(?:image\/(?:png|webp|jpeg|x-icon|vnd\.microsoft\.icon)|application\/manifest\+json)\b/;
/** Helmet's headers that only mean something on a document (kept: nosniff, the resource policy). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const serveSpa = async (app: FastifyInstance, config: AppConfig): Promise<void> => {
  const webDist = config.webDist;
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  // The built index.html's own inline script (the sign-in page's preload), allowed by its hash.
  const scriptSrc = [...CSP.scriptSrc, ...inlineScriptHashes(readFileSync(indexFile, 'utf8'))];
  await app.register(async (scope) => {
    declarePublicRoutes(scope);
    // Over plain HTTP (COOKIE_SECURE=false) neither HSTS nor upgrade-insecure-requests may be sent.
    await scope.register(helmet, {
      contentSecurityPolicy: { directives: { ...CSP, scriptSrc, upgradeInsecureRequests: config.cookieSecure ? [] : null } },
      strictTransportSecurity: config.cookieSecure,
    });
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res) => void res.header('cache-control', 'no-cache'),
    });
    // The install icons and the web app manifest are never documents (Chrome fetches them on every
    // cold visit to check installability): they keep nosniff and the resource policy only.
    scope.addHook('onSend', async (_request, reply) => {
      if (!NOT_DOCUMENT.test(String(reply.getHeader('content-type') ?? ''))) return;
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    });
  });
  const assets = path.join(webDist, 'assets');
  if (!existsSync(assets)) return;
  await app.register(async (scope) => {
    declarePublicRoutes(scope);
    await scope.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      // Hashed names never change content: nothing to revalidate, and no byte ranges of a script.
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res) => {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
        void res.header('x-content-type-options', 'nosniff');
        void res.header('cross-origin-resource-policy', 'same-origin');
      },
    });
  });
};

/**
 * Logs what the database reports about its connections (a lost connection is a warning, never a
 * crash) and drops the session cache whenever the notifications stop or resume, since
 * invalidations may have been missed in between.
 */
const watchDatabase = (app: FastifyInstance, database: Database, dropCache: () => void): (() => void) =>
  database.onEvent((event) => {
    if (event.type === 'client-error') app.log.warn({ err: event.error }, 'database connection lost; the pool replaces it');
    else if (event.type === 'listener-down') {
      dropCache();
      app.log.warn({ err: event.error }, 'database notifications lost; reconnecting');
    } else if (event.reconnected) {
      dropCache();
      app.log.info('database notifications back');
    }
  });

/** Builds the whole API (never listens): tests call `app.inject`, server.ts calls `listen`. */
/** The file storage the settings ask for: the S3-compatible bucket when `S3_BUCKET` is set (its SDK loads only then), else `DATA_DIR/files`. */
export const storageFor = async (config: AppConfig): Promise<FileStorage> =>
  config.s3 ? (await import('./platform/storage-s3.ts')).createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));

export const buildApp = async (config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(safeValidatorCompiler(app));
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') }));
  const transport = deps.transport !== undefined ? deps.transport : config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const mailer: Mailer = createMailer({ database, transport, from: config.mailFrom, pollMs: config.mailPollMs, log: app.log });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  // The S3 client (and its SDK) loads only when a bucket is configured.
  const storage = deps.storage ?? (await storageFor(config));
  app.decorate('storage', storage);
  // Cached sessions are served only while the invalidations can arrive (decision 0008).
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheMs, live: () => database.listening });
  app.decorate('sessionCache', sessionCache);
  const stopWatching = watchDatabase(app, database, () => sessionCache.clear());
  const unlistenAuth = config.sessionCacheMs > 0 ? await database.listen(AUTH_CHANNEL, (payload) => sessionCache.onNotify(payload)) : null;
  app.decorate('afterAnswer', createAfterAnswer({ log: app.log, maxPending: 1000 }));
  const workers = createWorkers(app);
  const realtime = createRealtimeHub({ database, log: app.log });
  app.decorate('realtime', realtime);
  await realtime.start();
  app.addHook('onClose', async () => {
    stopWatching();
    await realtime.stop();
    if (unlistenAuth) await unlistenAuth();
    await app.afterAnswer.settle();
    await stopWorkers(workers);
    if (ownsDatabase) await database.close();
  });

  registerErrorHandling(app);
  registerApiHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  closeRefusedUpgrades(app);
  registerAccessControl(app);
  registerInputGuard(app);
  await registerOpenApi(app);
  await registerRealtime(app, realtime, deps.realtimeLimits);
  await registerModules(app);
  await serveSpa(app, config);
  return app;
};

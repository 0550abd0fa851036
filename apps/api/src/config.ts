import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/src -> repository root. */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default('Klase <no-reply@klase.local>'),
  APP_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  COOKIE_SECURE: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool(true),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: bool(false),
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(30),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  cookieSecure: boolean;
  logLevel: string;
  seedDemo: boolean;
  /** Absolute path of the built SPA. */
  webDist: string;
  trustProxy: boolean;
  /** How long a node may reuse a session lookup (0 turns the cache off). */
  sessionCacheMs: number;
  /** Sign-in attempts allowed per client address per 10 minutes. */
  loginIpLimit: number;
  /** Poll interval of the mail worker. */
  mailPollMs: number;
  /** Each consecutive failed sign-in of a name slows its answer by this much (capped at 2 s). */
  loginFailureDelayMs: number;
}

/** Parses an environment (process.env in server.ts); the only place environment variables are read. */
export const loadConfig = (env: Record<string, string | undefined>): AppConfig => {
  // An empty variable (`SMTP_URL=`) means "not set", as in most shells' .env conventions.
  const e = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  // `npm start` at the root runs the workspace script inside apps/api, so relative paths are
  // resolved against the repository root rather than the process directory.
  const cwd = REPO_ROOT;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    cookieSecure: e.COOKIE_SECURE,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY,
    loginIpLimit: e.LOGIN_IP_LIMIT,
    sessionCacheMs: e.SESSION_CACHE_MS,
    mailPollMs: 5000,
    loginFailureDelayMs: 250,
  };
};

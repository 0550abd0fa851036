import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ACTIVITY_RETENTION_DAYS } from '@klase/core/reports/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/src -> repository root. */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));
const bool = (def: boolean) => flag.transform((v) => v ?? def);

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
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(ACTIVITY_RETENTION_DAYS),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z.string().optional(),
});

/** Files in an S3-compatible bucket instead of DATA_DIR/files (decision 0013). */
export interface S3Config {
  bucket: string;
  /** The server's address for S3-compatible servers (MinIO, Ceph, …); absent: the SDK's default for the region. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's default credential chain (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
  /** Prepended to every key as `prefix/key`; '' for none. No leading or trailing slash. */
  prefix: string;
}

const S3_VARS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_RE = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/** The S3 settings, or undefined without S3_BUCKET; a half-configured bucket stops the start with the reason. */
const s3Config = (e: z.infer<typeof envSchema>): S3Config | undefined => {
  const fail = (reason: string): never => {
    throw new Error(`S3 storage: ${reason}`);
  };
  if (!e.S3_BUCKET) {
    const stray = S3_VARS.filter((name) => e[name] !== undefined);
    if (stray.length > 0)
      fail(`${stray.join(', ')} set without S3_BUCKET (set S3_BUCKET to keep files in a bucket, or remove them to keep files under DATA_DIR)`);
    return undefined;
  }
  if (!BUCKET_RE.test(e.S3_BUCKET)) fail(`S3_BUCKET "${e.S3_BUCKET}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)`);
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    fail('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default credential chain');
  }
  let endpoint: string | undefined;
  if (e.S3_ENDPOINT !== undefined) {
    const url = URL.canParse(e.S3_ENDPOINT) ? new URL(e.S3_ENDPOINT) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) fail(`S3_ENDPOINT "${e.S3_ENDPOINT}" is not an http(s) address`);
    endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  }
  const prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && (!PREFIX_RE.test(prefix) || prefix.split('/').some((p) => p === '.' || p === '..'))) {
    fail(`S3_PREFIX "${e.S3_PREFIX}" may hold only letters, digits, "_", "-", "." and "/" (no "." or ".." parts)`);
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
    prefix,
  };
};

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** Files go to this bucket when set, else to `dataDir/files`. */
  s3?: S3Config;
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
  /** Failed sign-in attempts allowed per client address per 10 minutes (successes do not count). */
  loginIpLimit: number;
  /** Poll interval of the mail worker. */
  mailPollMs: number;
  /** Days raw activity rows (heartbeats) are kept before the activity worker prunes them (issue 21). */
  activityRetentionDays: number;
  /** Each consecutive failed sign-in of an account from one address slows its answer by this much (capped at 2 s). */
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
    s3: s3Config(e),
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
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
  };
};

/** The PostgreSQL unique-violation (23505) behind an error (drizzle wraps the driver's error as `cause`), with its constraint. */
export const uniqueViolation = (err: unknown): { constraint: string } | null => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const o = e as { code?: unknown; constraint?: unknown };
    if (o.code === '23505') return { constraint: typeof o.constraint === 'string' ? o.constraint : '' };
  }
  return null;
};

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception),
 * 57P01-57P03 (the server shut down, crashed or is starting) and 53300 (too many connections).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres reports a lost or unreachable server with plain errors carrying these messages. */
const CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Whether an error means the database is (for now) unreachable rather than that the statement was
 * wrong: a restart, a failover, a terminated session or a network blip. Such a request answers 503
 * (UNAVAILABLE) and a background job is put back, not failed.
 */
export const isConnectionError = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const o = e as { code?: unknown; message?: unknown };
    if (typeof o.code === 'string' && (CONNECTION_SQLSTATE.test(o.code) || CONNECTION_ERRNO.has(o.code))) return true;
    if (typeof o.message === 'string' && CONNECTION_MESSAGE.test(o.message)) return true;
  }
  return false;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn`, retrying while it fails for a connection error (with a growing delay up to 2 s) until
 * `withinMs` has passed: the bookkeeping of a background job (putting it back) that must reach the
 * database once it returns. Other errors, and the last connection error, are thrown.
 */
export const retryWhileUnavailable = async <T>(fn: () => Promise<T>, withinMs = 20_000): Promise<T> => {
  const t0 = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() - t0 >= withinMs) throw err;
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }
};

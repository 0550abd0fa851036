/** The PostgreSQL unique-violation (23505) behind an error (drizzle wraps the driver's error as `cause`), with its constraint. */
export const uniqueViolation = (err: unknown): { constraint: string } | null => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const o = e as { code?: unknown; constraint?: unknown };
    if (o.code === '23505') return { constraint: typeof o.constraint === 'string' ? o.constraint : '' };
  }
  return null;
};

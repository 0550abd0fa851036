import type { Db } from './client.ts';

/** Whether `db` is a transaction (one connection: its queries must go one after the other). */
export const isTransaction = (db: Db): boolean => typeof (db as { rollback?: unknown }).rollback === 'function';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads at once on the pool, and one after the other inside a transaction
 * (node-postgres warns about, and will refuse, queries queued at once on one client).
 */
export const concurrently = async <T extends readonly (() => Promise<unknown>)[]>(db: Db, ...tasks: T): Promise<Results<T>> => {
  if (!isTransaction(db)) return (await Promise.all(tasks.map((task) => task()))) as Results<T>;
  const out: unknown[] = [];
  for (const task of tasks) out.push(await task());
  return out as Results<T>;
};

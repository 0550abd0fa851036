import pg from 'pg';

/** `url` with its database name replaced by `name`. */
export const withDatabaseName = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** One statement on its own admin connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export const adminQuery = async (adminUrl: string, statement: string): Promise<void> => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};

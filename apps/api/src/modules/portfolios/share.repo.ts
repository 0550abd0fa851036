import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolioShareLinks, portfolios } from '../../db/schema/portfolios.ts';

/** Share links of portfolios (issue 20): stored by the SHA-256 of their token. */

export type ShareLinkRecord = typeof portfolioShareLinks.$inferSelect;
export type PortfolioRecordOfLink = typeof portfolios.$inferSelect;

export const insertShareLink = async (db: Db, values: typeof portfolioShareLinks.$inferInsert): Promise<ShareLinkRecord> => {
  const [row] = await db.insert(portfolioShareLinks).values(values).returning();
  if (!row) throw new Error('share link not inserted');
  return row;
};

export const countOpenLinks = async (db: Db, portfolioId: string): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(portfolioShareLinks)
    .where(and(eq(portfolioShareLinks.portfolioId, portfolioId), isNull(portfolioShareLinks.revokedAt)));
  return Number(r?.n ?? 0);
};

export const linksOf = (db: Db, portfolioId: string): Promise<ShareLinkRecord[]> =>
  db
    .select()
    .from(portfolioShareLinks)
    .where(eq(portfolioShareLinks.portfolioId, portfolioId))
    .orderBy(desc(portfolioShareLinks.createdAt), desc(portfolioShareLinks.id))
    .limit(200);

/** Revokes a link of the portfolio (a revoked one stays revoked at its first time); null when there is no such link. */
export const revokeLink = async (db: Db, portfolioId: string, linkId: string, at: Date): Promise<ShareLinkRecord | null> => {
  const [row] = await db
    .update(portfolioShareLinks)
    .set({ revokedAt: at })
    .where(and(eq(portfolioShareLinks.id, linkId), eq(portfolioShareLinks.portfolioId, portfolioId), isNull(portfolioShareLinks.revokedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(portfolioShareLinks)
    .where(and(eq(portfolioShareLinks.id, linkId), eq(portfolioShareLinks.portfolioId, portfolioId)));
  return existing ?? null;
};

/** The link of a token hash with its portfolio, or null. */
export const linkByHash = async (db: Db, tokenHash: string): Promise<{ link: ShareLinkRecord; portfolio: PortfolioRecordOfLink } | null> => {
  const [row] = await db
    .select({ link: portfolioShareLinks, portfolio: portfolios })
    .from(portfolioShareLinks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioShareLinks.portfolioId))
    .where(eq(portfolioShareLinks.tokenHash, tokenHash));
  return row ?? null;
};

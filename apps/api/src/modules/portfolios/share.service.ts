import { DomainError } from '@klase/core/errors';
import {
  PORTFOLIO_SHARE_LINKS_MAX,
  SHARE_TOKEN_RE,
  sharedPortfolioPagePath,
  sharedPortfolioPath,
  type CreatedShareLink,
  type PortfolioDetails,
  type ShareLink,
  type ShareLinkCreate,
} from '@klase/core/portfolios/contracts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadOwnedPortfolio, ownerOf, type Owner } from './portfolio-access.ts';
import type { PortfolioRecord } from './portfolios.repo.ts';
import { countOpenLinks, insertShareLink, linkByHash, linksOf, revokeLink, type ShareLinkRecord } from './share.repo.ts';
import { detailsView } from './views.ts';

/**
 * Share links (issue 20): a random 256-bit token shown once, kept as its SHA-256; optional expiry;
 * revocable. The signed-out routes reach the portfolio only while the link is live and the portfolio
 * is published; anything else is 404 `SHARE_LINK_UNAVAILABLE` ("Content not available.").
 */

const stateOf = (l: ShareLinkRecord, now: Date): ShareLink['state'] => (l.revokedAt ? 'revoked' : l.expiresAt && l.expiresAt <= now ? 'expired' : 'active');

const linkView = (l: ShareLinkRecord, now = new Date()): ShareLink => ({
  id: l.id,
  state: stateOf(l, now),
  createdAt: l.createdAt.toISOString(),
  expiresAt: l.expiresAt ? l.expiresAt.toISOString() : null,
  revokedAt: l.revokedAt ? l.revokedAt.toISOString() : null,
  hint: l.hint,
});

export const shareLinksOf = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<{ items: ShareLink[] }> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const now = new Date();
  return { items: (await linksOf(ctx.db, portfolioId)).map((l) => linkView(l, now)) };
};

export const createShareLink = async (ctx: Ctx, user: UserRow, portfolioId: string, body: ShareLinkCreate): Promise<CreatedShareLink> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new DomainError('VALIDATION', { fields: [{ path: 'expiresAt', key: 'invalidChoice' }] });
  if ((await countOpenLinks(ctx.db, portfolioId)) >= PORTFOLIO_SHARE_LINKS_MAX) {
    throw new DomainError('VALIDATION', { fields: [{ path: 'expiresAt', key: 'maxLength', params: { count: PORTFOLIO_SHARE_LINKS_MAX } }] });
  }
  const token = randomToken();
  const row = await insertShareLink(ctx.db, { portfolioId, tokenHash: sha256(token), hint: token.slice(-4), expiresAt, createdBy: user.id });
  return { ...linkView(row), token, pagePath: sharedPortfolioPagePath(token) };
};

export const revokeShareLink = async (ctx: Ctx, user: UserRow, portfolioId: string, linkId: string): Promise<void> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  if (!(await revokeLink(ctx.db, portfolioId, linkId, new Date()))) throw new DomainError('NOT_FOUND');
};

export interface SharedAccess {
  portfolio: PortfolioRecord;
  owner: Owner;
}

/** The portfolio behind a live token of a published portfolio; anything else 404 `SHARE_LINK_UNAVAILABLE`. */
export const loadShared = async (ctx: Ctx, token: string): Promise<SharedAccess> => {
  const unavailable = () => new DomainError('SHARE_LINK_UNAVAILABLE');
  if (!SHARE_TOKEN_RE.test(token)) throw unavailable();
  const found = await linkByHash(ctx.db, sha256(token));
  if (!found || stateOf(found.link, new Date()) !== 'active' || !found.portfolio.published) throw unavailable();
  try {
    return { portfolio: found.portfolio, owner: await ownerOf(ctx.db, found.portfolio) };
  } catch {
    throw unavailable();
  }
};

export const sharedDetails = async (ctx: Ctx, token: string): Promise<PortfolioDetails> => {
  const a = await loadShared(ctx, token);
  return detailsView(ctx.db, a.portfolio, a.owner, { canEdit: false, canExport: false, shared: true }, sharedPortfolioPath(token));
};

import { randomUUID } from 'node:crypto';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import {
  PORTFOLIO_FILE_MAX_BYTES,
  PORTFOLIO_ITEMS_MAX,
  type PortfolioDetails,
  type PortfolioItem,
  type PortfolioItemCreate,
  type PortfolioItemUpdate,
  type WorkChoice,
} from '@klase/core/portfolios/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { removeStored, storeAndRecord } from '../assignments/stored-files.service.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { loadOwnedPortfolio, loadPortfolioAccess, type PortfolioAccess } from './portfolio-access.ts';
import { countItems, deleteItemRow, findItem, insertItem, itemsOf, setPositions, touchPortfolio, updateItem, type ItemRecord } from './portfolios.repo.ts';
import { detailsFor } from './portfolios.service.ts';
import { itemView, loadItems, portfolioBase } from './views.ts';
import { handedInWork, ownHandedIn, workFilesOf } from './work.repo.ts';

/** A portfolio's items (issue 20): add (four kinds), edit, remove, reorder, and their files. */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** `GET /api/portfolios/work-choices`: the caller's handed-in work. */
export const workChoices = async (ctx: Ctx, user: UserRow): Promise<{ items: WorkChoice[] }> => {
  if (user.roleId !== ROLE.student) return { items: [] };
  const rows = await handedInWork(ctx.db, user.id);
  return {
    items: rows.map((w) => ({
      submissionId: w.submissionId,
      materialName: w.materialName,
      courseName: w.courseName,
      className: w.className ?? '',
      materialType: w.materialType,
      submittedAt: iso(w.submittedAt),
      graded: w.status === 'returned' && w.grade !== null,
      hasFeedback: w.status === 'returned' && !!w.feedbackHtml,
    })),
  };
};

const oneItem = async (db: Db, portfolioId: string, item: ItemRecord): Promise<PortfolioItem> => {
  const { ctx } = await loadItems(db, portfolioId);
  return itemView(item, ctx, portfolioBase(portfolioId));
};

const roomFor = async (db: Db, portfolioId: string): Promise<number> => {
  const { n, nextPosition } = await countItems(db, portfolioId);
  if (n >= PORTFOLIO_ITEMS_MAX) throw new DomainError('VALIDATION', { fields: [{ path: 'items', key: 'maxLength', params: { count: PORTFOLIO_ITEMS_MAX } }] });
  return nextPosition;
};

const badSubmission = () => new DomainError('VALIDATION', { fields: [{ path: 'submissionId', key: 'invalidChoice' }] });

/** `POST /api/portfolios/:id/items`: a reflection (sanitized), a link, or the caller's own handed-in work. */
export const addItem = async (ctx: Ctx, user: UserRow, portfolioId: string, body: PortfolioItemCreate): Promise<PortfolioItem> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const base = { portfolioId, title: body.title, caption: body.caption ?? '', createdBy: user.id };
  let values;
  if (body.kind === 'reflection') values = { ...base, kind: 'reflection' as const, bodyHtml: sanitizeRichText(body.bodyHtml) };
  else if (body.kind === 'link') values = { ...base, kind: 'link' as const, url: body.url };
  else {
    if (!(await ownHandedIn(ctx.db, user.id, body.submissionId))) throw badSubmission();
    values = {
      ...base,
      kind: 'work' as const,
      submissionId: body.submissionId,
      includeGrade: body.includeGrade ?? false,
      includeFeedback: body.includeFeedback ?? false,
    };
  }
  const item = await ctx.db.transaction(async (tx) => {
    const position = await roomFor(tx, portfolioId);
    const row = await insertItem(tx, { ...values, position });
    await touchPortfolio(tx, portfolioId, user.id);
    return row;
  });
  return oneItem(ctx.db, portfolioId, item);
};

/** `POST /api/portfolios/:id/items/file`: streamed to storage (at most 900 MB, programs refused by content). */
export const addFileItem = async (
  ctx: Ctx,
  user: UserRow,
  portfolioId: string,
  file: IncomingFile,
  text: { title?: string; caption?: string },
): Promise<PortfolioItem> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  await roomFor(ctx.db, portfolioId);
  const key = `portfolios/${portfolioId}/files/${randomUUID()}`;
  const item = await storeAndRecord(ctx.storage, key, file, PORTFOLIO_FILE_MAX_BYTES, (stored) =>
    ctx.db.transaction(async (tx) => {
      const position = await roomFor(tx, portfolioId);
      const row = await insertItem(tx, {
        portfolioId,
        kind: 'file',
        title: text.title || stored.fileName,
        caption: text.caption ?? '',
        position,
        storageKey: stored.storageKey,
        fileName: stored.fileName,
        size: stored.size,
        mime: stored.mime,
        createdBy: user.id,
      });
      await touchPortfolio(tx, portfolioId, user.id);
      return row;
    }),
  );
  return oneItem(ctx.db, portfolioId, item);
};

export const editItem = async (ctx: Ctx, user: UserRow, portfolioId: string, itemId: string, body: PortfolioItemUpdate): Promise<PortfolioItem> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const current = await findItem(ctx.db, portfolioId, itemId);
  if (!current) throw new DomainError('NOT_FOUND');
  if (current.kind !== body.kind) throw new DomainError('BAD_REQUEST');
  const common = { title: body.title, caption: body.caption ?? '' };
  const values =
    body.kind === 'reflection'
      ? { ...common, bodyHtml: sanitizeRichText(body.bodyHtml) }
      : body.kind === 'link'
        ? { ...common, url: body.url }
        : body.kind === 'work'
          ? { ...common, includeGrade: body.includeGrade, includeFeedback: body.includeFeedback }
          : common;
  const saved = await updateItem(ctx.db, portfolioId, itemId, values);
  if (!saved) throw new DomainError('NOT_FOUND');
  await touchPortfolio(ctx.db, portfolioId, user.id);
  return oneItem(ctx.db, portfolioId, saved);
};

export const removeItem = async (ctx: Ctx, user: UserRow, portfolioId: string, itemId: string): Promise<void> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const gone = await ctx.db.transaction(async (tx) => {
    const row = await deleteItemRow(tx, portfolioId, itemId);
    if (row) await touchPortfolio(tx, portfolioId, user.id);
    return row;
  });
  if (!gone) throw new DomainError('NOT_FOUND');
  if (gone.storageKey) await removeStored(ctx.storage, [gone.storageKey]);
};

/** `PUT .../items/order`: exactly the portfolio's item ids, each once; anything else 400. */
export const reorderItems = async (ctx: Ctx, user: UserRow, portfolioId: string, itemIds: readonly string[]): Promise<PortfolioDetails> => {
  const a = await loadOwnedPortfolio(ctx.db, user, portfolioId);
  await ctx.db.transaction(async (tx) => {
    const current = new Set((await itemsOf(tx, portfolioId)).map((i) => i.id));
    const asked = new Set(itemIds);
    if (asked.size !== itemIds.length || asked.size !== current.size || itemIds.some((id) => !current.has(id))) throw new DomainError('BAD_REQUEST');
    await setPositions(tx, portfolioId, itemIds);
    await touchPortfolio(tx, portfolioId, user.id);
  });
  return detailsFor(ctx, a);
};

/* ------------------------------------------------------------ files for readers */

export interface StoredDownload {
  storageKey: string;
  fileName: string;
  mime: string;
}

/** A file item's stored file, for a reader of the portfolio (`a`: signed in or by share link). */
export const itemFileOf = async (db: Db, a: Pick<PortfolioAccess, 'portfolio'>, itemId: string): Promise<StoredDownload> => {
  const item = await findItem(db, a.portfolio.id, itemId);
  if (!item || item.kind !== 'file' || !item.storageKey) throw new DomainError('NOT_FOUND');
  return { storageKey: item.storageKey, fileName: item.fileName ?? 'file', mime: item.mime ?? 'application/octet-stream' };
};

/** A file of a work item's submission (the student's own work files only). */
export const workFileOf = async (db: Db, a: Pick<PortfolioAccess, 'portfolio'>, itemId: string, fileId: string): Promise<StoredDownload> => {
  const item = await findItem(db, a.portfolio.id, itemId);
  if (!item || item.kind !== 'work' || !item.submissionId) throw new DomainError('NOT_FOUND');
  const f = (await workFilesOf(db, [item.submissionId])).find((x) => x.id === fileId);
  if (!f) throw new DomainError('NOT_FOUND');
  return { storageKey: f.storageKey, fileName: f.fileName, mime: f.mime };
};

export const itemFile = async (ctx: Ctx, user: UserRow, portfolioId: string, itemId: string): Promise<StoredDownload> =>
  itemFileOf(ctx.db, await loadPortfolioAccess(ctx.db, user, portfolioId), itemId);

export const workFile = async (ctx: Ctx, user: UserRow, portfolioId: string, itemId: string, fileId: string): Promise<StoredDownload> =>
  workFileOf(ctx.db, await loadPortfolioAccess(ctx.db, user, portfolioId), itemId, fileId);

import { DomainError } from '@klase/core/errors';
import type { TablePage } from '@klase/core/table';
import type { ParsedTableQuery } from '@klase/core/table';
import type { PortfolioCreate, PortfolioDetails, PortfolioGroupChoices, PortfolioRow, PortfolioUpdate } from '@klase/core/portfolios/contracts';
import { ROLE } from '@klase/core/roles';
import { deletePicture, loadPicture, type Picture, type PictureWish } from '../../platform/image-variants.ts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import {
  groupOwner,
  loadOwnedPortfolio,
  loadPortfolioAccess,
  ownerKindOfRole,
  personOwner,
  relationTo,
  type Owner,
  type PortfolioAccess,
} from './portfolio-access.ts';
import {
  deletePortfolioRow,
  fileKeysOf,
  groupsOfStudent,
  insertPortfolio,
  listPortfolios,
  lockPortfolio,
  savePortfolio,
  touchPortfolio,
  type PortfolioScope,
} from './portfolios.repo.ts';
import { detailsView, rowView } from './views.ts';

/** Portfolios themselves (issue 20): lists, create, edit, delete, publish, cover. Items: `items.service.ts`. */

const page = async (
  ctx: Ctx,
  schoolId: string,
  owner: Owner,
  scope: PortfolioScope,
  publishedOnly: boolean,
  q: ParsedTableQuery,
): Promise<TablePage<PortfolioRow>> => {
  const { rows, total } = await listPortfolios(ctx.db, schoolId, scope, publishedOnly, q);
  return { data: rows.map((r) => rowView(r.portfolio, owner, r.itemCount)), pagination: { page: q.page, totalcount: total } };
};

const scopeOf = (o: Owner): PortfolioScope => (o.kind === 'group' ? { groupId: o.group.id } : { ownerUserId: o.userId });
const schoolOf = (o: Owner): string => (o.kind === 'group' ? o.group.schoolId : o.schoolId);

/** An owner's portfolios as the caller sees them: all for owners and administrators, the published ones for readers, 404 for others. */
const ownersPage = async (ctx: Ctx, user: UserRow, owner: Owner, q: ParsedTableQuery): Promise<TablePage<PortfolioRow>> => {
  const relation = await relationTo(ctx.db, user, owner);
  if (!relation) throw new DomainError('NOT_FOUND');
  return page(ctx, schoolOf(owner), owner, scopeOf(owner), relation === 'reader', q);
};

/** `GET /api/portfolios`: the caller's own (students, teachers). */
export const myPortfolios = async (ctx: Ctx, user: UserRow, q: ParsedTableQuery): Promise<TablePage<PortfolioRow>> =>
  ownersPage(ctx, user, await personOwner(ctx.db, user.id), q);

export const userPortfolios = async (ctx: Ctx, user: UserRow, userId: string, q: ParsedTableQuery): Promise<TablePage<PortfolioRow>> =>
  ownersPage(ctx, user, await personOwner(ctx.db, userId), q);

export const groupPortfolios = async (ctx: Ctx, user: UserRow, groupId: string, q: ParsedTableQuery): Promise<TablePage<PortfolioRow>> =>
  ownersPage(ctx, user, await groupOwner(ctx.db, groupId), q);

/** `GET /api/portfolios/groups`: every portfolio of the caller's groups (a student's; empty for other roles). */
export const myGroupPortfolios = async (ctx: Ctx, user: UserRow, q: ParsedTableQuery): Promise<TablePage<PortfolioRow>> => {
  const groups = user.roleId === ROLE.student && user.schoolId ? await groupsOfStudent(ctx.db, user.id) : [];
  const mine = new Map(groups.filter((g) => g.schoolId === user.schoolId).map((g) => [g.id, g]));
  if (!user.schoolId || mine.size === 0) return { data: [], pagination: { page: q.page, totalcount: 0 } };
  const { rows, total } = await listPortfolios(ctx.db, user.schoolId, { groupIds: [...mine.keys()] }, false, q);
  const data = rows.flatMap((r) => {
    const group = r.portfolio.groupId ? mine.get(r.portfolio.groupId) : undefined;
    return group ? [rowView(r.portfolio, { kind: 'group', group }, r.itemCount)] : [];
  });
  return { data, pagination: { page: q.page, totalcount: total } };
};

/** `GET /api/portfolios/group-choices`: the groups the caller may make a portfolio for. */
export const groupChoices = async (ctx: Ctx, user: UserRow): Promise<PortfolioGroupChoices> => {
  const groups = user.roleId === ROLE.student && user.schoolId ? await groupsOfStudent(ctx.db, user.id) : [];
  return { groups: groups.filter((g) => g.schoolId === user.schoolId).map(({ id, name, classId, className }) => ({ id, name, classId, className })) };
};

export const detailsFor = (ctx: Ctx, a: PortfolioAccess): Promise<PortfolioDetails> =>
  detailsView(ctx.db, a.portfolio, a.owner, { canEdit: a.canEdit, canExport: true, shared: false });

export const portfolioDetails = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<PortfolioDetails> =>
  detailsFor(ctx, await loadPortfolioAccess(ctx.db, user, portfolioId));

/** `POST /api/portfolios`: the caller's own, or (with `groupId`) a group's the caller is a member of. */
export const createPortfolio = async (ctx: Ctx, user: UserRow, body: PortfolioCreate & { groupId: string | null }): Promise<PortfolioDetails> => {
  const owner = body.groupId ? await groupOwner(ctx.db, body.groupId) : await personOwner(ctx.db, user.id);
  if ((await relationTo(ctx.db, user, owner)) !== 'owner') throw new DomainError('NOT_FOUND');
  const kind = owner.kind === 'group' ? 'group' : ownerKindOfRole(user.roleId);
  if (!kind) throw new DomainError('FORBIDDEN');
  const row = await insertPortfolio(ctx.db, {
    schoolId: schoolOf(owner),
    ownerKind: kind,
    ownerUserId: owner.kind === 'group' ? null : owner.userId,
    groupId: owner.kind === 'group' ? owner.group.id : null,
    title: body.title,
    description: body.description ?? '',
    createdBy: user.id,
    updatedBy: user.id,
  });
  return detailsView(ctx.db, row, owner, { canEdit: true, canExport: true, shared: false });
};

export const editPortfolio = async (ctx: Ctx, user: UserRow, portfolioId: string, body: PortfolioUpdate): Promise<PortfolioDetails> => {
  const a = await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const saved = await savePortfolio(ctx.db, portfolioId, { version: body.version, overwrite: body.overwrite }, user.id, {
    title: body.title,
    description: body.description ?? '',
  });
  return detailsFor(ctx, { ...a, portfolio: saved });
};

/** Deletes the portfolio with its items and share links; its stored files go once that is committed. */
export const deletePortfolio = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<void> => {
  const a = await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const keys = await ctx.db.transaction(async (tx) => {
    const files = await fileKeysOf(tx, portfolioId);
    await deletePortfolioRow(tx, portfolioId);
    return files;
  });
  await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
  if (a.portfolio.coverKey) await deletePicture(ctx.storage, a.portfolio.coverKey);
};

export const setPortfolioPublished = async (ctx: Ctx, user: UserRow, portfolioId: string, published: boolean): Promise<void> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  await touchPortfolio(ctx.db, portfolioId, user.id, { published });
};

/** Replaces the cover; the upload is read (`read`, jpeg/png under 2 MB by content) only once the caller may change it. */
export const saveCover = async (
  ctx: Ctx,
  user: UserRow,
  portfolioId: string,
  read: () => Promise<{ data: Buffer; mime: string }>,
): Promise<PortfolioDetails> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const image = await read();
  let written: string | null = null;
  let old: string | null;
  try {
    old = await ctx.db.transaction(async (tx) => {
      const before = await lockPortfolio(tx, portfolioId);
      if (!before) throw new DomainError('NOT_FOUND');
      const version = before.coverVersion + 1;
      const key = `portfolios/${portfolioId}/cover-${version}`;
      await ctx.storage.put(key, image.data);
      written = key;
      await touchPortfolio(tx, portfolioId, user.id, { coverKey: key, coverMime: image.mime, coverVersion: version });
      return before.coverKey;
    });
  } catch (err) {
    if (written) await ctx.storage.delete(written);
    throw err;
  }
  if (old) await deletePicture(ctx.storage, old);
  return portfolioDetails(ctx, user, portfolioId);
};

export const removeCover = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<PortfolioDetails> => {
  await loadOwnedPortfolio(ctx.db, user, portfolioId);
  const old = await ctx.db.transaction(async (tx) => {
    const before = await lockPortfolio(tx, portfolioId);
    if (!before?.coverKey) return null;
    await touchPortfolio(tx, portfolioId, user.id, { coverKey: null, coverMime: null, coverVersion: before.coverVersion + 1 });
    return before.coverKey;
  });
  if (old) await deletePicture(ctx.storage, old);
  return portfolioDetails(ctx, user, portfolioId);
};

/** The cover of a portfolio the caller reaches (or of `a`, the share page's); 404 without one. */
export const coverOf = async (ctx: Ctx, a: Pick<PortfolioAccess, 'portfolio'>, wish?: PictureWish): Promise<Picture> => {
  const p = a.portfolio;
  if (!p.coverKey || !p.coverMime) throw new DomainError('NOT_FOUND');
  const picture = await loadPicture(ctx.storage, p.coverKey, p.coverMime, wish);
  if (!picture) throw new DomainError('NOT_FOUND');
  return picture;
};

export const portfolioCover = async (ctx: Ctx, user: UserRow, portfolioId: string, wish?: PictureWish): Promise<Picture> =>
  coverOf(ctx, await loadPortfolioAccess(ctx.db, user, portfolioId), wish);

import type { PortfolioDetails, PortfolioFile, PortfolioItem, PortfolioOwner, PortfolioRow, PortfolioWork } from '@klase/core/portfolios/contracts';
import type { Db } from '../../platform/context.ts';
import type { Owner } from './portfolio-access.ts';
import { itemsOf, type ItemRecord, type PortfolioRecord } from './portfolios.repo.ts';
import { workByIds, workFilesOf, type WorkFileRecord, type WorkRecord } from './work.repo.ts';

/**
 * Rows, details and items as the contract answers them. `base` is where the portfolio is read:
 * `/api/portfolios/<id>` for signed-in readers, `/api/shared/portfolios/<token>` on the share page;
 * every cover and file URL hangs off it.
 */

export const portfolioBase = (id: string) => `/api/portfolios/${id}`;

const iso = (d: Date | string): string => new Date(d).toISOString();

export const ownerView = (o: Owner): PortfolioOwner =>
  o.kind === 'group'
    ? { kind: 'group', id: o.group.id, name: o.group.name, classId: o.group.classId, className: o.group.className }
    : { kind: o.kind, id: o.userId, name: o.name, classId: null, className: null };

export const rowView = (p: PortfolioRecord, owner: Owner, itemCount: number, base = portfolioBase(p.id)): PortfolioRow => ({
  id: p.id,
  title: p.title,
  description: p.description,
  coverUrl: p.coverKey ? `${base}/cover?v=${p.coverVersion}` : null,
  published: p.published,
  status: p.published ? 'PUBLISHED' : 'UNPUBLISHED',
  owner: ownerView(owner),
  itemCount,
  createdAt: iso(p.createdAt),
  updatedAt: iso(p.updatedAt),
});

/** What the items need besides their rows: the submissions of work items and their files. */
export interface ItemContext {
  works: Map<string, WorkRecord>;
  workFiles: WorkFileRecord[];
}

export const loadItems = async (db: Db, portfolioId: string): Promise<{ items: ItemRecord[]; ctx: ItemContext }> => {
  const items = await itemsOf(db, portfolioId);
  const ids = items.flatMap((i) => (i.kind === 'work' && i.submissionId ? [i.submissionId] : []));
  const works = await workByIds(db, ids);
  const workFiles = await workFilesOf(db, ids);
  return { items, ctx: { works: new Map(works.map((w) => [w.submissionId, w])), workFiles } };
};

const fileView = (f: { id: string; name: string; size: number; mime: string }, url: string): PortfolioFile => ({ ...f, downloadUrl: url });

export const workView = (item: ItemRecord, w: WorkRecord, files: readonly WorkFileRecord[], base: string): PortfolioWork => {
  const returned = w.status === 'returned';
  return {
    submissionId: w.submissionId,
    materialName: w.materialName,
    courseName: w.courseName,
    materialType: w.materialType,
    submittedAt: w.submittedAt ? iso(w.submittedAt) : null,
    late: w.late,
    textHtml: w.textHtml,
    files: files
      .filter((f) => f.submissionId === w.submissionId)
      .map((f) => fileView({ id: f.id, name: f.fileName, size: f.size, mime: f.mime }, `${base}/items/${item.id}/work-files/${f.id}`)),
    grade: item.includeGrade && returned && w.grade !== null ? { points: Number(w.grade), maxPoints: w.maxPoints } : null,
    feedbackHtml: item.includeFeedback && returned && w.feedbackHtml ? w.feedbackHtml : null,
  };
};

export const itemView = (i: ItemRecord, ctx: ItemContext, base: string): PortfolioItem => {
  const common = { id: i.id, title: i.title, caption: i.caption, position: i.position, createdAt: iso(i.createdAt), updatedAt: iso(i.updatedAt) };
  switch (i.kind) {
    case 'file':
      return {
        ...common,
        kind: 'file',
        file: fileView({ id: i.id, name: i.fileName ?? 'file', size: i.size ?? 0, mime: i.mime ?? 'application/octet-stream' }, `${base}/items/${i.id}/file`),
      };
    case 'reflection':
      return { ...common, kind: 'reflection', bodyHtml: i.bodyHtml ?? '' };
    case 'link':
      return { ...common, kind: 'link', url: i.url ?? '' };
    case 'work': {
      const w = i.submissionId ? ctx.works.get(i.submissionId) : undefined;
      return {
        ...common,
        kind: 'work',
        includeGrade: i.includeGrade,
        includeFeedback: i.includeFeedback,
        work: w ? workView(i, w, ctx.workFiles, base) : null,
      };
    }
  }
};

/** Bytes of every file an export holds: file items and the files of work items. */
export const totalBytesOf = (items: readonly ItemRecord[], ctx: ItemContext): number =>
  items.reduce((n, i) => n + (i.kind === 'file' ? (i.size ?? 0) : 0), 0) +
  ctx.workFiles.filter((f) => items.some((i) => i.kind === 'work' && i.submissionId === f.submissionId)).reduce((n, f) => n + f.size, 0);

export const detailsView = async (
  db: Db,
  p: PortfolioRecord,
  owner: Owner,
  flags: { canEdit: boolean; canExport: boolean; shared: boolean },
  base = portfolioBase(p.id),
): Promise<PortfolioDetails> => {
  const { items, ctx } = await loadItems(db, p.id);
  return {
    ...rowView(p, owner, items.length, base),
    items: items.map((i) => itemView(i, ctx, base)),
    ...flags,
    totalBytes: totalBytesOf(items, ctx),
    version: p.version,
  };
};

import { ZipArchive } from 'archiver';
import { DomainError } from '@klase/core/errors';
import { EXPORT_DIRECT_MAX_BYTES, portfolioExportJobPath, type PortfolioExportJob } from '@klase/core/portfolios/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { loadPortfolioAccess, ownerOf } from './portfolio-access.ts';
import { findPortfolio } from './portfolios.repo.ts';
import { buildExport, writeExport, type PortfolioExport } from './export-zip.ts';
import { finishExportJob, insertExportJob, readExportJob, recordExportProgress, type ExportJobRecord } from './export.repo.ts';

/**
 * Exporting a portfolio to ZIP (issue 20, decision 0060): streamed at once up to
 * `EXPORT_DIRECT_MAX_BYTES` of files, or any size as a job whose ZIP is written to storage.
 */

export const exportFileKey = (jobId: string): string => `portfolio-exports/${jobId}.zip`;

/** A ZIP writer: files stored as they are, pages deflated. */
export const newZip = () => new ZipArchive({ zlib: { level: 6 } });

/** `GET .../export.zip`: what to stream (readers; over the direct limit 409 `EXPORT_TOO_LARGE`). */
export const directExport = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<PortfolioExport> => {
  const a = await loadPortfolioAccess(ctx.db, user, portfolioId);
  const built = await buildExport(ctx.db, a.portfolio, a.owner);
  if (built.totalBytes > EXPORT_DIRECT_MAX_BYTES) throw new DomainError('EXPORT_TOO_LARGE');
  return built;
};

const jobView = (j: ExportJobRecord): PortfolioExportJob => ({
  id: j.id,
  portfolioId: j.portfolioId,
  state: j.state,
  done: j.done,
  total: j.total,
  fileName: j.state === 'done' ? j.fileName : null,
  downloadUrl: j.state === 'done' ? `${portfolioExportJobPath(j.id)}/file` : null,
});

export const startExport = async (ctx: Ctx, user: UserRow, portfolioId: string): Promise<PortfolioExportJob> => {
  const a = await loadPortfolioAccess(ctx.db, user, portfolioId);
  const built = await buildExport(ctx.db, a.portfolio, a.owner);
  return jobView(await insertExportJob(ctx.db, { portfolioId, requestedBy: user.id, total: built.totalBytes }));
};

/** The requester's job, while they may still read its portfolio; else 404. */
const ownJob = async (ctx: Ctx, user: UserRow, jobId: string): Promise<ExportJobRecord> => {
  const job = await readExportJob(ctx.db, user.id, jobId);
  if (!job) throw new DomainError('NOT_FOUND');
  await loadPortfolioAccess(ctx.db, user, job.portfolioId);
  return job;
};

export const exportJob = async (ctx: Ctx, user: UserRow, jobId: string): Promise<PortfolioExportJob> => jobView(await ownJob(ctx, user, jobId));

export const exportJobFile = async (ctx: Ctx, user: UserRow, jobId: string): Promise<{ storageKey: string; fileName: string; mime: string }> => {
  const job = await ownJob(ctx, user, jobId);
  if (job.state !== 'done' || !job.fileKey) throw new DomainError('EXPORT_NOT_READY');
  return { storageKey: job.fileKey, fileName: job.fileName ?? 'portfolio.zip', mime: 'application/zip' };
};

/** ZIPs can be large; storage takes them whatever their size (files are at most 900 MB each, a portfolio at most 200 items). */
const ZIP_MAX_BYTES = Number.MAX_SAFE_INTEGER;

/** Runs one claimed job: the ZIP streams straight into storage, progress recorded as bytes go by. */
export const runExportJob = async (db: Db, storage: FileStorage, job: ExportJobRecord): Promise<void> => {
  const portfolio = await findPortfolio(db, job.portfolioId);
  if (!portfolio) throw new Error('portfolio gone');
  const built = await buildExport(db, portfolio, await ownerOf(db, portfolio));
  await recordExportProgress(db, job.id, 0, built.totalBytes);
  const key = exportFileKey(job.id);
  const zip = newZip();
  let pending: Promise<void> = Promise.resolve();
  const onBytes = (n: number) => {
    pending = pending.then(() => recordExportProgress(db, job.id, n, built.totalBytes)).catch(() => undefined);
  };
  const writing = writeExport(storage, zip, built.entries, onBytes).catch((err: unknown) => {
    zip.destroy(err instanceof Error ? err : new Error('portfolio export'));
    throw err;
  });
  await Promise.all([storage.putStream(key, zip, { maxBytes: ZIP_MAX_BYTES }), writing]);
  await pending;
  if (!(await finishExportJob(db, job.id, { fileKey: key, fileName: built.fileName, total: built.totalBytes })))
    await storage.delete(key).catch(() => undefined);
};

import { BULK_COLUMNS, BULK_REASON_COLUMN, BULK_TEMPLATE_EXAMPLE, type BulkJob, type BulkJobDetails, type BulkRowIssue } from '@klase/core/admin/bulk';
import type { ExportFormat } from '@klase/core/admin/common';
import type { Locale } from '@klase/core/constants';
import { DomainError, isErrorCode } from '@klase/core/errors';
import { translateShared } from '@klase/core/i18n/catalog';
import type { ParsedTableQuery } from '@klase/core/table';
import { assertWritable, type AdminScope } from '../admin-scope.ts';
import { auditChange } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { targetSchool } from '../users/admin-users.service.ts';
import { IsolatedError, runIsolated } from '../../../platform/isolated.ts';
import type { Cell } from '../../../platform/spreadsheet.ts';
import { isZip, parseUpload, type ParsedUpload } from './bulk-parse.ts';
import type { ParseReply } from './bulk-parse.worker.ts';
import { answerPreview, findJob, findRejectedRows, insertJob, listJobs, type ListedJob, type StoredRowIssue } from './bulk.repo.ts';

const toJob = (j: ListedJob): BulkJob => ({
  id: j.id,
  status: j.status,
  schoolId: j.schoolId,
  schoolName: j.schoolName,
  fileName: j.fileName,
  total: j.total,
  processed: j.processed,
  created: j.created,
  rejectedCount: j.rejectedCount,
  createdById: j.createdById,
  createdByName: j.createdByFirst ? `${j.createdByFirst} ${j.createdByLast ?? ''}`.trim() : null,
  createdAt: j.createdAt.toISOString(),
  finishedAt: j.finishedAt?.toISOString() ?? null,
});

/** A stored issue with its message in the reader's language (a validation key or an error code). */
export const translateIssue = (locale: Locale, i: StoredRowIssue): BulkRowIssue => ({
  ...i,
  message: isErrorCode(i.key) ? translateShared(locale, 'errors', i.key) : translateShared(locale, 'validation', i.key, i.params),
});

const PARSE_WORKER = new URL('./bulk-parse.worker.ts', import.meta.url);
/** The parse worker's heap and time (a 50,000-row file needs far less; decision 0018). */
export const PARSE_LIMITS = { memoryMb: 384, timeoutMs: 120_000 };

/** A CSV this small is read in a few milliseconds: starting a worker thread would cost more. */
export const INLINE_CSV_BYTES = 256 * 1024;

/**
 * Reads the file in a worker thread (`platform/isolated.ts`), never on the event loop: a hostile
 * workbook costs that thread its heap or its time, and the API keeps answering meanwhile. Only a
 * small CSV (no archive, at most a few thousand rows) is read in place.
 */
export const readUpload = async (data: Buffer): Promise<ParsedUpload> => {
  if (data.length === 0) throw new DomainError('IMPORT_EMPTY');
  if (data.length <= INLINE_CSV_BYTES && !isZip(data)) return parseUpload(data);
  let reply: ParseReply;
  try {
    reply = await runIsolated<ParseReply>(PARSE_WORKER, data, PARSE_LIMITS);
  } catch (err) {
    if (err instanceof IsolatedError) throw new DomainError(err.reason === 'crash' ? 'IMPORT_MALFORMED' : 'IMPORT_UNPACKED_TOO_LARGE');
    throw err;
  }
  if (!reply.ok) throw new DomainError(reply.code, reply.fields ? { fields: reply.fields } : {});
  return reply.upload;
};

/** Reads the file, checks its header and rows, and queues the job for the worker's check (the preview). */
export const startUpload = async (ctx: Ctx, scope: AdminScope, opts: { schoolId?: string; fileName: string; data: Buffer }): Promise<string> => {
  assertWritable(scope);
  const { id: schoolId } = await targetSchool(ctx, scope, opts.schoolId);
  const { rows } = await readUpload(opts.data);
  return ctx.db.transaction(async (tx) => {
    const job = await insertJob(tx, { schoolId, createdBy: scope.actorId, fileName: opts.fileName, input: rows });
    await auditChange(tx, {
      schoolId,
      actorId: scope.actorId,
      action: 'bulk.uploaded',
      targetType: 'bulk-job',
      targetId: job.id,
      before: null,
      after: { fileName: opts.fileName, rows: rows.length },
    });
    return job.id;
  });
};

export const jobDetails = async (ctx: Ctx, scope: AdminScope, id: string, locale: Locale): Promise<BulkJobDetails> => {
  const found = await findJob(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  const rejected = [...found.rejected].sort((a, b) => a.row - b.row).map((i) => translateIssue(locale, i));
  return { ...toJob(found), rejected };
};

/** The administrator's answer to a preview: create the rows, or drop the upload. */
export const answerUpload = async (ctx: Ctx, scope: AdminScope, id: string, answer: 'confirmed' | 'cancelled'): Promise<void> => {
  assertWritable(scope);
  await ctx.db.transaction(async (tx) => {
    const job = await answerPreview(tx, scope, id, answer);
    if (!job) {
      if (!(await findJob(tx, scope, id))) throw new DomainError('NOT_FOUND');
      throw new DomainError('BULK_NOT_IN_PREVIEW');
    }
    await auditChange(tx, {
      schoolId: job.schoolId,
      actorId: scope.actorId,
      action: answer === 'confirmed' ? 'bulk.confirmed' : 'bulk.cancelled',
      targetType: 'bulk-job',
      targetId: job.id,
      before: { status: 'preview' },
      after: { status: job.status, fileName: job.fileName, rows: job.total, toCreate: job.created, rejected: job.rejectedCount },
    });
  });
};

/** The uploaded file's format, by its name (the SPA only sends .csv and .xlsx). */
export const formatOfName = (fileName: string): ExportFormat => (/\.xlsx$/i.test(fileName) ? 'xlsx' : 'csv');

/**
 * The rejected rows as they were uploaded, in the template's columns, with a last column saying
 * why each was rejected (in the reader's language): available in the preview and once done.
 */
export const rejectedRowsFile = async (ctx: Ctx, scope: AdminScope, id: string, locale: Locale) => {
  const found = await findRejectedRows(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  const reasons = new Map<number, string[]>();
  for (const issue of [...found.rejected].sort((a, b) => a.row - b.row)) {
    const text = `${issue.field === 'row' ? '' : `${issue.field}: `}${translateIssue(locale, issue).message}`;
    reasons.set(issue.row, [...(reasons.get(issue.row) ?? []), text]);
  }
  const rows = found.input.filter((r) => reasons.has(Number(r._row)));
  return {
    fileName: found.fileName,
    header: [...BULK_COLUMNS, BULK_REASON_COLUMN],
    rows: (async function* () {
      for (const r of rows) yield [...BULK_COLUMNS.map((c): Cell => r[c] ?? ''), (reasons.get(Number(r._row)) ?? []).join('; ')];
    })(),
  };
};

export const jobTable = async (ctx: Ctx, scope: AdminScope, q: ParsedTableQuery & { schoolId?: string }) => {
  const { rows, total } = await listJobs(ctx.db, scope, q);
  return { data: rows.map(toJob), pagination: { page: q.page, totalcount: total } };
};

export const TEMPLATE_HEADER = BULK_COLUMNS;
export const templateRows = async function* () {
  for (const example of BULK_TEMPLATE_EXAMPLE) yield BULK_COLUMNS.map((c) => example[c]);
};

import { BULK_COLUMNS, BULK_TEMPLATE_EXAMPLE, type BulkJob, type BulkJobDetails, type BulkRowIssue } from '@klase/core/admin/bulk';
import type { Locale } from '@klase/core/constants';
import { DomainError, isErrorCode } from '@klase/core/errors';
import { translateShared } from '@klase/core/i18n/catalog';
import type { ParsedTableQuery } from '@klase/core/table';
import { assertWritable, type AdminScope } from '../../platform/admin-scope.ts';
import { auditChange } from '../../platform/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { findSchoolInScope } from '../admin-users/admin-users.repo.ts';
import type { StoredRowIssue } from '../../db/schema/admin.ts';
import { parseUpload } from './bulk-parse.ts';
import { findJob, insertJob, listJobs, type ListedJob } from './bulk.repo.ts';

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

/** Reads the file, checks its header and rows, and queues the job for the worker. */
export const startUpload = async (
  ctx: Ctx,
  scope: AdminScope,
  opts: { schoolId?: string; fileName: string; data: Buffer },
): Promise<string> => {
  assertWritable(scope);
  const schoolId = scope.kind === 'school' ? scope.schoolId : opts.schoolId;
  if (!schoolId) throw new DomainError('VALIDATION', { fields: [{ path: 'schoolId', key: 'required' }] });
  const school = await findSchoolInScope(ctx.db, scope, schoolId);
  if (!school) throw new DomainError('NOT_FOUND');
  const { rows } = await parseUpload(opts.data);
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

export const jobTable = async (ctx: Ctx, scope: AdminScope, q: ParsedTableQuery & { schoolId?: string }) => {
  const { rows, total } = await listJobs(ctx.db, scope, q);
  return { data: rows.map(toJob), pagination: { page: q.page, totalcount: total } };
};

export const TEMPLATE_HEADER = BULK_COLUMNS;
export const templateRows = async function* () {
  for (const example of BULK_TEMPLATE_EXAMPLE) yield BULK_COLUMNS.map((c) => example[c]);
};

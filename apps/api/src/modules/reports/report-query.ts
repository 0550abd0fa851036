import { z } from 'zod';
import { exportFormatField } from '@klase/core/admin/common';
import { atRiskQuerySchema, reportFilterSchema } from '@klase/core/reports/contracts';
import { tableQuerySchema } from '@klase/core/table';

/**
 * The query strings of the report routes: the table contract (sort, search, page, filter) beside
 * the report filters of the contract (`reportFilterSchema`, whose range errors keep their field
 * `to`), checked together so one answer lists every field error.
 */
const rawQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const combine = <F extends z.ZodType, E extends z.ZodType>(filterSchema: F, extraSchema: E) =>
  rawQuery.transform((raw, ctx) => {
    const table = tableQuerySchema.safeParse(raw);
    const filter = filterSchema.safeParse(raw);
    const extra = extraSchema.safeParse(raw);
    for (const r of [table, filter, extra]) {
      if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    }
    if (!table.success || !filter.success || !extra.success) return z.NEVER;
    return { table: table.data, filter: filter.data as z.output<F>, extra: extra.data as z.output<E> };
  });

const none = z.object({});

export const reportQuery = combine(reportFilterSchema, none);
export const reportExportQuery = combine(reportFilterSchema, z.object({ format: exportFormatField }));
export const atRiskQuery = combine(atRiskQuerySchema, none);
export const scopesQuery = tableQuerySchema;
export const studentReportQuery = reportFilterSchema;
export const classIdParams = z.object({ classId: z.uuid() });
export const studentIdParams = z.object({ studentId: z.uuid() });

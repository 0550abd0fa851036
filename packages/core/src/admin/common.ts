import { z } from 'zod';
import { tableQuerySchema } from '../table.ts';

/** Pieces shared by the administration contracts (`/api/admin/...`). */

/** `{ message }`: the translated success text of an action (status changes, resend, ...). */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** An entry of a select box (customers, schools, users to link). */
export const option = z.object({ id: z.string(), name: z.string(), hint: z.string().nullable() });
export type Option = z.infer<typeof option>;

export const idParams = z.object({ id: z.uuid() });

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatField = z.enum(EXPORT_FORMATS).default('csv');

/** `true`/`false`/`1`/`0` in a query string. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A date of the query string, `YYYY-MM-DD`. */
export const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(s)));

/** Extra, comma-separated values of a query field (`role=3,5`), as a list. */
export const queryList = (max = 20) =>
  z
    .union([z.string().max(400), z.array(z.string().max(100)).max(max)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s.length > 0));

/**
 * The table query of `table.ts` plus named extra fields of one table (they combine with the
 * `filter[key]`/`filter[values][]` pair). Unknown extra fields are ignored.
 */
export const tableQueryWith = <S extends z.ZodRawShape>(extras: S) => {
  const extraSchema = z.object(extras);
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).transform((raw, ctx) => {
    const table = tableQuerySchema.safeParse(raw);
    const extra = extraSchema.safeParse(raw);
    if (!table.success) for (const issue of table.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    if (!extra.success) for (const issue of extra.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    if (!table.success || !extra.success) return z.NEVER;
    return { ...table.data, ...extra.data };
  });
};

/** Export: the same query as the table (filters and search), answered as a file. */
export const exportQueryWith = <S extends z.ZodRawShape>(extras: S) => tableQueryWith({ ...extras, format: exportFormatField });

import { z } from 'zod';
import { V, optionalEmailField, optionalNameField, requiredText } from '../validation/rules.ts';
import { tableQueryWith } from './common.ts';

/**
 * Customers (platform administrators only), `/api/admin/customers`.
 * Status is ACTIVE or INACTIVE, compared in upper case.
 */
export const CUSTOMER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** Accepts any case (`active`), answers upper case. */
export const customerStatusField = z
  .string({ error: V.required })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(CUSTOMER_STATUSES, { error: V.invalidChoice }));

/** Create and edit form. The name is unique (case-insensitive): CUSTOMER_EXISTS. */
export const customerForm = z.object({
  name: requiredText(120, 2),
  contactName: optionalNameField(120).default(''),
  contactEmail: optionalEmailField.default(''),
});
export type CustomerForm = z.input<typeof customerForm>;
export type CustomerFormValues = z.output<typeof customerForm>;

export const customerRow = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  schoolCount: z.number(),
  status: z.enum(CUSTOMER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRow>;

/** Details: the row and its schools. */
export const customerDetails = customerRow.extend({
  schools: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), enabled: z.boolean() })),
});
export type CustomerDetails = z.infer<typeof customerDetails>;

/** `PATCH /api/admin/customers/:id/status` → `{ message }`. */
export const customerStatusRequest = z.object({ status: customerStatusField });
export type CustomerStatusRequest = z.input<typeof customerStatusRequest>;

/** Sortable columns of the customers table. Filter key: `status` (ACTIVE, INACTIVE). */
export const CUSTOMER_SORTS = ['name', 'contactName', 'contactEmail', 'schoolCount', 'status', 'createdAt'] as const;
export const customerTableQuery = tableQueryWith({});

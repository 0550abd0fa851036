import type { CustomerDetails, CustomerFormValues, CustomerRow, CustomerStatus } from '@klase/core/admin/customers';
import { DomainError } from '@klase/core/errors';
import type { ParsedTableQuery } from '@klase/core/table';
import type { AdminScope } from '../admin-scope.ts';
import { auditChange, changes, pick } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { uniqueViolation } from '../../../platform/db-errors.ts';
import {
  customerNameTaken,
  customerOptions,
  customerSchools,
  deleteCustomerSessions,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
  type CustomerRecord,
} from './customers.repo.ts';

const AUDITED = ['name', 'contactName', 'contactEmail', 'status'] as const;

const toRow = (c: CustomerRecord, schoolCount: number): CustomerRow => ({
  id: c.id,
  name: c.name,
  contactName: c.contactName,
  contactEmail: c.contactEmail,
  schoolCount: Number(schoolCount),
  status: c.status,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const valuesOf = (input: CustomerFormValues) => ({
  name: input.name,
  contactName: input.contactName || null,
  contactEmail: input.contactEmail || null,
});

export const customerTable = async (ctx: Ctx, q: ParsedTableQuery) => {
  const { rows, total } = await listCustomers(ctx.db, q);
  return { data: rows.map((r) => toRow(r.customer, r.schoolCount)), pagination: { page: q.page, totalcount: total } };
};

export const customerChoices = async (ctx: Ctx) => (await customerOptions(ctx.db)).map((c) => ({ id: c.id, name: c.name, hint: c.status }));

export const customerDetails = async (ctx: Ctx, id: string): Promise<CustomerDetails> => {
  const found = await findCustomer(ctx.db, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return { ...toRow(found.customer, found.schoolCount), schools: await customerSchools(ctx.db, id) };
};

/** Runs a write, turning a unique-name race into CUSTOMER_EXISTS. */
const guardUnique = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (uniqueViolation(err)) throw new DomainError('CUSTOMER_EXISTS');
    throw err;
  }
};

export const createCustomer = async (ctx: Ctx, scope: AdminScope, input: CustomerFormValues): Promise<CustomerDetails> => {
  const id = await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      if (await customerNameTaken(tx, input.name)) throw new DomainError('CUSTOMER_EXISTS');
      const row = await insertCustomer(tx, { ...valuesOf(input), createdBy: scope.actorId, updatedBy: scope.actorId });
      await auditChange(tx, {
        schoolId: null,
        actorId: scope.actorId,
        action: 'customer.created',
        targetType: 'customer',
        targetId: row.id,
        before: null,
        after: pick(row, AUDITED),
      });
      return row.id;
    }),
  );
  return customerDetails(ctx, id);
};

export const editCustomer = async (ctx: Ctx, scope: AdminScope, id: string, input: CustomerFormValues): Promise<CustomerDetails> => {
  await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      const found = await findCustomer(tx, id, true);
      if (!found) throw new DomainError('NOT_FOUND');
      if (await customerNameTaken(tx, input.name, id)) throw new DomainError('CUSTOMER_EXISTS');
      const row = await updateCustomer(tx, id, { ...valuesOf(input), updatedBy: scope.actorId });
      const diff = changes(found.customer, row, AUDITED);
      await auditChange(tx, { schoolId: null, actorId: scope.actorId, action: 'customer.updated', targetType: 'customer', targetId: id, ...diff });
    }),
  );
  return customerDetails(ctx, id);
};

/**
 * Enables or disables a customer. Disabling deletes every session of its users in the same
 * transaction (their next request is SESSION_EXPIRED); sign-in refuses them while disabled.
 */
export const setCustomerStatus = async (ctx: Ctx, scope: AdminScope, id: string, status: CustomerStatus): Promise<CustomerStatus> => {
  await ctx.db.transaction(async (tx) => {
    const found = await findCustomer(tx, id, true);
    if (!found) throw new DomainError('NOT_FOUND');
    if (found.customer.status !== status) await updateCustomer(tx, id, { status, updatedBy: scope.actorId });
    if (status === 'INACTIVE') await deleteCustomerSessions(tx, id);
    await auditChange(tx, {
      schoolId: null,
      actorId: scope.actorId,
      action: status === 'ACTIVE' ? 'customer.enabled' : 'customer.disabled',
      targetType: 'customer',
      targetId: id,
      before: { status: found.customer.status },
      after: { status },
    });
  });
  return status;
};

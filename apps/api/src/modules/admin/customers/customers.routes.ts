import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageAnswer, option } from '@klase/core/admin/common';
import { customerDetails as customerDetailsSchema, customerForm, customerRow, customerStatusRequest, customerTableQuery } from '@klase/core/admin/customers';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { adminMessage } from '../admin-messages.ts';
import { requestScope } from '../admin-scope.ts';
import { ctxOf } from '../../../platform/app-context.ts';
import type { Policy } from '../../../platform/types.ts';
import { createCustomer, customerChoices, customerDetails, customerTable, editCustomer, setCustomerStatus } from './customers.service.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.adminCustomers };
const tags = ['admin'];

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/', { config: { policy }, schema: { tags, querystring: customerTableQuery, response: { 200: tablePage(customerRow) } } }, (request) =>
    customerTable(ctx, request.query),
  );

  app.get('/options', { config: { policy }, schema: { tags, response: { 200: z.array(option) } } }, () => customerChoices(ctx));

  app.get('/:id', { config: { policy }, schema: { tags, params: idParams, response: { 200: customerDetailsSchema } } }, (request) =>
    customerDetails(ctx, request.params.id),
  );

  app.post('/', { config: { policy }, schema: { tags, body: customerForm, response: { 201: customerDetailsSchema } } }, async (request, reply) => {
    const created = await createCustomer(ctx, requestScope(request), request.body);
    return reply.status(201).send(created);
  });

  app.put('/:id', { config: { policy }, schema: { tags, params: idParams, body: customerForm, response: { 200: customerDetailsSchema } } }, (request) =>
    editCustomer(ctx, requestScope(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/status',
    { config: { policy }, schema: { tags, params: idParams, body: customerStatusRequest, response: { 200: messageAnswer } } },
    async (request) => {
      const status = await setCustomerStatus(ctx, requestScope(request), request.params.id, request.body.status);
      return adminMessage(request.locale, status === 'ACTIVE' ? 'customerEnabled' : 'customerDisabled');
    },
  );
};

import type { CustomerFormValues, CustomerRow, CustomerStatus } from '@klase/core/admin/customers';
import type { MessageAnswer, Option } from '@klase/core/admin/common';
import { apiFetch } from '../../api/http.ts';

export const CUSTOMERS_PATH = '/api/admin/customers';

export const customerKeys = {
  all: ['admin', 'customers'] as const,
  table: ['admin', 'customers', 'table'] as const,
  options: ['admin', 'customers', 'options'] as const,
};

export const createCustomerCall = (body: CustomerFormValues) => apiFetch<CustomerRow>(CUSTOMERS_PATH, { method: 'POST', body });

export const updateCustomerCall = (id: string, body: CustomerFormValues) =>
  apiFetch<CustomerRow>(`${CUSTOMERS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const setCustomerStatusCall = (id: string, status: CustomerStatus) =>
  apiFetch<MessageAnswer>(`${CUSTOMERS_PATH}/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });

export const customerOptionsCall = (signal?: AbortSignal) => apiFetch<Option[]>(`${CUSTOMERS_PATH}/options`, { signal });

import { useQuery } from '@tanstack/react-query';
import type { MessageAnswer, Option } from '@klase/core/admin/common';
import type { SchoolDetails, SchoolFormValues } from '@klase/core/admin/schools';
import { apiFetch } from '../../api/http.ts';
import { customerOptionsCall } from './customers-api.ts';

export const SCHOOLS_PATH = '/api/admin/schools';

export const schoolKeys = {
  all: ['admin', 'schools'] as const,
  table: ['admin', 'schools', 'table'] as const,
  options: ['admin', 'schools', 'options'] as const,
  one: (id: string) => ['admin', 'schools', 'one', id] as const,
};

const one = (id: string) => `${SCHOOLS_PATH}/${encodeURIComponent(id)}`;

export const useSchoolQuery = (id: string) =>
  useQuery({ queryKey: schoolKeys.one(id), queryFn: ({ signal }) => apiFetch<SchoolDetails>(one(id), { signal }), retry: false });

export const useSchoolOptions = (enabled = true) =>
  useQuery({ queryKey: schoolKeys.options, queryFn: ({ signal }) => apiFetch<Option[]>(`${SCHOOLS_PATH}/options`, { signal }), enabled });

export const useCustomerOptions = (enabled = true) =>
  useQuery({ queryKey: ['admin', 'customers', 'options'], queryFn: ({ signal }) => customerOptionsCall(signal), enabled });

export const createSchoolCall = (body: SchoolFormValues) => apiFetch<SchoolDetails>(SCHOOLS_PATH, { method: 'POST', body });

export const updateSchoolCall = (id: string, body: SchoolFormValues) => apiFetch<SchoolDetails>(one(id), { method: 'PUT', body });

export const setSchoolEnabledCall = (id: string, enabled: boolean) => apiFetch<MessageAnswer>(`${one(id)}/enabled`, { method: 'PATCH', body: { enabled } });

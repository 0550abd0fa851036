import { useQuery } from '@tanstack/react-query';
import type { ClassDetails } from '@klase/core/classes/contracts';
import { apiFetch } from '../../components/http.ts';

/** `/api/classes`: the class's own record, shared by the class layout and every tab under it. */
export const CLASSES_PATH = '/api/classes';

export const classPath = (id: string, ...rest: string[]): string =>
  [`${CLASSES_PATH}/${encodeURIComponent(id)}`, ...rest.map(encodeURIComponent)].join('/');

export const classKeys = {
  all: ['classes'] as const,
  table: ['classes', 'table'] as const,
  one: (id: string) => ['classes', 'one', id] as const,
  /** Everything under one class (students, groups, progress, materials): invalidate after roster changes. */
  inClass: (id: string) => ['classes', 'in', id] as const,
};

export const useClassDetails = (id: string) =>
  useQuery({ queryKey: classKeys.one(id), queryFn: ({ signal }) => apiFetch<ClassDetails>(classPath(id), { signal }), retry: false });

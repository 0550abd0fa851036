import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  FinalSettingsFormInput,
  GradebookSettingsFormInput,
  GradeCategoryForm,
  GradeItemForm,
  GradeLettersFormInput,
  GradingPeriodFormInput,
  RubricFormInput,
  ScaleFormInput,
} from '@klase/core/gradebook/contracts';
import type { GradebookSetupView, ScaleRow } from '@klase/core/gradebook/views';
import { DEPED_PATH, type CourseDeped, type GradingPolicyView } from '@klase/core/deped/contracts';
import { apiFetch, isApiError } from '../../../api/http.ts';
import type { EditVersion } from '@klase/core/edit-version';

/**
 * The grade-setup calls (contracts: packages/core/src/gradebook/contracts.ts), all under
 * `/api/courses/:courseId/gradebook`. Every write is followed by a fresh read of the setup.
 */
export const gradebookPath = (courseId: string, ...rest: string[]) =>
  ['/api/courses', encodeURIComponent(courseId), 'gradebook', ...rest.map(encodeURIComponent)].join('/');

export const setupKeys = {
  all: (courseId: string) => ['gradebook', courseId] as const,
  setup: (courseId: string) => ['gradebook', courseId, 'setup'] as const,
  scale: (courseId: string, scaleId: string) => ['gradebook', courseId, 'scales', scaleId] as const,
};

export type ScaleDetails = ScaleRow & { items: { id: string; name: string }[] };

export const useGradebookSetup = (courseId: string) =>
  useQuery({
    queryKey: setupKeys.setup(courseId),
    queryFn: ({ signal }) => apiFetch<GradebookSetupView>(gradebookPath(courseId, 'setup'), { signal }),
    enabled: courseId !== '',
    retry: false,
    staleTime: 0,
  });

export const useScaleDetails = (courseId: string, scaleId: string) =>
  useQuery({
    queryKey: setupKeys.scale(courseId, scaleId),
    queryFn: ({ signal }) => apiFetch<ScaleDetails>(gradebookPath(courseId, 'scales', scaleId), { signal }),
    enabled: courseId !== '' && scaleId !== '',
    retry: false,
    staleTime: 0,
  });

/** The things a teacher creates, edits and deletes on the setup tabs, and where they live. */
export type SetupKind = 'categories' | 'items' | 'scales' | 'rubrics' | 'periods';

interface Bodies {
  categories: GradeCategoryForm;
  items: GradeItemForm;
  scales: ScaleFormInput;
  rubrics: RubricFormInput;
  periods: GradingPeriodFormInput;
}

const send = (courseId: string, method: 'POST' | 'PUT' | 'DELETE', parts: string[], body?: unknown) =>
  apiFetch<unknown>(gradebookPath(courseId, ...parts), { method, body });

/** A new record has no version yet: the create form goes without `version` / `overwrite`. */
const formOnly = <T extends EditVersion>({ version: _version, overwrite: _overwrite, ...form }: T) => form;

export const setupCalls = {
  /** Creates (no id) or updates (id) a record of one kind. */
  save: <K extends SetupKind>(courseId: string, kind: K, id: string | null, body: Bodies[K] & EditVersion) =>
    id ? send(courseId, 'PUT', [kind, id], body) : send(courseId, 'POST', [kind], formOnly(body)),
  remove: (courseId: string, kind: SetupKind, id: string) => send(courseId, 'DELETE', [kind, id]),
  saveSettings: (courseId: string, body: GradebookSettingsFormInput & EditVersion) => send(courseId, 'PUT', ['settings'], body),
  saveFinal: (courseId: string, body: FinalSettingsFormInput & EditVersion) => send(courseId, 'PUT', ['final-settings'], body),
  saveLetters: (courseId: string, body: GradeLettersFormInput & EditVersion) => send(courseId, 'PUT', ['letters'], body),
};

/** After a write: read the setup (and anything else of this gradebook) again. */
export const useRefreshSetup = (courseId: string) => {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: setupKeys.all(courseId) }), [courseId, queryClient]);
};

/** `GET/PUT /api/courses/:courseId/deped` (contracts: packages/core/src/deped/contracts.ts). */
export const depedCoursePath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/deped`;

/** What the grade setup's DepEd panel shows: the school's DepEd policy and the course's subject group (null: none yet). */
export interface DepedPanelData {
  policy: GradingPolicyView;
  current: CourseDeped | null;
}

/**
 * The DepEd panel's data, or null when it is not shown: the school grades its own way, or a
 * request failed (the setup works without the panel). Under the setup's key, so a write to the
 * setup reads it again. Asked for beside the setup (grade-setup-tab.tsx), so both arrive together.
 */
export const depedPanelQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...setupKeys.all(courseId), 'deped'] as const,
    queryFn: async ({ signal }): Promise<DepedPanelData | null> => {
      try {
        const policy = await apiFetch<GradingPolicyView>(DEPED_PATH, { signal });
        if (policy.kind !== 'deped') return null;
        const current = await apiFetch<CourseDeped | null>(depedCoursePath(courseId), { signal }).catch((e: unknown) => {
          // The API answers null, or 404, for a course without a subject group.
          if (isApiError(e) && e.status === 404) return null;
          throw e;
        });
        return { policy, current: current ?? null };
      } catch (e) {
        if (signal.aborted) throw e;
        return null;
      }
    },
    retry: false,
    staleTime: 0,
  });

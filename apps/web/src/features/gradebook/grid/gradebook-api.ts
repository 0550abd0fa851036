import { useQuery } from '@tanstack/react-query';
import type { GradeEntryFormInput } from '@klase/core/gradebook/contracts';
import type { GradebookGrid, GradeEntryResult, GradeHistoryEntry } from '@klase/core/gradebook/views';
import { apiFetch } from '../../../api/http.ts';

/** The grader grid's calls (contracts: packages/core/src/gradebook/contracts.ts). */

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/gradebook`;
const cellPath = (courseId: string, itemId: string, studentId: string) =>
  `${base(courseId)}/items/${encodeURIComponent(itemId)}/grades/${encodeURIComponent(studentId)}`;

export const gradebookKeys = {
  all: (courseId: string) => ['gradebook', courseId] as const,
  grid: (courseId: string) => ['gradebook', courseId, 'grid'] as const,
  history: (courseId: string, itemId: string, studentId: string) => ['gradebook', courseId, 'history', itemId, studentId] as const,
};

export const useGradebookGrid = (courseId: string, enabled = true) =>
  useQuery({
    queryKey: gradebookKeys.grid(courseId),
    queryFn: ({ signal }) => apiFetch<GradebookGrid>(base(courseId), { signal }),
    enabled: enabled && courseId !== '',
    retry: false,
    staleTime: 0,
  });

export const useGradeHistory = (courseId: string, itemId: string, studentId: string) =>
  useQuery({
    queryKey: gradebookKeys.history(courseId, itemId, studentId),
    queryFn: ({ signal }) => apiFetch<GradeHistoryEntry[]>(`${cellPath(courseId, itemId, studentId)}/history`, { signal }),
    retry: false,
    staleTime: 0,
  });

export const saveGrade = (courseId: string, itemId: string, studentId: string, body: GradeEntryFormInput) =>
  apiFetch<GradeEntryResult>(cellPath(courseId, itemId, studentId), { method: 'PUT', body });

export type ExportFormat = 'csv' | 'xlsx';

/** The export's address with the grid's current filters. */
export const exportPath = (courseId: string, format: ExportFormat, filters: { periodId: string | null; groupId: string | null }) => {
  const params = new URLSearchParams({ format });
  if (filters.periodId) params.set('periodId', filters.periodId);
  if (filters.groupId) params.set('groupId', filters.groupId);
  return `${base(courseId)}/export?${params.toString()}`;
};

/** A grid with one cell's answer applied: the cell, and the student's totals as the server computed them. */
export const applyEntry = (grid: GradebookGrid, result: GradeEntryResult): GradebookGrid => {
  const index = grid.items.findIndex((i) => i.id === result.itemId);
  return {
    ...grid,
    students: grid.students.map((s) => {
      if (s.id !== result.studentId) return s;
      const values = [...s.values];
      const flags = [...s.flags];
      if (index >= 0) {
        values[index] = result.value;
        flags[index] = result.flags;
      }
      // A DepEd learning area: the student's quarterly grades after the change (docs/decisions/0059-deped-grader-grid.md).
      return result.deped ? { ...s, values, flags, totals: result.totals, deped: result.deped } : { ...s, values, flags, totals: result.totals };
    }),
  };
};

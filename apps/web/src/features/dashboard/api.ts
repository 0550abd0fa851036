import { useQuery } from '@tanstack/react-query';
import type { DueAnswer, PendingAnswer, RecentGrade } from '@klase/core/dashboard/contracts';
import { apiFetch } from '../../api/http.ts';

export const dismissWelcomeCall = () => apiFetch<void>('/api/account/welcome/dismiss', { method: 'POST' });

/**
 * The dashboard's work lists (packages/core/src/assessments/dashboard.ts). Everything sits under
 * `['dashboard']`: submitting or grading work refreshes the lists (assignments-api.ts).
 */
const child = (childId: string | null) => (childId ? `?childId=${encodeURIComponent(childId)}` : '');

export const dashboardKeys = {
  due: (childId: string | null) => ['dashboard', 'due', childId ?? 'self'] as const,
  pending: ['dashboard', 'pending'] as const,
  grades: (childId: string | null) => ['dashboard', 'grades', childId ?? 'self'] as const,
};

/** What's Due of the student, or of a parent's child (`childId`). */
export const useWhatsDue = (childId: string | null) =>
  useQuery({
    queryKey: dashboardKeys.due(childId),
    queryFn: ({ signal }) => apiFetch<DueAnswer>(`/api/dashboard/due${child(childId)}`, { signal }),
  });

/** Work waiting to be graded in the classes a teacher or assistant teaches. */
export const usePendingWork = () =>
  useQuery({
    queryKey: dashboardKeys.pending,
    queryFn: ({ signal }) => apiFetch<PendingAnswer>('/api/dashboard/pending', { signal }),
  });

/** The latest returned grades of a parent's child. */
export const useRecentGrades = (childId: string | null) =>
  useQuery({
    queryKey: dashboardKeys.grades(childId),
    queryFn: ({ signal }) => apiFetch<{ items: RecentGrade[] }>(`/api/dashboard/grades${child(childId)}`, { signal }),
  });

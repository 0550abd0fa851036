import { useQuery } from '@tanstack/react-query';
import { DEPED_PATH, type GradingPolicyView } from '@klase/core/deped/contracts';
import { apiFetch } from './http.ts';

/**
 * The school's grading policy (`GET /api/school/grading-policy`, contract in
 * packages/core/src/deped/contracts.ts): read by the policy page and by the course's grade setup
 * (which shows its DepEd panel only when the school is on `deped`).
 */
export const gradingPolicyKey = ['grading-policy'] as const;

export const useGradingPolicy = (enabled = true) =>
  useQuery({
    queryKey: gradingPolicyKey,
    queryFn: ({ signal }) => apiFetch<GradingPolicyView>(DEPED_PATH, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });

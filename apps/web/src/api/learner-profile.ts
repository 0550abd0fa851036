import { useQuery } from '@tanstack/react-query';
import type { LearnerFieldsInput } from '@klase/core/deped/contracts';
import { LEARNERS_PATH, type LearnerProfile } from '@klase/core/deped/learners';
import { apiFetch } from './http.ts';

/** A student's learner fields (LRN, sex, birth date; issue 19), read on the administrator's user page and a class's student page. */

export const learnerProfileKey = (userId: string) => ['learners', userId] as const;

const profilePath = (userId: string) => `${LEARNERS_PATH}/${encodeURIComponent(userId)}`;

export const useLearnerProfile = (userId: string, enabled = true) =>
  useQuery({
    queryKey: learnerProfileKey(userId),
    queryFn: ({ signal }) => apiFetch<LearnerProfile>(profilePath(userId), { signal }),
    enabled: enabled && userId !== '',
    retry: false,
  });

export const putLearnerProfileCall = (userId: string, body: LearnerFieldsInput) => apiFetch<LearnerProfile>(profilePath(userId), { method: 'PUT', body });

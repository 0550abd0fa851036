import { useMutation, useQuery } from '@tanstack/react-query';
import type { HonorRow, PaperSize, Quarter, ReportCardJob } from '@klase/core/deped/contracts';
import { apiFetch, apiUrl } from '../../api/http.ts';
import { classPath } from '../../api/class-api.ts';

/** SF9 report cards and honors (issue 19): `packages/core/src/deped/contracts.ts`. */
export type CardLang = 'en-us' | 'ph';
export type CardOptions = { quarter: Quarter; paper: PaperSize; lang: CardLang };

const cardQuery = (o: CardOptions) => new URLSearchParams({ quarter: String(o.quarter), paper: o.paper, lang: o.lang }).toString();

/** The download address of one learner's card (a plain GET the browser saves). */
export const learnerCardUrl = (classId: string, studentId: string, o: CardOptions): string =>
  apiUrl(`${classPath(classId, 'report-cards', studentId)}?${cardQuery(o)}`);

export const sectionFileUrl = (classId: string, jobId: string): string => apiUrl(classPath(classId, 'report-cards', 'jobs', jobId, 'file'));

export const useStartSection = (classId: string) =>
  useMutation({ mutationFn: (o: CardOptions) => apiFetch<ReportCardJob>(classPath(classId, 'report-cards'), { method: 'POST', body: o }) });

/** A section job's progress, polled every second until it is done or failed. */
export const useSectionJob = (classId: string, jobId: string | null) =>
  useQuery({
    queryKey: ['reportCards', 'job', classId, jobId],
    queryFn: ({ signal }) => apiFetch<ReportCardJob>(classPath(classId, 'report-cards', 'jobs', jobId ?? ''), { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : 1000),
  });

export const useClassHonors = (classId: string) =>
  useQuery({
    queryKey: ['reportCards', 'honors', classId],
    queryFn: ({ signal }) => apiFetch<HonorRow[]>(classPath(classId, 'honors'), { signal }),
    retry: false,
  });

export const useGradeLevelHonors = (gradeLevel: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reportCards', 'honors', 'level', gradeLevel],
    queryFn: ({ signal }) => apiFetch<HonorRow[]>(`/api/school/honors?${new URLSearchParams({ gradeLevel }).toString()}`, { signal }),
    enabled,
    retry: false,
  });

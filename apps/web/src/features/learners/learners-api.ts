import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { AttendanceFormInput, AttendanceSheet, ObservedValuesFormInput, Sex } from '@klase/core/deped/contracts';
import type { ClassAdviser, ObservedValuesSheet } from '@klase/core/deped/learners';
import { apiFetch } from '../../api/http.ts';
import { classKeys, classPath } from '../../api/class-api.ts';
import { learnerProfileKey } from '../../api/learner-profile.ts';

/** A class's adviser, attendance and observed values, and a student's learner fields (issue 19). */

export const learnerKeys = {
  adviser: (classId: string) => [...classKeys.inClass(classId), 'adviser'] as const,
  attendance: (classId: string) => [...classKeys.inClass(classId), 'attendance'] as const,
  observed: (classId: string, quarter: number) => [...classKeys.inClass(classId), 'observed-values', quarter] as const,
  profile: learnerProfileKey,
};

/** `AttendanceSheet` as the wire carries it (the contract's intersection hides the learner fields from `.map`). */
export type AttendanceView = Omit<AttendanceSheet, 'learners'> & {
  learners: { studentId: string; name: string; sex: Sex | null; present: Record<string, number> }[];
};

/**
 * The class's adviser, suspending until known: the class page shows its header with this line, not
 * before it (a line appearing later pushed the tabs and the page down under the user's finger).
 * Null when there is no line to show: students and parents (404), or the request failed.
 */
export const useAdviser = (classId: string) =>
  useSuspenseQuery({
    queryKey: learnerKeys.adviser(classId),
    queryFn: ({ signal }) => apiFetch<ClassAdviser>(classPath(classId, 'adviser'), { signal }).catch((): ClassAdviser | null => null),
  });

export const putAdviserCall = (classId: string, teacherId: string | null) =>
  apiFetch<ClassAdviser>(classPath(classId, 'adviser'), { method: 'PUT', body: { teacherId } });

export const useAttendance = (classId: string) =>
  useQuery({
    queryKey: learnerKeys.attendance(classId),
    queryFn: ({ signal }) => apiFetch<AttendanceView>(classPath(classId, 'attendance'), { signal }),
    retry: false,
  });

export const putAttendanceCall = (classId: string, body: AttendanceFormInput) =>
  apiFetch<AttendanceView>(classPath(classId, 'attendance'), { method: 'PUT', body });

export const useObservedValues = (classId: string, quarter: number) =>
  useQuery({
    queryKey: learnerKeys.observed(classId, quarter),
    queryFn: ({ signal }) => apiFetch<ObservedValuesSheet>(`${classPath(classId, 'observed-values')}?quarter=${quarter}`, { signal }),
    retry: false,
  });

export const putObservedCall = (classId: string, body: ObservedValuesFormInput) =>
  apiFetch<ObservedValuesSheet>(`${classPath(classId, 'observed-values')}?quarter=${body.quarter}`, { method: 'PUT', body });

export { putLearnerProfileCall, useLearnerProfile } from '../../api/learner-profile.ts';

export const useInvalidate = () => {
  const qc = useQueryClient();
  return (key: readonly unknown[]) => qc.invalidateQueries({ queryKey: key });
};

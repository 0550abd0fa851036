import { useQuery } from '@tanstack/react-query';
import type { StudentGradeReport } from '@klase/core/gradebook/views';
import { apiFetch } from '../../../api/http.ts';

/** `GET /api/courses/:courseId/gradebook/students/:studentId` (contract: packages/core/src/gradebook/contracts.ts). */
export const gradeReportPath = (courseId: string, studentId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/gradebook/students/${encodeURIComponent(studentId)}`;

/** Under `['gradebook', courseId]`: grade entry and setup changes of the course refresh it too. */
export const gradeReportKey = (courseId: string, studentId: string) => ['gradebook', courseId, 'report', studentId] as const;

/** A student's report: their own, a parent's child's, or any student's for the class's staff. */
export const useStudentGradeReport = (courseId: string, studentId: string | null) =>
  useQuery({
    queryKey: gradeReportKey(courseId, studentId ?? 'none'),
    queryFn: ({ signal }) => apiFetch<StudentGradeReport>(gradeReportPath(courseId, studentId ?? ''), { signal }),
    enabled: courseId !== '' && !!studentId,
    retry: false,
    staleTime: 0,
  });

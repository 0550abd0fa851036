import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AT_RISK_MESSAGE_PATH,
  CLASS_CHARTS_PATH,
  reportClassOptionsPath,
  studentReportPath,
  type AtRiskMessageInput,
  type ClassCharts,
  type ReportClassOptions,
  type StudentReport,
} from '@klase/core/reports/contracts';
import { apiFetch } from '../../api/http.ts';

/**
 * Reports (packages/core/src/reports/contracts.ts, issue 21). Everything sits under `['reports']`;
 * the tables (DataTable) key their pages under `reportKeys.table(...)`, which the export buttons read.
 */
export const reportKeys = {
  all: ['reports'] as const,
  classes: ['reports', 'classes'] as const,
  options: (classId: string) => ['reports', 'options', classId] as const,
  table: (name: 'class' | 'materials' | 'at-risk', params: Record<string, string>) => ['reports', name, params] as const,
  charts: (params: Record<string, string>) => ['reports', 'charts', params] as const,
  student: (studentId: string, params: Record<string, string>) => ['reports', 'student', studentId, params] as const,
};

const enc = encodeURIComponent;
const queryOf = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const useReportOptions = (classId: string) =>
  useQuery({
    queryKey: reportKeys.options(classId),
    queryFn: ({ signal }) => apiFetch<ReportClassOptions>(reportClassOptionsPath(enc(classId)), { signal }),
    enabled: classId !== '',
    retry: false,
  });

/** `params`: the valid filters (null while the filters have an error: nothing is asked). */
export const useClassCharts = (params: Record<string, string> | null) =>
  useQuery({
    queryKey: reportKeys.charts(params ?? {}),
    queryFn: ({ signal }) => apiFetch<ClassCharts>(`${CLASS_CHARTS_PATH}?${queryOf(params ?? {})}`, { signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useStudentReport = (studentId: string | null, params: Record<string, string> | null) =>
  useQuery({
    queryKey: reportKeys.student(studentId ?? '', params ?? {}),
    queryFn: ({ signal }) => {
      const rest = { ...params };
      delete rest.studentId;
      return apiFetch<StudentReport>(`${studentReportPath(enc(studentId ?? ''))}?${queryOf(rest)}`, { signal });
    },
    enabled: studentId !== null && params !== null,
    placeholderData: keepPreviousData,
  });

export const useAtRiskMessage = () =>
  useMutation({
    mutationFn: (input: AtRiskMessageInput) => apiFetch<{ sent: number }>(AT_RISK_MESSAGE_PATH, { method: 'POST', body: input }),
  });

import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@klase/core/errors';
import { reportFilterSchema } from '@klase/core/reports/contracts';
import { isApiError } from '../../api/http.ts';
import { issuesOf } from '../../lib/zod-form.ts';

export interface ReportFilterValues {
  courseId: string;
  groupId: string;
  studentId: string;
  /** `YYYY-MM-DD` or '' (no range: the server's last 30 days). */
  from: string;
  to: string;
}

export type ReportFilterField = keyof ReportFilterValues;

const EMPTY: ReportFilterValues = { courseId: '', groupId: '', studentId: '', from: '', to: '' };

/** The query fields of the filters: the class and every filter that is set. */
export const filterParams = (classId: string, values: ReportFilterValues): Record<string, string> => {
  const out: Record<string, string> = { classId };
  for (const [k, v] of Object.entries(values)) if (v !== '') out[k] = v;
  return out;
};

/**
 * The report filters of one class: their values, the field errors (checked here with core's
 * `reportFilterSchema`, the schema the API uses, and those the server answers), and `params`, the
 * query fields of the last valid filters (so a half-typed range never reaches the server).
 */
export const useReportFilters = (classId: string) => {
  const { t } = useTranslation('validation');
  const [values, setValues] = useState<ReportFilterValues>(EMPTY);
  const [serverIssues, setServerIssues] = useState<readonly FieldIssue[]>([]);

  const issues = useMemo(() => issuesOf(reportFilterSchema, filterParams(classId, values)), [classId, values]);
  const errors = useMemo(() => {
    const out: Partial<Record<ReportFilterField, string>> = {};
    for (const f of serverIssues) out[f.path as ReportFilterField] ??= t(f.key, f.params ?? {});
    for (const [path, issue] of Object.entries(issues)) out[path as ReportFilterField] = t(issue.key, issue.params ?? {});
    return out;
  }, [issues, serverIssues, t]);

  // The last valid filters, kept while a field has an error (React's "state from the previous render").
  const currentKey = Object.keys(issues).length === 0 ? JSON.stringify(filterParams(classId, values)) : null;
  const [keptKey, setKeptKey] = useState(() => JSON.stringify({ classId }));
  if (currentKey !== null && currentKey !== keptKey) setKeptKey(currentKey);
  const paramsKey = currentKey ?? keptKey;
  const params = useMemo(() => JSON.parse(paramsKey) as Record<string, string>, [paramsKey]);

  const setField = useCallback((field: ReportFilterField, value: string) => {
    setServerIssues([]);
    setValues((v) => ({ ...v, [field]: value }));
  }, []);

  const reset = useCallback(() => {
    setServerIssues([]);
    setValues(EMPTY);
  }, []);

  /** A failed report request: its field errors (400 VALIDATION) go under the fields. */
  const onServerError = useCallback((error: unknown) => {
    if (isApiError(error) && error.fields?.length) setServerIssues(error.fields);
  }, []);

  return { values, setField, reset, errors, params, onServerError };
};

export type ReportFilters = ReturnType<typeof useReportFilters>;

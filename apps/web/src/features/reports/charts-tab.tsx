import { useEffect } from 'react';
import { Skeleton } from '@mantine/core';
import { ErrorText } from '../../components/error-text.tsx';
import { LazyClassCharts } from './lazy-charts.tsx';
import { useClassCharts } from './reports-api.ts';
import type { ReportFilters } from './use-report-filters.ts';

/** The class charts for the filters (same query as the class report). */
export const ChartsTab = ({ filters }: { filters: ReportFilters }) => {
  const q = useClassCharts(filters.params);
  const { onServerError } = filters;
  useEffect(() => {
    if (q.error) onServerError(q.error);
  }, [q.error, onServerError]);
  if (q.error) return <ErrorText error={q.error} />;
  if (!q.data) return <Skeleton height={240} aria-busy="true" />;
  return <LazyClassCharts charts={q.data} />;
};

import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { ClassCharts, StudentReport } from '@klase/core/reports/contracts';

/** recharts and @mantine/charts load with the first chart shown, not with the reports page's tables. */
const ClassChartsView = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.ClassChartsView })));
const DailyTimeChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.DailyTimeChart })));

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<Skeleton height={240} aria-busy="true" />}>{children}</Suspense>;

export const LazyClassCharts = ({ charts }: { charts: ClassCharts }) => (
  <Loading>
    <ClassChartsView charts={charts} />
  </Loading>
);

export const LazyDailyTimeChart = ({ daily }: { daily: StudentReport['daily'] }) => (
  <Loading>
    <DailyTimeChart daily={daily} />
  </Loading>
);

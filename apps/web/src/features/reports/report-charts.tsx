import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassCharts, StudentReport } from '@klase/core/reports/contracts';
import { formatWallClock } from '../../lib/dates.ts';
import { ChartFrame } from './chart-frame.tsx';
import { formatDuration, toMinutes } from './duration.ts';
import classes from './report-charts.module.css';

/**
 * The report charts (issue 21), in their own chunk: recharts loads only when a chart is shown on
 * `#/reports`. Each chart sits in a ChartFrame (name, summary, the same numbers as a table).
 */
const AXIS_TEXT = 'var(--mantine-color-text)';
const shortLabel = (s: string, max = 18) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%');

const CompletionChart = ({ data }: { data: ClassCharts['completion'] }) => {
  const { t, i18n } = useTranslation('reports');
  const rows = data.map((d) => ({ ...d, day: formatWallClock(d.date, 'day', i18n.language) ?? d.date }));
  const last = data[data.length - 1];
  return (
    <ChartFrame
      title={t('charts.completion')}
      summary={t('charts.completionSummary', { submitted: last?.submitted ?? 0, total: last?.total ?? 0 })}
      minWidth={Math.max(280, data.length * 12)}
      table={{
        headers: [t('charts.date'), t('charts.submitted'), t('charts.total'), t('charts.percent')],
        rows: rows.map((r) => ({ key: r.date, cells: [r.day, r.submitted, r.total, percent(r.submitted, r.total)] })),
      }}
    >
      <LineChart
        h={240}
        data={rows}
        dataKey="day"
        curveType="linear"
        withDots={false}
        textColor={AXIS_TEXT}
        xAxisProps={{ minTickGap: 24 }}
        series={[
          { name: 'submitted', label: t('charts.submitted'), color: 'var(--report-primary)' },
          { name: 'total', label: t('charts.total'), color: 'var(--report-secondary)' },
        ]}
        withLegend
      />
    </ChartFrame>
  );
};

const PerMaterialChart = ({ data }: { data: ClassCharts['perMaterial'] }) => {
  const { t } = useTranslation('reports');
  const rows = data.map((d) => ({ ...d, label: shortLabel(d.title) }));
  return (
    <ChartFrame
      title={t('charts.perMaterial')}
      summary={t('charts.perMaterialSummary', { count: data.length })}
      table={{
        headers: [t('charts.material'), t('charts.onTime'), t('charts.late'), t('charts.missing'), t('charts.notDue')],
        rows: data.map((d) => ({ key: d.materialId, cells: [d.title, d.onTime, d.late, d.missing, d.notDue] })),
      }}
    >
      <BarChart
        h={Math.max(160, rows.length * 36 + 80)}
        data={rows}
        dataKey="label"
        type="stacked"
        orientation="vertical"
        textColor={AXIS_TEXT}
        yAxisProps={{ width: 130 }}
        withLegend
        legendProps={{ wrapperStyle: { paddingTop: 8 } }}
        series={[
          { name: 'onTime', label: t('charts.onTime'), color: 'var(--report-on-time)' },
          { name: 'late', label: t('charts.late'), color: 'var(--report-late)' },
          { name: 'missing', label: t('charts.missing'), color: 'var(--report-missing)' },
          { name: 'notDue', label: t('charts.notDue'), color: 'var(--report-not-due)' },
        ]}
      />
    </ChartFrame>
  );
};

const TimePerStudentChart = ({ data }: { data: ClassCharts['timePerStudent'] }) => {
  const { t } = useTranslation('reports');
  const rows = data.map((d) => ({ name: shortLabel(d.fullName), minutes: toMinutes(d.seconds) }));
  return (
    <ChartFrame
      title={t('charts.timePerStudent')}
      summary={t('charts.timePerStudentSummary', { count: data.length })}
      table={{
        headers: [t('charts.student'), t('charts.timeSpent')],
        rows: data.map((d) => ({ key: d.studentId, cells: [d.fullName, formatDuration(d.seconds, t)] })),
      }}
    >
      <BarChart
        h={Math.max(160, rows.length * 32 + 60)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        textColor={AXIS_TEXT}
        yAxisProps={{ width: 130 }}
        valueFormatter={(v) => `${v} ${t('charts.minutesUnit')}`}
        series={[{ name: 'minutes', label: t('charts.minutes'), color: 'var(--report-primary)' }]}
      />
    </ChartFrame>
  );
};

/** The class charts: completion over time, submissions per material, time per student. */
export const ClassChartsView = ({ charts }: { charts: ClassCharts }) => (
  <Stack gap="md" className={classes.charts}>
    <CompletionChart data={charts.completion} />
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <PerMaterialChart data={charts.perMaterial} />
      <TimePerStudentChart data={charts.timePerStudent} />
    </SimpleGrid>
  </Stack>
);

/** One student's time per day of the range. */
export const DailyTimeChart = ({ daily }: { daily: StudentReport['daily'] }) => {
  const { t, i18n } = useTranslation('reports');
  const rows = daily.map((d) => ({
    day: formatWallClock(d.date, 'day', i18n.language) ?? d.date,
    minutes: toMinutes(d.seconds),
    seconds: d.seconds,
    date: d.date,
  }));
  const total = daily.reduce((sum, d) => sum + d.seconds, 0);
  return (
    <div className={classes.charts}>
      <ChartFrame
        title={t('charts.daily')}
        summary={t('charts.dailySummary', { total: formatDuration(total, t), days: daily.length })}
        minWidth={Math.max(280, daily.length * 14)}
        table={{ headers: [t('charts.date'), t('charts.timeSpent')], rows: rows.map((r) => ({ key: r.date, cells: [r.day, formatDuration(r.seconds, t)] })) }}
      >
        <BarChart
          h={220}
          data={rows}
          dataKey="day"
          textColor={AXIS_TEXT}
          xAxisProps={{ minTickGap: 24 }}
          unit={` ${t('charts.minutesUnit')}`}
          series={[{ name: 'minutes', label: t('charts.minutes'), color: 'var(--report-primary)' }]}
        />
      </ChartFrame>
    </div>
  );
};

import type { ReactNode } from 'react';
import { Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportClassOptions, StudentReport } from '@klase/core/reports/contracts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { formatDuration } from './duration.ts';
import { LazyDailyTimeChart } from './lazy-charts.tsx';
import { useStudentReport } from './reports-api.ts';
import type { ReportFilters } from './use-report-filters.ts';

const CourseTable = ({ report }: { report: StudentReport }) => {
  const { t } = useTranslation('reports');
  if (report.courses.length === 0) return <EmptyState text={t('student.noCourses')} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Caption>{t('student.courses')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {(['course', 'lastAccess', 'totalTime', 'submitted', 'late', 'missing'] as const).map((h) => (
              <Table.Th key={h} scope="col">
                {t(`student.${h}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.courses.map((c) => (
            <Table.Tr key={c.courseId}>
              <Table.Th scope="row" fw={600}>
                {c.courseTitle}
              </Table.Th>
              <Table.Td>
                <DateText value={c.lastAccess} />
              </Table.Td>
              <Table.Td>{formatDuration(c.totalSeconds, t)}</Table.Td>
              <Table.Td>{t('class.submittedOf', { submitted: c.submitted, total: c.totalSubmissions })}</Table.Td>
              <Table.Td>{c.late}</Table.Td>
              <Table.Td>{c.missing}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Figures = ({ report }: { report: StudentReport }) => {
  const { t } = useTranslation('reports');
  const total = report.courses.reduce((sum, c) => sum + c.totalSeconds, 0);
  const missing = report.courses.reduce((sum, c) => sum + c.missing, 0);
  const figure = (label: string, value: ReactNode) => (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {figure(t('student.lastSystemAccess'), <DateText value={report.student.lastSystemAccess} />)}
      {figure(t('student.totalTime'), formatDuration(total, t))}
      {figure(t('student.missing'), missing)}
    </SimpleGrid>
  );
};

interface StudentReportTabProps {
  filters: ReportFilters;
  options: ReportClassOptions | undefined;
}

/** One learner across the class's courses: figures per course and the time per day. */
export const StudentReportTab = ({ filters, options }: StudentReportTabProps) => {
  const { t } = useTranslation('reports');
  const studentId = filters.values.studentId || null;
  const q = useStudentReport(studentId, filters.params);
  return (
    <Stack gap="md">
      <Select
        label={t('student.pick')}
        placeholder={t('student.pickPlaceholder')}
        data={(options?.students ?? []).map((s) => ({ value: s.id, label: s.fullName }))}
        value={studentId}
        onChange={(v) => filters.setField('studentId', v ?? '')}
        searchable
        nothingFoundMessage={t('filters.noMatch')}
        maw={420}
      />
      {!studentId && <EmptyState text={t('student.empty')} />}
      {studentId && q.isPending && <Skeleton height={160} aria-busy="true" />}
      {studentId && q.error && <ErrorText error={q.error} />}
      {studentId && q.data && (
        <Stack gap="md">
          <Title order={3} size="h4">
            {q.data.student.fullName}
          </Title>
          <Figures report={q.data} />
          <CourseTable report={q.data} />
          <LazyDailyTimeChart daily={q.data.daily} />
        </Stack>
      )}
    </Stack>
  );
};

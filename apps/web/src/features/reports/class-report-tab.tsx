import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassReportRow } from '@klase/core/reports/contracts';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { formatDuration } from './duration.ts';
import { ReportTable } from './report-table.tsx';
import type { ReportFilters } from './use-report-filters.ts';

interface ClassReportTabProps {
  filters: ReportFilters;
  /** A student's name (or row) opens the student report. */
  onOpenStudent: (studentId: string) => void;
}

/** One row per student: last access (system, material), time on materials, submitted of total, missing. */
export const ClassReportTab = ({ filters, onOpenStudent }: ClassReportTabProps) => {
  const { t } = useTranslation('reports');
  const columns: TableColumn<ClassReportRow>[] = [
    { key: 'fullName', header: t('class.fullName'), sortable: true },
    { key: 'lastSystemAccess', header: t('class.lastSystemAccess'), sortable: true, render: (r) => <DateText value={r.lastSystemAccess} /> },
    {
      key: 'lastMaterialAccess',
      header: t('class.lastMaterialAccess'),
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <DateText value={r.lastMaterialAccess} />
          {r.lastMaterialTitle && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.lastMaterialTitle}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'totalSeconds', header: t('class.totalTime'), sortable: true, render: (r) => formatDuration(r.totalSeconds, t) },
    {
      key: 'submitted',
      header: t('class.submitted'),
      sortable: true,
      render: (r) => t('class.submittedOf', { submitted: r.submitted, total: r.totalSubmissions }),
    },
    { key: 'missing', header: t('class.missing'), sortable: true, render: (r) => String(r.missing) },
  ];
  return (
    <ReportTable<ClassReportRow>
      report="class"
      filters={filters}
      columns={columns}
      detailsRoute={(r) => onOpenStudent(r.studentId)}
      rowLabel={(r) => r.fullName}
    />
  );
};

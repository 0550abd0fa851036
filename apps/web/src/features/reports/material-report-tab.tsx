import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaterialReportRow } from '@klase/core/reports/contracts';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { formatDuration } from './duration.ts';
import { ReportTable } from './report-table.tsx';
import type { ReportFilters } from './use-report-filters.ts';

const STATUSES = ['submitted', 'late', 'missing', 'notDue'] as const;
/** Filled badges with white or dark text at 4.5:1 or more in both schemes. */
const STATUS_COLOR: Record<MaterialReportRow['status'], string> = { submitted: 'teal.9', late: '#b35c00', missing: 'red.9', notDue: 'gray.7', none: 'gray.7' };

const StatusCell = ({ status }: { status: MaterialReportRow['status'] }) => {
  const { t } = useTranslation('reports');
  return (
    // Never narrower than its words: the table's columns shrink to their content's minimum, and a
    // badge's label otherwise gives way first ("No su…" at 1280 px).
    <Badge color={STATUS_COLOR[status]} c="white" variant="filled" tt="none" miw="max-content" data-status={status}>
      {t(`materials.statuses.${status}`)}
    </Badge>
  );
};

const YesNo = ({ value }: { value: boolean | null }) => {
  const { t } = useTranslation('reports');
  return value === null ? <EmptyLabel /> : <>{value ? t('materials.yes') : t('materials.no')}</>;
};

/** One row per student and material: due date, last access, time, submitted, late; filtered by status. */
export const MaterialReportTab = ({ filters }: { filters: ReportFilters }) => {
  const { t } = useTranslation('reports');
  const columns: TableColumn<MaterialReportRow>[] = [
    { key: 'fullName', header: t('materials.fullName'), sortable: true },
    { key: 'materialTitle', header: t('materials.materialTitle'), sortable: true },
    { key: 'courseTitle', header: t('materials.course') },
    { key: 'dueDate', header: t('materials.dueDate'), sortable: true, render: (r) => <DateText value={r.dueDate} /> },
    { key: 'lastAccess', header: t('materials.lastAccess'), sortable: true, render: (r) => <DateText value={r.lastAccess} /> },
    { key: 'totalSeconds', header: t('materials.totalTime'), sortable: true, render: (r) => formatDuration(r.totalSeconds, t) },
    { key: 'submitted', header: t('materials.submitted'), sortable: true, render: (r) => <YesNo value={r.submitted} /> },
    { key: 'late', header: t('materials.late'), render: (r) => <YesNo value={r.submitted === null ? null : r.late} /> },
    {
      key: 'status',
      header: t('materials.status'),
      render: (r) => <StatusCell status={r.status} />,
      filter: { key: 'status', options: STATUSES.map((s) => ({ value: s, label: t(`materials.statuses.${s}`) })) },
    },
  ];
  return <ReportTable<MaterialReportRow> report="materials" filters={filters} columns={columns} />;
};

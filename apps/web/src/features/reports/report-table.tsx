import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLASS_REPORT_PATH, MATERIAL_REPORT_PATH, reportExportPath } from '@klase/core/reports/contracts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataTableProps } from '../../components/data-table/data-table.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { reportKeys } from './reports-api.ts';
import type { ReportFilters } from './use-report-filters.ts';

type ExportedReport = 'class' | 'materials';

/** Each table report's API path, the exported file's name (no extension) and its texts' keys. */
const REPORTS: Record<ExportedReport, { path: string; baseName: string; hint: string; caption: string }> = {
  class: { path: CLASS_REPORT_PATH, baseName: 'class-report', hint: 'class.hint', caption: 'tabs.class' },
  materials: { path: MATERIAL_REPORT_PATH, baseName: 'material-report', hint: 'materials.hint', caption: 'tabs.materials' },
};

interface ReportTableProps<Row> extends Pick<DataTableProps<Row>, 'columns' | 'detailsRoute' | 'rowLabel'> {
  report: ExportedReport;
  filters: ReportFilters;
}

/**
 * A report's server table under the page's filters, with the CSV/XLSX export of exactly what it
 * shows (the same filters and the sort on screen); a filter the server refuses lands on its field.
 */
export const ReportTable = <Row,>({ report, filters, ...table }: ReportTableProps<Row>) => {
  const { t } = useTranslation('reports');
  const { path, baseName, hint, caption } = REPORTS[report];
  const key = reportKeys.table(report, filters.params);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t(hint)}</Text>
        <ExportButtons tableKey={key} path={reportExportPath(report)} baseName={baseName} />
      </Group>
      <DataTable<Row>
        queryKey={key}
        path={path}
        extraParams={filters.params}
        defaultSortBy="fullName"
        caption={t(caption)}
        onError={filters.onServerError}
        {...table}
      />
    </Stack>
  );
};

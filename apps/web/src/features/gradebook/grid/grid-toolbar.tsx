import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GradebookGrid } from '@klase/core/gradebook/views';
import { useErrorMessage } from '../../../components/error-text.tsx';
import { toastError } from '../../../lib/toasts.ts';
import { downloadFile } from '../../../lib/download.ts';
import { exportPath, type ExportFormat } from './gradebook-api.ts';

export interface GridFilters {
  groupId: string | null;
  periodId: string | null;
  search: string;
}

interface ToolbarProps {
  courseId: string;
  grid: GradebookGrid;
  filters: GridFilters;
  onChange: (patch: Partial<GridFilters>) => void;
}

const FORMATS: ExportFormat[] = ['csv', 'xlsx'];

/** Group, period and name filters, and the exports (with the same group and period). */
export const GridToolbar = ({ courseId, grid, filters, onChange }: ToolbarProps) => {
  const { t } = useTranslation('gradeBook');
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(exportPath(courseId, format, filters), `gradebook.${format}`);
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={filters.search}
        onChange={(e) => onChange({ search: e.currentTarget.value })}
        maxLength={100}
        w={{ base: '100%', xs: 220 }}
      />
      {grid.groups.length > 0 && (
        <Select
          label={t('filters.group')}
          data={[{ value: '', label: t('filters.allStudents') }, ...grid.groups.map((g) => ({ value: g.id, label: g.name }))]}
          value={filters.groupId ?? ''}
          onChange={(v) => onChange({ groupId: v ? v : null })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      {grid.periods.length > 0 && (
        <Select
          label={t('filters.period')}
          data={[{ value: '', label: t('filters.allPeriods') }, ...grid.periods.map((p) => ({ value: p.id, label: p.name }))]}
          value={filters.periodId ?? ''}
          onChange={(v) => onChange({ periodId: v ? v : null })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      <Group gap="xs" ml={{ xs: 'auto' }}>
        {FORMATS.map((f) => (
          <Button
            key={f}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={busy === f}
            disabled={busy !== null && busy !== f}
            onClick={() => void download(f)}
          >
            {t(`export.${f}`)}
          </Button>
        ))}
      </Group>
    </Group>
  );
};

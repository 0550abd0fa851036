import { Button, Group, Select, SimpleGrid, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportClassOptions } from '@klase/core/reports/contracts';
import type { ReportFilterField, ReportFilters } from './use-report-filters.ts';

interface ReportFiltersBarProps {
  filters: ReportFilters;
  options: ReportClassOptions | undefined;
  /** The student report picks its student itself. */
  withStudent: boolean;
}

/** Course, group, student and the date range (both days included; none: the last 30 days). */
export const ReportFiltersBar = ({ filters, options, withStudent }: ReportFiltersBarProps) => {
  const { t } = useTranslation('reports');
  const { values, setField, errors } = filters;
  const choice = (field: ReportFilterField, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder={t('filters.all')}
      data={data}
      value={values[field] || null}
      onChange={(v) => setField(field, v ?? '')}
      clearable
      searchable
      nothingFoundMessage={t('filters.noMatch')}
      error={errors[field]}
    />
  );
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">{t('filters.legend')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: withStudent ? 5 : 4 }} spacing="sm" verticalSpacing="xs">
        {choice(
          'courseId',
          t('filters.course'),
          (options?.courses ?? []).map((c) => ({ value: c.id, label: c.title })),
        )}
        {choice(
          'groupId',
          t('filters.group'),
          (options?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
        )}
        {withStudent &&
          choice(
            'studentId',
            t('filters.student'),
            (options?.students ?? []).map((s) => ({ value: s.id, label: s.fullName })),
          )}
        <TextInput type="date" label={t('filters.from')} value={values.from} onChange={(e) => setField('from', e.currentTarget.value)} error={errors.from} />
        <TextInput type="date" label={t('filters.to')} value={values.to} onChange={(e) => setField('to', e.currentTarget.value)} error={errors.to} />
      </SimpleGrid>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm">{values.from || values.to ? '' : t('filters.rangeDefault')}</Text>
        <Button variant="subtle" size="compact-sm" leftSection={<IconFilterOff size={16} aria-hidden="true" />} onClick={filters.reset}>
          {t('filters.reset')}
        </Button>
      </Group>
    </fieldset>
  );
};

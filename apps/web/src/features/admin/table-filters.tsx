import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, MultiSelect, Select } from '@mantine/core';
import type { FilterOption } from '../../components/data-table/types.ts';

export interface ListFilter {
  /** Query field sent to the API (a comma list). */
  key: string;
  label: string;
  options: FilterOption[];
  /** One value at a time (a yes/no field). */
  single?: boolean;
}

interface TableFiltersProps {
  filters: ListFilter[];
  values: Record<string, string[]>;
  onChange: (key: string, values: string[]) => void;
  children?: ReactNode;
}

/**
 * Filters that combine (role AND status, sector AND enabled...): sent as the table's extra
 * query fields, which the API combines with the table's own search and filter.
 */
export const TableFilters = ({ filters, values, onChange, children }: TableFiltersProps) => {
  const { t } = useTranslation('admin');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {filters.map((f) =>
        f.single ? (
          <Select
            key={f.key}
            label={f.label}
            data={f.options}
            value={values[f.key]?.[0] ?? null}
            onChange={(v) => onChange(f.key, v ? [v] : [])}
            clearable
            placeholder={t('filterAny')}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
        ) : (
          <MultiSelect
            key={f.key}
            label={f.label}
            data={f.options}
            value={values[f.key] ?? []}
            onChange={(v) => onChange(f.key, v)}
            clearable
            placeholder={t('filterAny')}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
        ),
      )}
      {children}
    </Group>
  );
};

/** The filter values as extra query fields (`role=3,5`); empty filters are left out. */
export const filterParams = (values: Record<string, string[]>, fixed: Record<string, string | undefined> = {}): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fixed)) if (v) out[k] = v;
  for (const [k, v] of Object.entries(values)) if (v.length > 0) out[k] = v.join(',');
  return out;
};

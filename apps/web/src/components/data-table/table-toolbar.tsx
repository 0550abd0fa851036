import { CloseButton, Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from './types.ts';

interface TableToolbarProps<Row> {
  columns: TableColumn<Row>[];
  search: string;
  onSearch: (value: string) => void;
  filter?: { key: string; values: string[] };
  onFilter: (key: string, values: string[]) => void;
}

/** The search box (debounced by the table) and one multi-select per filterable column. */
export const TableToolbar = <Row,>({ columns, search, onSearch, filter, onFilter }: TableToolbarProps<Row>) => {
  const { t } = useTranslation('components');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('table.search')}
        placeholder={t('table.searchPlaceholder')}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={search ? <CloseButton aria-label={t('table.clearSearch')} onClick={() => onSearch('')} size="sm" /> : null}
        style={{ flex: '1 1 220px', minWidth: 0 }}
        maxLength={200}
      />
      {columns
        .filter((c) => c.filter)
        .map((c) => {
          const f = c.filter!;
          return (
            <MultiSelect
              key={f.key}
              label={t('table.filterBy', { column: c.header })}
              data={f.options}
              value={filter?.key === f.key ? filter.values : []}
              onChange={(values) => onFilter(f.key, values)}
              clearable
              style={{ flex: '1 1 200px', minWidth: 0 }}
            />
          );
        })}
    </Group>
  );
};

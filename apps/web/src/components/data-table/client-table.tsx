import { useMemo, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardView } from './card-view.tsx';
import { TableView } from './table-view.tsx';
import { NARROW_QUERY, fieldOf, type RowHandlers, type SortState, type TableColumn } from './types.ts';

export interface ClientTableProps<Row> extends RowHandlers<Row> {
  rows: Row[];
  columns: TableColumn<Row>[];
  caption?: string;
}

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

/** Sorts rows by a field, ascending or descending, without changing the input. */
export const sortRows = <Row,>(rows: Row[], sort: SortState): Row[] => {
  if (!sort.sortBy) return rows;
  const key = sort.sortBy;
  const dir = sort.sortOrder === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => dir * compare(fieldOf(x, key), fieldOf(y, key)));
};

/** A table of rows already in memory; sorted descending by id until a header is clicked (spec section 9). */
export const ClientTable = <Row,>({ rows, columns, caption, ...handlers }: ClientTableProps<Row>) => {
  const { t } = useTranslation('components');
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [sort, setSort] = useState<SortState>({ sortBy: 'id', sortOrder: 'desc' });
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const onSort = (key: string) =>
    setSort((s) => (s.sortBy === key ? { sortBy: key, sortOrder: s.sortOrder === 'asc' ? 'desc' : 'asc' } : { sortBy: key, sortOrder: 'asc' }));

  if (rows.length === 0)
    return (
      <Alert
        color="yellow"
        variant="light"
        role="status"
        icon={<IconAlertTriangle aria-hidden="true" />}
        styles={{ message: { color: 'var(--mantine-color-text)' } }}
      >
        {t('noRecordsFound')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      {narrow ? (
        <CardView columns={columns} rows={sorted} handlers={handlers} sort={sort} onSort={setSort} />
      ) : (
        <TableView columns={columns} rows={sorted} sort={sort} onSort={onSort} handlers={handlers} caption={caption} />
      )}
    </Stack>
  );
};

import { NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nameColumnKey, rowOpener } from './row-details.tsx';
import { TableCell } from './table-cell.tsx';
import { fieldOf, type RowHandlers, type SortState, type TableColumn } from './types.ts';

interface CardViewProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  handlers: RowHandlers<Row>;
  loadingRows?: number;
  sort?: SortState;
  /** Sets the sort directly (cards have no headers to click). */
  onSort?: (sort: SortState) => void;
}

/** Cards have no headers: a "Sort by" choice of each sortable column, ascending or descending. */
const CardSort = <Row,>({ columns, sort, onSort }: { columns: TableColumn<Row>[]; sort: SortState; onSort: (s: SortState) => void }) => {
  const { t } = useTranslation('components');
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  const data = sortable.flatMap((c) => [
    { value: `${c.key}:asc`, label: t('table.ascending', { column: c.header }) },
    { value: `${c.key}:desc`, label: t('table.descending', { column: c.header }) },
  ]);
  const current = sort.sortBy ? `${sort.sortBy}:${sort.sortOrder}` : '';
  return (
    <NativeSelect
      label={t('table.sortLabel')}
      data={current ? data : [{ value: '', label: '' }, ...data]}
      value={current}
      onChange={(e) => {
        const [sortBy, order] = e.currentTarget.value.split(':');
        if (sortBy) onSort({ sortBy, sortOrder: order === 'desc' ? 'desc' : 'asc' });
      }}
    />
  );
};

/** Narrow screens (< 600 px): each row is a card of "header: value" pairs. */
export const CardView = <Row,>({ columns, rows, handlers, loadingRows, sort, onSort }: CardViewProps<Row>) => {
  const open = rowOpener(handlers);
  const nameKey = open ? nameColumnKey(columns) : undefined;
  if (loadingRows)
    return (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: Math.min(loadingRows, 5) }, (_, i) => (
          <Skeleton key={i} height={72} radius="md" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  const list = (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="table-cards">
      {rows.map((row, i) => (
        <Paper
          key={String(fieldOf(row, 'id') ?? i)}
          component="li"
          withBorder
          p="sm"
          radius="md"
          style={open ? { cursor: 'pointer' } : undefined}
          onClick={open}
          aria-label={handlers.rowLabel?.(row)}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0}>
            {columns.map((c) => (
              <div key={c.key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" fw={700}>
                  {c.header}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <TableCell column={c} row={row} handlers={handlers} names={c.key === nameKey} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
  return sort && onSort ? (
    <Stack gap="sm">
      <CardSort columns={columns} sort={sort} onSort={onSort} />
      {list}
    </Stack>
  ) : (
    list
  );
};

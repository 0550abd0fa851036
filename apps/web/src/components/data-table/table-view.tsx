import { Group, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { nameColumnKey, rowOpener } from './row-details.tsx';
import { TableCell } from './table-cell.tsx';
import { fieldOf, type RowHandlers, type SortState, type TableColumn } from './types.ts';

interface TableViewProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  sort: SortState;
  onSort: (key: string) => void;
  handlers: RowHandlers<Row>;
  /** Skeleton rows while the first page loads. */
  loadingRows?: number;
  caption?: string;
}

const SortIcon = ({ state }: { state: 'ascending' | 'descending' | 'none' }) =>
  state === 'ascending' ? (
    <IconArrowUp size={14} aria-hidden="true" />
  ) : state === 'descending' ? (
    <IconArrowDown size={14} aria-hidden="true" />
  ) : (
    <IconArrowsSort size={14} aria-hidden="true" opacity={0.6} />
  );

/**
 * A plain table: sortable headers (aria-sort); a row with details has a link in its name cell
 * (keyboard and screen readers) and opens on a click anywhere (mouse).
 */
export const TableView = <Row,>({ columns, rows, sort, onSort, handlers, loadingRows, caption }: TableViewProps<Row>) => {
  const open = rowOpener(handlers);
  const nameKey = open ? nameColumnKey(columns) : undefined;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover={!!open} verticalSpacing="sm" aria-busy={loadingRows ? true : undefined}>
        {caption && <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const state = sort.sortBy === c.key ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
              return (
                <Table.Th key={c.key} scope="col" aria-sort={c.sortable ? state : undefined}>
                  {c.sortable ? (
                    <UnstyledButton onClick={() => onSort(c.key)} fw={700} fz="sm" className="mantine-focus-auto">
                      <Group gap={4} wrap="nowrap">
                        {c.header}
                        <SortIcon state={state} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loadingRows
            ? Array.from({ length: loadingRows }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} data-testid="skeleton-row">
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton height={12} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row, i) => (
                <Table.Tr key={String(fieldOf(row, 'id') ?? i)} style={open ? { cursor: 'pointer' } : undefined} onClick={open}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <TableCell column={c} row={row} handlers={handlers} names={c.key === nameKey} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyLabel, isEmptyValue } from '../empty-label.tsx';
import { StatusBadge } from '../status-badge.tsx';
import { useTone } from '../tones.ts';
import { DetailsLink } from './row-details.tsx';
import { fieldOf, type RowHandlers, type TableColumn } from './types.ts';

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

/** Edit and delete buttons of a row (they never trigger the row's details navigation). */
export const RowActions = <Row,>({ row, handlers }: { row: Row; handlers: RowHandlers<Row> }) => {
  const { t } = useTranslation('components');
  const muted = useTone('muted');
  const danger = useTone('danger');
  const name = handlers.rowLabel?.(row) ?? String(fieldOf(row, 'id') ?? '');
  return (
    <Group gap={4} wrap="nowrap" onClick={stop} onKeyDown={stop}>
      {handlers.onEdit && (
        <Tooltip label={t('table.edit')}>
          <ActionIcon variant="subtle" color={muted} aria-label={`${t('table.edit')} ${name}`.trim()} onClick={() => handlers.onEdit?.(row)}>
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
      {handlers.onDelete && (
        <Tooltip label={t('table.delete')}>
          <ActionIcon variant="subtle" color={danger} aria-label={`${t('table.delete')} ${name}`.trim()} onClick={() => handlers.onDelete?.(row)}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
};

interface TableCellProps<Row> {
  column: TableColumn<Row>;
  row: Row;
  handlers: RowHandlers<Row>;
  /** The row's name cell: its content links to the row's details. */
  names?: boolean;
}

/** A cell: the row's name cell is the link to its details (when rows have them). */
export const TableCell = <Row,>({ names, ...props }: TableCellProps<Row>) =>
  names ? (
    <DetailsLink row={props.row} handlers={props.handlers}>
      <CellContent {...props} />
    </DetailsLink>
  ) : (
    <CellContent {...props} />
  );

/** The content of one cell: custom render, a status chip, the actions, the value or '- -'. */
const CellContent = <Row,>({ column, row, handlers }: TableCellProps<Row>) => {
  if (column.kind === 'actions')
    return (
      <Group gap={4} wrap="nowrap">
        {column.render?.(row)}
        <RowActions row={row} handlers={handlers} />
      </Group>
    );
  if (column.render) return <>{column.render(row)}</>;
  const value = fieldOf(row, column.key);
  if (column.kind === 'status') return isEmptyValue(value) ? <EmptyLabel /> : <StatusBadge status={String(value)} />;
  return isEmptyValue(value) ? <EmptyLabel /> : <>{String(value)}</>;
};

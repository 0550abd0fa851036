import { useEffect, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TablePage } from '@klase/core/table';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { apiFetch, isApiError } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { CardView } from './card-view.tsx';
import { TableFooter } from './table-footer.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import { TableView } from './table-view.tsx';
import { useTableState } from './use-table-state.ts';
import { NARROW_QUERY, type SortOrder, type TableColumn } from './types.ts';

export { NARROW_QUERY };

export interface DeleteConfig<Row> {
  /** Sends the delete; the answer's message (if any) is the success toast. */
  request: (row: Row) => Promise<{ message?: string } | void>;
  /** Confirmation text (default "Are you sure you want to delete this record?"). */
  confirmText?: string;
  title?: string;
}

export interface DataTableProps<Row> {
  queryKey: QueryKey;
  /** API path answering `{ data, pagination: { page, totalcount } }`. */
  path: string;
  columns: TableColumn<Row>[];
  extraParams?: Record<string, string>;
  hidePagination?: boolean;
  defaultSortBy?: string;
  defaultSortOrder?: SortOrder;
  detailsHref?: (row: Row) => string | null;
  detailsRoute?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: DeleteConfig<Row>;
  rowLabel?: (row: Row) => string;
  /** Accessible name of the table. */
  caption?: string;
  /** Called with the error of a failed page request (e.g. to show field errors beside the page's own filters). */
  onError?: (error: unknown) => void;
}

/** The server-driven table: search, sort, filter and pages on the server; cards on narrow screens. */
export const DataTable = <Row,>(props: DataTableProps<Row>) => {
  const { queryKey, path, columns, hidePagination, onDelete, caption, onError } = props;
  const { t } = useTranslation('components');
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const state = useTableState(props);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const q = useQuery({
    queryKey: [...queryKey, state.query],
    queryFn: ({ signal }) => apiFetch<TablePage<Row>>(`${path}${path.includes('?') ? '&' : '?'}${state.query}`, { signal }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (q.error) onError?.(q.error);
  }, [q.error, onError]);

  const rows = q.data?.data ?? [];
  const totalCount = q.data?.pagination.totalcount ?? 0;
  const loadingRows = q.isPending ? Math.min(state.rowsPerPage, 10) : undefined;
  const sessionExpired = isApiError(q.error) && q.error.code === 'SESSION_EXPIRED';
  const handlers = {
    detailsHref: props.detailsHref,
    detailsRoute: props.detailsRoute,
    onEdit: props.onEdit,
    onDelete: onDelete ? (row: Row) => setDeleting(row) : undefined,
    rowLabel: props.rowLabel,
  };

  const confirmDelete = async () => {
    if (!onDelete || deleting === null) return;
    const answer = await onDelete.request(deleting);
    toastSuccess((answer && answer.message) || t('table.deleteSuccess'));
    state.clearSearch();
    await queryClient.invalidateQueries({ queryKey });
  };

  return (
    <Stack gap="sm" aria-busy={q.isFetching}>
      <TableToolbar columns={columns} search={state.searchInput} onSearch={state.onSearch} filter={state.filter} onFilter={state.setFilter} />
      {q.isError && !sessionExpired ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('somethingWentWrong')}
        </Alert>
      ) : null}
      {!q.isError && !q.isPending && rows.length === 0 ? (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          icon={<IconAlertTriangle aria-hidden="true" />}
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {t('noRecordsFound')}
        </Alert>
      ) : null}
      {(rows.length > 0 || loadingRows) &&
        (narrow ? (
          <CardView columns={columns} rows={rows} handlers={handlers} loadingRows={loadingRows} sort={state.sort} onSort={state.setSortState} />
        ) : (
          <TableView columns={columns} rows={rows} sort={state.sort} onSort={state.onSort} handlers={handlers} loadingRows={loadingRows} caption={caption} />
        ))}
      {!hidePagination && q.data && totalCount > 0 && (
        <TableFooter page={state.page} rowsPerPage={state.rowsPerPage} totalCount={totalCount} onPage={state.setPage} onRowsPerPage={state.setRowsPerPage} />
      )}
      {onDelete && (
        <ConfirmDialog
          opened={deleting !== null}
          title={onDelete.title ?? t('table.deleteTitle')}
          message={onDelete.confirmText ?? t('table.deleteConfirm')}
          confirmLabel={t('table.delete')}
          danger
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
};

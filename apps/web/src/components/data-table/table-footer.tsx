import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@klase/core/constants';
import { totalPages } from '@klase/core/table';

interface TableFooterProps {
  page: number;
  rowsPerPage: number;
  totalCount: number;
  onPage: (page: number) => void;
  onRowsPerPage: (n: number) => void;
}

/** Total count, "Page X of Y", page buttons and the 10 / 25 / 50 rows-per-page choice. */
export const TableFooter = ({ page, rowsPerPage, totalCount, onPage, onRowsPerPage }: TableFooterProps) => {
  const { t } = useTranslation('components');
  const total = totalPages(totalCount, rowsPerPage);
  const labels: Record<string, string> = {
    first: t('table.firstPage'),
    previous: t('table.previousPage'),
    next: t('table.nextPage'),
    last: t('table.lastPage'),
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="md">
        <Text size="sm">{t('table.totalCount', { count: totalCount })}</Text>
        <Text size="sm" aria-live="polite">
          {t('table.pageOf', { page, total })}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          label={t('table.rowsPerPage')}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(rowsPerPage)}
          onChange={(e) => onRowsPerPage(Number(e.currentTarget.value))}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
        <nav aria-label={t('table.pagination')}>
          <Pagination
            total={total}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={0}
            boundaries={1}
            withEdges
            getControlProps={(control) => ({ 'aria-label': labels[control] })}
            getItemProps={(p) => ({ 'aria-label': t('table.goToPage', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
          />
        </nav>
      </Group>
    </Group>
  );
};

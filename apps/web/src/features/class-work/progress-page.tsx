import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@klase/core/constants';
import type { ProgressRow } from '@klase/core/class-work/contracts';
import { encodeTableQuery, type TablePage } from '@klase/core/table';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { apiFetch } from '../../api/http.ts';
import { PersonCell } from '../../components/person-cell.tsx';
import { paths } from '../../config/paths.ts';
import { classPath } from '../../api/class-api.ts';
import { ProgressFigure, useDuration } from './progress-parts.tsx';
import { workKeys } from './work-api.ts';

const DEFAULT_SORT = 'sortName';

/**
 * Whether anything is assigned in the class yet: read from the table's own first page (same key
 * and query, so React Query shares the request). Every student has the same assigned count.
 */
const useNothingAssigned = (classId: string) => {
  const query = encodeTableQuery({ sortBy: DEFAULT_SORT, sortOrder: 'asc', search: '', page: 1, rowsperpage: DEFAULT_PAGE_SIZE }).toString();
  const first = useQuery({
    queryKey: [...workKeys.progress(classId), query],
    queryFn: ({ signal }) => apiFetch<TablePage<ProgressRow>>(`${classPath(classId, 'progress')}?${query}`, { signal }),
  });
  const row = first.data?.data[0];
  return row !== undefined && row.assigned === 0;
};

/**
 * `class-progress` (teachers, assistants, school administrators): each student's share of the
 * assigned course materials completed, last accesses and time spent; a row opens the details.
 */
export const ClassProgressPage = () => {
  const { t } = useTranslation('classWork');
  const { id = '' } = useParams();
  const duration = useDuration();
  const nothingAssigned = useNothingAssigned(id);

  const columns: TableColumn<ProgressRow>[] = [
    { key: 'sortName', header: t('progress.student'), sortable: true, render: (row) => <PersonCell name={row.name} photoUrl={row.photoUrl} /> },
    { key: 'percent', header: t('progress.progress'), sortable: true, render: (row) => <ProgressFigure row={row} /> },
    { key: 'lastClassAccessAt', header: t('progress.lastClassAccess'), sortable: true, render: (row) => <DateText value={row.lastClassAccessAt} /> },
    { key: 'lastMaterialAccessAt', header: t('progress.lastMaterialAccess'), sortable: true, render: (row) => <DateText value={row.lastMaterialAccessAt} /> },
    { key: 'timeSpentSeconds', header: t('progress.timeSpent'), render: (row) => duration(row.timeSpentSeconds) },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('titles.progress')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('progress.intro')}
        </Text>
      </Stack>
      {nothingAssigned && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t('progress.nothingAssigned')}
        </Alert>
      )}
      <DataTable<ProgressRow>
        queryKey={workKeys.progress(id)}
        path={classPath(id, 'progress')}
        columns={columns}
        defaultSortBy={DEFAULT_SORT}
        detailsHref={(row) => paths.classProgressDetails.to(id, row.studentId)}
        rowLabel={(row) => row.name}
        caption={t('titles.progress')}
      />
    </Stack>
  );
};

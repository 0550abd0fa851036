import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProgressDetailRow, ProgressDetails } from '@klase/core/class-work/contracts';
import { ClientTable } from '../../components/data-table/client-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import { paths } from '../../config/paths.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { useMaterialTypeName } from './materials-labels.ts';
import { ProgressFigure, useDuration } from './progress-parts.tsx';
import { useProgressDetails } from './work-api.ts';

type DetailRow = ProgressDetailRow & { id: string };

const Summary = ({ details }: { details: ProgressDetails }) => {
  const { t } = useTranslation('classWork');
  const duration = useDuration();
  const s = details.summary;
  const items = [
    { label: t('progress.progress'), value: <ProgressFigure row={{ ...s, name: details.student.name }} /> },
    { label: t('progress.lastClassAccess'), value: <DateText value={s.lastClassAccessAt} /> },
    { label: t('progress.lastMaterialAccess'), value: <DateText value={s.lastMaterialAccessAt} /> },
    { label: t('progress.timeSpent'), value: duration(s.timeSpentSeconds) },
  ];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <PersonCell name={details.student.name} photoUrl={details.student.photoUrl} size="md" />
        <DetailList items={items} />
      </Stack>
    </Paper>
  );
};

const Materials = ({ rows }: { rows: ProgressDetailRow[] }) => {
  const { t } = useTranslation('classWork');
  const duration = useDuration();
  const typeName = useMaterialTypeName();
  const columns: TableColumn<DetailRow>[] = [
    { key: 'materialName', header: t('materials.name'), sortable: true },
    { key: 'materialType', header: t('materials.type'), sortable: true, render: (r) => typeName(r.materialType) },
    { key: 'courseName', header: t('materials.course'), sortable: true },
    { key: 'elementName', header: t('materials.element'), sortable: true },
    { key: 'dueAt', header: t('materials.due'), sortable: true, render: (r) => <DateText value={r.dueAt} /> },
    { key: 'firstAccessAt', header: t('progress.firstAccess'), sortable: true, render: (r) => <DateText value={r.firstAccessAt} /> },
    { key: 'lastAccessAt', header: t('progress.lastAccess'), sortable: true, render: (r) => <DateText value={r.lastAccessAt} /> },
    {
      key: 'completedAt',
      header: t('progress.completed'),
      sortable: true,
      render: (r) => (r.completedAt ? <DateText value={r.completedAt} /> : t('progress.notYet')),
    },
    { key: 'timeSpentSeconds', header: t('progress.timeSpent'), sortable: true, render: (r) => duration(r.timeSpentSeconds) },
    { key: 'submissions', header: t('progress.submissions'), sortable: true },
  ];
  // ClientTable starts sorted by id, descending: ids counting down keep the server's course order.
  const withIds = rows.map((r, i) => ({ ...r, id: String(rows.length - i).padStart(6, '0') }));
  return <ClientTable rows={withIds} columns={columns} caption={t('progress.materialsTitle')} />;
};

/** `class-progress/details?studentId=`: one student's figures and every assigned material; a missing or unknown student is not found. */
export const ProgressDetailsPage = () => {
  const { t } = useTranslation('classWork');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const studentId = params.get('studentId') ?? '';
  const details = useProgressDetails(id, studentId);
  if (!studentId) return <Navigate to={paths.notFound.to()} replace />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.classProgress.to(id)} size="sm">
        {t('progress.back')}
      </Anchor>
      <GroupLoadState query={details}>
        {(d) => (
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('progress.detailsTitle', { name: d.student.name })}
            </Title>
            <Summary details={d} />
            <Title order={3} size="h4">
              {t('progress.materialsTitle')}
            </Title>
            <Materials rows={d.materials} />
          </Stack>
        )}
      </GroupLoadState>
    </Stack>
  );
};

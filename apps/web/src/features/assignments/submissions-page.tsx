import { useId, useMemo } from 'react';
import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubmissionRow, SubmissionsAnswer, WorkState } from '@klase/core/assignments/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { paths } from '../../config/paths.ts';
import { ClientTable } from '../../components/data-table/client-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import { Loaded } from './graded-viewer.tsx';
import { submissionsZipUrl, useSubmissions } from './assignments-api.ts';
import { MaterialPage, PageFrame, materialHref } from '../../components/page-frame.tsx';
import { LateBadge, WorkCounts, WorkStateBadge, formatGrade } from './work-parts.tsx';

export const SUBMISSION_FILTERS = ['all', 'toGrade', 'submitted', 'late', 'missing', 'returned'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

const TO_GRADE: readonly WorkState[] = ['submitted', 'late'];

/** Which rows a filter keeps (the same rules as the server's counts). */
export const matchesFilter = (row: SubmissionRow, filter: SubmissionFilter): boolean => {
  switch (filter) {
    case 'toGrade':
      return TO_GRADE.includes(row.state);
    case 'submitted':
      return row.submittedAt !== null;
    case 'late':
      return row.late;
    case 'missing':
      return row.state === 'missing';
    case 'returned':
      return row.state === 'returned';
    default:
      return true;
  }
};

const filterCount = (data: SubmissionsAnswer, filter: SubmissionFilter) =>
  filter === 'all' ? data.counts.total : data.rows.filter((r) => matchesFilter(r, filter)).length;

/** Work states in the order a teacher reads them when sorting: waiting first, then done, then nothing. */
const STATE_RANK: Record<WorkState, number> = { late: 0, submitted: 1, graded: 2, returned: 3, missing: 4, notSubmitted: 5 };

type ViewRow = SubmissionRow & { stateRank: number };

const isFilter = (v: string | null): v is SubmissionFilter => (SUBMISSION_FILTERS as readonly (string | null)[]).includes(v);

const Filters = ({ data, value, onChange }: { data: SubmissionsAnswer; value: SubmissionFilter; onChange: (f: SubmissionFilter) => void }) => {
  const { t } = useTranslation('assignments');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('list.show')}
      </Text>
      <Chip.Group multiple={false} value={value} onChange={(v) => onChange(isFilter(v) ? v : 'all')}>
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
          {SUBMISSION_FILTERS.map((f) => (
            <Chip key={f} value={f} variant="outline" size="sm">
              {t('list.filterCount', { label: t(`filters.${f}`), count: filterCount(data, f) })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
};

const SubmissionsBody = ({ material, data }: { material: MaterialDetails; data: SubmissionsAnswer }) => {
  const { t, i18n } = useTranslation('assignments');
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const filter: SubmissionFilter = isFilter(raw) ? raw : 'all';
  const rows = useMemo<ViewRow[]>(
    () => data.rows.filter((r) => matchesFilter(r, filter)).map((r) => ({ ...r, stateRank: STATE_RANK[r.state] })),
    [data.rows, filter],
  );
  const columns: TableColumn<ViewRow>[] = [
    { key: 'name', header: t('list.student'), sortable: true, render: (r) => <PersonCell name={r.name} photoUrl={r.photoUrl} /> },
    {
      key: 'stateRank',
      header: t('list.state'),
      sortable: true,
      render: (r) => (
        <Group gap={4}>
          <WorkStateBadge state={r.state} size="sm" />
          {r.late && <LateBadge />}
        </Group>
      ),
    },
    { key: 'submittedAt', header: t('list.submittedAt'), sortable: true, render: (r) => <DateText value={r.submittedAt} /> },
    { key: 'fileCount', header: t('list.files'), sortable: true, render: (r) => String(r.fileCount) },
    { key: 'grade', header: t('list.grade'), sortable: true, render: (r) => (r.grade === null ? null : formatGrade(r.grade, data.maxPoints, i18n.language)) },
  ];
  const open = (r: SubmissionRow) => paths.classSubmission.to(material.classId ?? '', material.courseId, material.id, r.studentId);
  const setFilter = (f: SubmissionFilter) =>
    setParams(
      (p) => {
        if (f === 'all') p.delete('show');
        else p.set('show', f);
        return p;
      },
      { replace: true },
    );

  if (data.counts.total === 0) return <EmptyState text={t('list.noStudents')} />;
  return (
    <Stack gap="md">
      <WorkCounts counts={data.counts} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Filters data={data} value={filter} onChange={setFilter} />
        {data.counts.submitted > 0 ? (
          <Button component="a" href={submissionsZipUrl(material.id)} download variant="default" leftSection={<IconFileZip size={16} aria-hidden="true" />}>
            {t('list.downloadAll')}
          </Button>
        ) : (
          <Button variant="default" disabled leftSection={<IconFileZip size={16} aria-hidden="true" />}>
            {t('list.downloadAll')}
          </Button>
        )}
      </Group>
      <ClientTable rows={rows} columns={columns} caption={t('list.caption', { name: material.name })} detailsHref={open} rowLabel={(r) => r.name} />
    </Stack>
  );
};

const SubmissionsLoader = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('assignments');
  const list = useSubmissions(material.id);
  return (
    <PageFrame
      back={{ to: materialHref(material), label: t('list.back') }}
      title={t('list.title', { name: material.name })}
      subtitle={
        <>
          {t('schedule.due')}: {material.dueAt ? <DateText value={material.dueAt} /> : t('schedule.noDue')}
        </>
      }
    >
      <Loaded query={list}>{(data) => <SubmissionsBody material={material} data={data} />}</Loaded>
    </PageFrame>
  );
};

/** `classes/:id/courses/:courseId/submissions/:materialId` (teachers and assistants): every assigned student's work. */
export const SubmissionsPage = () => <MaterialPage type="assignment">{(m) => <SubmissionsLoader material={m} />}</MaterialPage>;

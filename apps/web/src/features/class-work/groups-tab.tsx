import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_TYPES, type GroupRow } from '@klase/core/class-work/contracts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { TableColumn } from '../../components/data-table/types.ts';
import { DateText } from '../../components/date-text.tsx';
import { paths } from '../../config/paths.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { useGroupLabels } from './group-labels.ts';
import { GenerateGroupsDialog } from './groups-generate-dialog.tsx';
import { deleteGroupCall, groupsPath, useRefreshClassWork, workKeys } from './work-api.ts';

const TypeCell = ({ row }: { row: GroupRow }) => {
  const { typeName, how } = useGroupLabels();
  const detail = how(row);
  return (
    <Stack gap={0}>
      <Text size="sm">{typeName(row.type)}</Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
};

/**
 * `class-list/groups` (teachers of the class): manual and generated groups. Creating, generating,
 * editing and deleting are hidden when the class is archived (`can.manageGroups` is false).
 */
export const GroupsTab = () => {
  const { t } = useTranslation('classWork');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const details = useClassDetails(id);
  const refresh = useRefreshClassWork(id);
  const [generating, setGenerating] = useState(false);
  const { typeName } = useGroupLabels();
  const manage = details.data?.can.manageGroups ?? false;

  const columns: TableColumn<GroupRow>[] = [
    { key: 'name', header: t('groups.name'), sortable: true },
    {
      key: 'type',
      header: t('groups.type'),
      sortable: true,
      render: (row) => <TypeCell row={row} />,
      filter: { key: 'type', options: GROUP_TYPES.map((type) => ({ value: type, label: typeName(type) })) },
    },
    { key: 'memberCount', header: t('groups.memberCount'), sortable: true },
    { key: 'createdAt', header: t('groups.createdAt'), sortable: true, render: (row) => <DateText value={row.createdAt} /> },
    ...(manage ? [{ key: 'actions', header: t('actions'), kind: 'actions' as const }] : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4">
          {t('titles.groups')}
        </Title>
        {manage && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconUsersGroup size={16} aria-hidden="true" />} onClick={() => setGenerating(true)}>
              {t('generate.open')}
            </Button>
            <Button component={Link} to={paths.classGroupNew.to(id)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {t('groups.create')}
            </Button>
          </Group>
        )}
      </Group>
      <DataTable<GroupRow>
        queryKey={workKeys.groups(id)}
        path={groupsPath(id)}
        columns={columns}
        defaultSortBy="name"
        detailsHref={(row) => paths.classGroup.to(id, row.id)}
        onEdit={manage ? (row) => void navigate(paths.classGroupEdit.to(id, row.id)) : undefined}
        onDelete={
          manage
            ? {
                title: t('groups.deleteTitle'),
                confirmText: t('groups.deleteConfirm'),
                request: async (row) => {
                  const answer = await deleteGroupCall(id, row.id);
                  await refresh();
                  return answer;
                },
              }
            : undefined
        }
        rowLabel={(row) => row.name}
        caption={t('titles.groups')}
      />
      {manage && <GenerateGroupsDialog classId={id} opened={generating} onClose={() => setGenerating(false)} />}
    </Stack>
  );
};

import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupDetails } from '@klase/core/class-work/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DateText } from '../../components/date-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PersonCell } from '../../components/person-cell.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { useClassDetails } from '../../api/class-api.ts';
import { ClassListTabs } from '../../components/class-list-tabs.tsx';
import { useGroupLabels } from './group-labels.ts';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { deleteGroupCall, useGroupQuery, useRefreshClassWork } from './work-api.ts';

const GroupHeader = ({ classId, group, manage }: { classId: string; group: GroupDetails; manage: boolean }) => {
  const { t } = useTranslation('classWork');
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const refresh = useRefreshClassWork(classId);
  const { typeName } = useGroupLabels();

  const remove = async () => {
    const answer = await deleteGroupCall(classId, group.id);
    toastSuccess(answer.message);
    await navigate(paths.classGroups.to(classId));
    await refresh();
  };

  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {group.name}
        </Title>
        <Group gap="xs">
          <Badge variant="default">{typeName(group.type)}</Badge>
          <Text size="sm">{t('group.memberCount', { count: group.memberCount })}</Text>
        </Group>
      </Stack>
      {manage && (
        <Group gap="xs">
          <Button component={Link} to={paths.classGroupEdit.to(classId, group.id)} leftSection={<IconPencil size={16} aria-hidden="true" />}>
            {t('groups.edit')}
          </Button>
          <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setDeleting(true)}>
            {t('groups.delete')}
          </Button>
          <ConfirmDialog
            opened={deleting}
            title={t('groups.deleteTitle')}
            message={t('groups.deleteConfirm')}
            confirmLabel={t('groups.delete')}
            danger
            onConfirm={remove}
            onClose={() => setDeleting(false)}
          />
        </Group>
      )}
    </Group>
  );
};

/** `class-list/group/:groupId`: the group's name, type and size, its actions, and the About / Portfolio tabs. */
export const GroupPage = () => {
  const { t } = useTranslation('classWork');
  const { id = '', groupId = '' } = useParams();
  const details = useClassDetails(id);
  const group = useGroupQuery(id, groupId);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.classGroups.to(id)} size="sm">
        {t('group.back')}
      </Anchor>
      <GroupLoadState query={group}>
        {(g) => (
          <Stack gap="md">
            <GroupHeader classId={id} group={g} manage={details.data?.can.manageGroups ?? false} />
            <ClassListTabs
              label={t('group.tabs')}
              tabs={(['about', 'portfolio'] as const).map((tab) => ({ to: paths.classGroup.to(id, g.id, tab), label: t(`group.tab.${tab}`) }))}
            />
            <Outlet />
          </Stack>
        )}
      </GroupLoadState>
    </Stack>
  );
};

const Member = ({ classId, member, link }: { classId: string; member: GroupDetails['members'][number]; link: boolean }) => {
  const person = <PersonCell name={member.name} photoUrl={member.photoUrl} hint={member.username} />;
  return link ? (
    <Anchor component={Link} to={paths.classStudent.to(classId, member.id)} underline="never" c="inherit" className="mantine-focus-auto" display="block">
      {person}
    </Anchor>
  ) : (
    person
  );
};

/** The About tab: description, how the group was made, and its members (linked to their student pages for staff). */
export const GroupAboutTab = () => {
  const { t } = useTranslation('classWork');
  const { id = '', groupId = '' } = useParams();
  const details = useClassDetails(id);
  const group = useGroupQuery(id, groupId);
  const { typeName, how } = useGroupLabels();
  if (!group.data) return null;
  const g = group.data;
  const link = details.data?.can.viewStudentDetails ?? false;
  const items = [
    { label: t('group.description'), value: g.description ? <span style={{ whiteSpace: 'pre-line' }}>{g.description}</span> : null },
    { label: t('groups.type'), value: typeName(g.type) },
    ...(g.type === 'generated' ? [{ label: t('group.how'), value: how(g) }] : []),
    { label: t('groups.createdAt'), value: <DateText value={g.createdAt} /> },
    { label: t('group.updatedAt'), value: <DateText value={g.updatedAt} /> },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DetailList items={items} />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('group.members')}
          </Title>
          {g.members.length === 0 ? (
            <EmptyState text={t('group.noMembers')} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {g.members.map((m) => (
                <li key={m.id}>
                  <Member classId={id} member={m} link={link} />
                </li>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};

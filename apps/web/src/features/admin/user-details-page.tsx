import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { slot } from '../../lib/slots.ts';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOAD_ROLES, type UserDetails } from '@klase/core/admin/users';
import { ROLE } from '@klase/core/roles';
import { DateText } from '../../components/date-text.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { PageLoader, SectionLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session-store.ts';
import { canWriteAdmin } from './admin-access.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { LinkedUsersPanel } from './linked-users-panel.tsx';
import { useRoleName } from './role-name.ts';
import { SignInLockPanel } from './sign-in-lock-panel.tsx';
import { UserActions } from './user-actions.tsx';
import { useUserQuery } from './users-api.ts';

const LearnerFieldsPanel = slot('learnerFieldsPanel');

const Loads = ({ user }: { user: UserDetails }) => {
  const { t } = useTranslation('admin');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('users.loads')}
        </Title>
        {user.loads.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('users.noLoads')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('users.loadGrade')}</Table.Th>
                <Table.Th scope="col">{t('users.loadSubject')}</Table.Th>
                <Table.Th scope="col">{t('users.loadSection')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.loads.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{l.gradeLevel}</Table.Td>
                  <Table.Td>{l.subject}</Table.Td>
                  <Table.Td>{l.section}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
};

const Details = ({ user, roleId }: { user: UserDetails; roleId: number }) => {
  const { t } = useTranslation(['admin', 'common']);
  const roleName = useRoleName();
  const write = canWriteAdmin(roleId);
  const items = [
    { label: t('users.username'), value: user.username },
    { label: t('users.email'), value: user.email },
    { label: t('users.role'), value: roleName(user.roleId) },
    { label: t('users.school'), value: user.schoolName },
    { label: t('users.salutation'), value: user.salutation },
    { label: t('users.firstName'), value: user.firstName },
    { label: t('users.middleName'), value: user.middleName },
    { label: t('users.lastName'), value: user.lastName },
    { label: t('users.suffix'), value: user.suffix },
    ...(user.roleId === ROLE.student
      ? [
          { label: t('users.gradeLevel'), value: user.gradeLevel },
          { label: t('users.section'), value: user.section },
        ]
      : []),
    ...(user.employeeNumber !== null || LOAD_ROLES.includes(user.roleId as (typeof LOAD_ROLES)[number])
      ? [{ label: t('users.employeeNumber'), value: user.employeeNumber }]
      : []),
    { label: t('users.activation'), value: user.activated ? <DateText value={user.activatedAt} format="long" /> : t('users.notActivated') },
    { label: t('createdAt'), value: <DateText value={user.createdAt} format="long" /> },
    { label: t('updatedAt'), value: <DateText value={user.updatedAt} format="long" /> },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {user.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={user.status} />
          </Group>
        </Stack>
        {write && <UserActions user={user} />}
      </Group>
      <SignInLockPanel user={user} canWrite={write} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DetailList items={items} />
      </Paper>
      {LOAD_ROLES.includes(user.roleId as (typeof LOAD_ROLES)[number]) && <Loads user={user} />}
      {user.roleId === ROLE.student && roleId === ROLE.schoolAdmin && (
        <Suspense fallback={<SectionLoader />}>
          <LearnerFieldsPanel userId={user.id} />
        </Suspense>
      )}
      {(user.roleId === ROLE.student || user.roleId === ROLE.parent) && <LinkedUsersPanel user={user} canWrite={write} />}
    </Stack>
  );
};

/** `#/admin/users/:id`: the user's fields, load, links, and (administrators) the actions. */
export const UserDetailsPage = () => {
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const user = useUserQuery(id);
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <ErrorText error={user.error} />;
  return <Details user={user.data} roleId={roleId} />;
};

import { Stack } from '@mantine/core';
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { ClassListTabs } from '../../components/class-list-tabs.tsx';

/** `#/classes/:id/class-list`: the Students and (teachers) Groups sub-tabs above the open one. */
export const ClassListLayout = () => {
  const { t } = useTranslation('classList');
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const tabs = [
    { to: paths.classStudents.to(id), label: t('titles.students') },
    ...(canOpen('classListGroups', roleId) ? [{ to: paths.classGroups.to(id), label: t('titles.groups') }] : []),
  ];
  return (
    <Stack gap="md">
      {/* A lone Students link would only point at the page already open. */}
      {tabs.length > 1 && <ClassListTabs tabs={tabs} label={t('tabs.classList')} />}
      <Outlet />
    </Stack>
  );
};

import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store.ts';
import { isPlatformAdmin } from './admin-access.ts';
import { UserForm } from './user-form.tsx';

/** `#/admin/users/new`. */
export const UserCreatePage = () => {
  const { t } = useTranslation('admin');
  const profile = useSession((s) => s.profile);
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h2">
        {t('users.createTitle')}
      </Title>
      <UserForm user={null} chooseSchool={isPlatformAdmin(profile?.roleId ?? 0)} ownSchoolId={profile?.schoolId ?? ''} />
    </Stack>
  );
};

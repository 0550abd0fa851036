import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { UserForm } from './user-form.tsx';
import { useUserQuery } from './users-api.ts';

/** `#/admin/users/:id/edit`. */
export const UserEditPage = () => {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const user = useUserQuery(id);
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h2">
        {t('users.editTitle')}
      </Title>
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <ErrorText error={user.error} />
      ) : (
        <UserForm user={user.data} chooseSchool={false} ownSchoolId={user.data.schoolId ?? ''} />
      )}
    </Stack>
  );
};

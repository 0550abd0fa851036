import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session-store.ts';
import { isPlatformAdmin } from './admin-access.ts';
import { SchoolFormView } from './school-form.tsx';
import { useSchoolQuery } from './schools-api.ts';

/** `#/admin/schools/:id/edit`: platform administrators, or a school administrator for their own school. */
export const SchoolEditPage = () => {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const school = useSchoolQuery(id);
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h2">
        {t('schools.editTitle')}
      </Title>
      {school.isPending ? (
        <PageLoader />
      ) : school.isError ? (
        <ErrorText error={school.error} />
      ) : (
        <SchoolFormView school={school.data} platform={isPlatformAdmin(roleId)} />
      )}
    </Stack>
  );
};

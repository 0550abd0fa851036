import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SchoolFormView } from './school-form.tsx';

/** `#/admin/schools/new` (platform administrators). */
export const SchoolCreatePage = () => {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h2">
        {t('schools.createTitle')}
      </Title>
      <SchoolFormView school={null} platform />
    </Stack>
  );
};

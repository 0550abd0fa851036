import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClassFormView } from './class-form.tsx';

/** `#/classes/new` (teachers and school administrators). */
export const ClassCreatePage = () => {
  const { t } = useTranslation('classes');
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h2">
        {t('titles.create')}
      </Title>
      <ClassFormView cls={null} />
    </Stack>
  );
};

import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The mail outbox (administrators). */
export const OutboxPage = () => {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
    </Stack>
  );
};

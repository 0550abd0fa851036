import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';

/** Unknown paths, and pages this user may not open (spec section 6). */
export const NotFoundPage = () => {
  const { t } = useTranslation('shell');
  const signedIn = useSession((s) => s.status === 'authenticated');
  return (
    <Stack align="center" ta="center" gap="md">
      <Text fz={56} fw={800} c="dimmed" aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h3">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to={signedIn ? paths.dashboard.to() : paths.login.to()}>
        {signedIn ? t('notFound.toDashboard') : t('notFound.toLogin')}
      </Button>
    </Stack>
  );
};

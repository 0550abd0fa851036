import { Group, Loader, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnectionPhase } from '../../lib/connection.ts';

/**
 * "No internet connection", then "Connecting..." while the app retries (spec section 8); only
 * "Connecting..." while the server answers 503 (it is there, its database is coming back).
 */
export const ConnectionBanner = () => {
  const phase = useConnectionPhase();
  const { t } = useTranslation('errors');
  if (phase === 'online') return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      radius={0}
      px="md"
      py={6}
      bg="yellow.2"
      c="dark.9"
      pos="sticky"
      top={0}
      style={{ zIndex: 1000 }}
      data-testid="connection-banner"
    >
      <Group gap="xs" justify="center">
        {phase === 'offline' ? <IconWifiOff size={18} aria-hidden="true" /> : <Loader size="xs" color="dark.9" aria-hidden="true" />}
        {phase !== 'unavailable' && (
          <Text size="sm" fw={600}>
            {t('NO_INTERNET')}
          </Text>
        )}
        {phase !== 'offline' && <Text size="sm">{t('CONNECTING')}</Text>}
      </Group>
    </Paper>
  );
};

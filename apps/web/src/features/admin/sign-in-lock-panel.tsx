import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@klase/core/admin/users';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../components/date-text.tsx';
import { useTone } from '../../components/tones.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { clearSignInLockCall, useSignInLockQuery, userKeys } from './users-api.ts';

/**
 * Shown on the user page while failed sign-ins lock the account (from one client address or from
 * all): until when, after how many failures, and for administrators who may write, "Clear lock".
 */
export const SignInLockPanel = ({ user, canWrite }: { user: Pick<UserDetails, 'id' | 'name'>; canWrite: boolean }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const lock = useSignInLockQuery(user.id);
  const [confirming, setConfirming] = useState(false);
  const warning = useTone('warning');
  if (!lock.data?.lockedUntil) return null;

  const clear = async () => {
    const answer = await clearSignInLockCall(user.id);
    toastSuccess(answer.message);
    await queryClient.invalidateQueries({ queryKey: userKeys.lock(user.id) });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="xs" c={warning}>
          <IconLock size={20} aria-hidden="true" />
          <Title order={2} size="h4">
            {t('users.lockTitle')}
          </Title>
        </Group>
        <Text size="sm">{t('users.lockText', { failures: lock.data.failures, until: formatDate(lock.data.lockedUntil, 'long') })}</Text>
        {canWrite && (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t('users.lockClear')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('users.lockClearTitle')}
        message={t('users.lockClearConfirm', { name: user.name })}
        confirmLabel={t('users.lockClear')}
        onConfirm={clear}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};

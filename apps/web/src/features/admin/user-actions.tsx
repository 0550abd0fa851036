import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@klase/core/admin/users';
import { isActiveStatus } from '@klase/core/status';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { resendActivationCall, setUserStatusCall, userKeys } from './users-api.ts';

type Pending = 'status' | 'resend' | null;

/** Edit, activate or deactivate, and resend the activation mail, each confirmed first. */
export const UserActions = ({ user }: { user: UserDetails }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const active = isActiveStatus(user.status);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.one(user.id) });
    await queryClient.invalidateQueries({ queryKey: userKeys.table });
  };
  const toggle = async () => {
    const answer = await setUserStatusCall(user.id, active ? 'INACTIVE' : 'ACTIVE');
    toastSuccess(answer.message);
    await reload();
  };
  const resend = async () => {
    const answer = await resendActivationCall(user.id);
    toastSuccess(answer.message);
  };

  return (
    <Group gap="xs">
      <Button component={Link} to={paths.adminUserEdit.to(user.id)} leftSection={<IconPencil size={16} aria-hidden="true" />}>
        {t('edit')}
      </Button>
      <Button variant={active ? 'filled' : 'light'} color={active ? 'red.9' : undefined} onClick={() => setPending('status')}>
        {active ? t('users.deactivate') : t('users.activate')}
      </Button>
      {!user.activated && (
        <Button variant="default" onClick={() => setPending('resend')}>
          {t('users.resend')}
        </Button>
      )}
      <ConfirmDialog
        opened={pending === 'status'}
        title={active ? t('users.deactivateTitle') : t('users.activateTitle')}
        message={active ? t('users.deactivateConfirm', { name: user.name }) : t('users.activateConfirm', { name: user.name })}
        confirmLabel={active ? t('users.deactivate') : t('users.activate')}
        danger={active}
        onConfirm={toggle}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        opened={pending === 'resend'}
        title={t('users.resendTitle')}
        message={t('users.resendConfirm', { email: user.email ?? '' })}
        confirmLabel={t('users.resend')}
        onConfirm={resend}
        onClose={() => setPending(null)}
      />
    </Group>
  );
};

import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { schoolKeys, setSchoolEnabledCall } from './schools-api.ts';

/** Enable or disable a school (platform administrators), after a confirmation; the server's message is the toast. */
export const SchoolStatusButton = ({ school }: { school: { id: string; name: string; enabled: boolean } }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const disabling = school.enabled;
  const run = async () => {
    const answer = await setSchoolEnabledCall(school.id, !disabling);
    toastSuccess(answer.message);
    await queryClient.invalidateQueries({ queryKey: schoolKeys.all });
  };
  return (
    <>
      <Button variant={disabling ? 'filled' : 'light'} color={disabling ? 'red.9' : undefined} onClick={() => setOpen(true)}>
        {disabling ? t('schools.disable') : t('schools.enable')}
      </Button>
      <ConfirmDialog
        opened={open}
        title={disabling ? t('schools.disableTitle') : t('schools.enableTitle')}
        message={disabling ? t('schools.disableConfirm', { name: school.name }) : t('schools.enableConfirm', { name: school.name })}
        confirmLabel={disabling ? t('schools.disable') : t('schools.enable')}
        danger={disabling}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

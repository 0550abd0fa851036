import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import { useErrorMessage } from '../../components/error-text.tsx';
import { toastError } from '../../lib/toasts.ts';
import { setSessionState, useSession } from '../../lib/session-store.ts';
import { dismissWelcomeCall } from './api.ts';
import { GuidedTour } from './guided-tour.tsx';

/**
 * Shown after the first sign-in until it is closed (the server remembers the dismissal); it
 * offers a short tour of the navigation.
 */
export const WelcomeDialog = ({ name }: { name: string }) => {
  const { t } = useTranslation('common');
  const show = useSession((s) => s.showWelcomeDialog);
  const errorMessage = useErrorMessage();
  const [touring, setTouring] = useState(false);

  const dismiss = async (tour: boolean) => {
    setSessionState({ showWelcomeDialog: false });
    if (tour) setTouring(true);
    try {
      await dismissWelcomeCall();
    } catch (e) {
      toastError(errorMessage(e));
    }
  };

  return (
    <>
      <Modal
        opened={show}
        onClose={() => void dismiss(false)}
        title={t('welcome.title', { name })}
        size={DIALOG_WIDTH_PX}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="md">
          <Text>{t('welcome.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void dismiss(false)}>
              {t('welcome.decline')}
            </Button>
            <Button onClick={() => void dismiss(true)} data-autofocus>
              {t('welcome.startTour')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <GuidedTour opened={touring} onClose={() => setTouring(false)} />
    </>
  );
};

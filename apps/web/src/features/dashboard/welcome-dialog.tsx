import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import { useErrorMessage } from '../../components/error-text.tsx';
import { toastError } from '../../lib/toasts.ts';
import { getSession, setSessionState, useSession } from '../../lib/session-store.ts';
import { skipTour, startTour } from '../../lib/tour.ts';
import { dismissWelcomeCall } from './api.ts';

/**
 * Shown after the first sign-in until it is closed (the server remembers the dismissal). "Start
 * the tour" starts the guided tour; "No, thanks" (or closing it) marks a tour never started as
 * skipped, so it does not come back on its own (the help menu replays it).
 */
export const WelcomeDialog = ({ name }: { name: string }) => {
  const { t } = useTranslation('common');
  const show = useSession((s) => s.showWelcomeDialog);
  const errorMessage = useErrorMessage();
  // Starting the tour hands focus to the tour's dialog, so the modal must not take it back.
  const [returnFocus, setReturnFocus] = useState(true);

  const dismiss = async (tour: boolean) => {
    setReturnFocus(!tour);
    setSessionState({ showWelcomeDialog: false });
    if (tour) void startTour();
    else if (getSession().tour.status === 'new') void skipTour();
    try {
      await dismissWelcomeCall();
    } catch (e) {
      toastError(errorMessage(e));
    }
  };

  return (
    <Modal
      opened={show}
      onClose={() => void dismiss(false)}
      title={t('welcome.title', { name })}
      size={DIALOG_WIDTH_PX}
      centered
      returnFocus={returnFocus}
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
  );
};

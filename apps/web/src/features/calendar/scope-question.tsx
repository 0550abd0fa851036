import { useCallback } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { EditScope } from '@klase/core/calendar/contracts';
import { askInModal } from '../../components/confirm-dialog.tsx';

/**
 * "This event only" or "All events in the series" (spec section 4, event series), asked before an
 * occurrence of a repeating event is saved or deleted. The question is the confirmation: choosing
 * one of the two goes ahead, Cancel (or Escape) does nothing. Resolves the scope or null.
 */
export const useScopeQuestion = () => {
  const modals = useModals();
  const { t } = useTranslation(['calendar', 'common']);
  return useCallback(
    (action: 'edit' | 'delete') => {
      const danger = action === 'delete' ? 'red.9' : undefined;
      return askInModal<EditScope>(modals, t(`scope.${action}Title`), (choose) => (
        <Stack gap="sm">
          <Text>{t(`scope.${action}Message`)}</Text>
          <Button color={danger} onClick={() => choose('this')} data-autofocus>
            {t('scope.this')}
          </Button>
          <Button color={danger} variant="outline" onClick={() => choose('all')}>
            {t('scope.all')}
          </Button>
          <Button variant="default" onClick={() => choose(null)}>
            {t('common:cancel')}
          </Button>
        </Stack>
      ));
    },
    [modals, t],
  );
};

import { useCallback } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import type { EditScope } from '@klase/core/calendar/contracts';

/**
 * "This event only" or "All events in the series" (spec section 4, event series), asked before an
 * occurrence of a repeating event is saved or deleted. The question is the confirmation: choosing
 * one of the two goes ahead, Cancel (or Escape) does nothing. Resolves the scope or null.
 */
export const useScopeQuestion = () => {
  const modals = useModals();
  const { t } = useTranslation(['calendar', 'common']);
  return useCallback(
    (action: 'edit' | 'delete') =>
      new Promise<EditScope | null>((resolve) => {
        let settled = false;
        const settle = (value: EditScope | null) => {
          if (settled) return;
          settled = true;
          resolve(value);
        };
        const choose = (value: EditScope | null) => {
          settle(value);
          modals.closeModal(id);
        };
        const danger = action === 'delete' ? 'red.9' : undefined;
        const id = modals.openModal({
          title: t(`scope.${action}Title`),
          size: DIALOG_WIDTH_PX,
          centered: true,
          trapFocus: true,
          withCloseButton: false,
          onClose: () => settle(null),
          children: (
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
          ),
        });
      }),
    [modals, t],
  );
};

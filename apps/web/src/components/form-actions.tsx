import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** Cancel asks first when there are unsaved changes (the caller decides). */
  onCancel: () => unknown;
  /** Saving: Save shows a loader and Cancel waits, so a running save is not abandoned half-way. */
  busy: boolean;
}

/** The Cancel and Save buttons at the end of every form, right-aligned; Save submits the form. */
export const FormActions = ({ onCancel, busy }: FormActionsProps) => {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={() => void onCancel()} disabled={busy}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {t('save')}
      </Button>
    </Group>
  );
};

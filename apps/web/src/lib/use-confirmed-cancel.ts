import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../components/confirm-dialog.tsx';

/** Leaving a form with changes asks first (spec section 4: every cancel asks for confirmation). */
export const useConfirmedCancel = (isDirty: () => boolean, to: string) => {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useCallback(async () => {
    if (isDirty() && !(await confirm({ title: t('discard.title'), message: t('discard.message'), confirmLabel: t('discard.confirm') }))) return;
    await navigate(to);
  }, [confirm, isDirty, navigate, t, to]);
};

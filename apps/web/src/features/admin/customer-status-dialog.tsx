import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerRow } from '@klase/core/admin/customers';
import { isActiveStatus } from '@klase/core/status';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { customerKeys, setCustomerStatusCall } from './customers-api.ts';

/**
 * Disable or enable a customer after the spec's confirmation (section 4), in the 370 px dialog.
 * On success the server's message is the toast, the dialog closes and the table reloads; on
 * failure the dialog stays open and shows the error.
 */
export const CustomerStatusDialog = ({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const disabling = customer ? isActiveStatus(customer.status) : false;
  const confirm = async () => {
    if (!customer) return;
    const answer = await setCustomerStatusCall(customer.id, disabling ? 'INACTIVE' : 'ACTIVE');
    toastSuccess(answer.message);
    await queryClient.invalidateQueries({ queryKey: customerKeys.all });
  };
  return (
    <ConfirmDialog
      opened={customer !== null}
      title={disabling ? t('customers.disableTitle') : t('customers.enableTitle')}
      message={disabling ? t('customers.disableConfirm') : t('customers.enableConfirm')}
      confirmLabel={disabling ? t('customers.disable') : t('customers.enable')}
      danger={disabling}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};

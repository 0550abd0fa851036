import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerForm, type CustomerForm, type CustomerRow } from '@klase/core/admin/customers';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { NameField } from '../../components/name-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { createCustomerCall, customerKeys, updateCustomerCall } from './customers-api.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { FormActions } from '../../components/form-actions.tsx';

const CODE_FIELDS = { CUSTOMER_EXISTS: 'name' };

type Values = Required<CustomerForm>;

const FormBody = ({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) => {
  const { t } = useTranslation(['admin', 'common']);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: customer?.name ?? '', contactName: customer?.contactName ?? '', contactEmail: customer?.contactEmail ?? '' },
    validate: useZodValidate<Values>(customerForm),
    validateInputOnBlur: true,
  });

  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });

  const cancel = async () => {
    if (
      form.isDirty() &&
      !(await confirm({ title: t('common:discard.title'), message: t('common:discard.message'), confirmLabel: t('common:discard.confirm') }))
    )
      return;
    onClose();
  };

  const submit = form.onSubmit((values) =>
    save(
      {
        title: customer ? t('customers.editTitle') : t('customers.createTitle'),
        message: customer ? t('customers.saveConfirmEdit') : t('customers.saveConfirmCreate'),
      },
      async () => {
        const body = customerForm.parse(values);
        if (customer) await updateCustomerCall(customer.id, body);
        else await createCustomerCall(body);
        toastSuccess(customer ? t('customers.updated') : t('customers.created'));
        await queryClient.invalidateQueries({ queryKey: customerKeys.all });
        onClose();
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SaveError error={error} />
        <TextField label={t('customers.name')} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <NameField label={t('customers.contactName')} maxLength={120} {...form.getInputProps('contactName')} />
        <TextInput label={t('customers.contactEmail')} type="email" maxLength={254} {...form.getInputProps('contactEmail')} />
        <FormActions onCancel={() => cancel()} busy={busy} />
      </Stack>
    </form>
  );
};

/** Create (customer null) or edit a customer in a dialog; saving asks for confirmation first. */
export const CustomerFormDialog = ({ opened, customer, onClose }: { opened: boolean; customer: CustomerRow | null; onClose: () => void }) => {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={customer ? t('customers.editTitle') : t('customers.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {opened && <FormBody key={customer?.id ?? 'new'} customer={customer} onClose={onClose} />}
    </Modal>
  );
};

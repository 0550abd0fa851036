import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { newPasswordForm, type NewPasswordForm as Values } from '@klase/core/auth/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';

interface NewPasswordFormProps {
  submitLabel: string;
  /** Asked before anything is sent (spec: every create/update asks for confirmation first). */
  confirmMessage: string;
  onSubmit: (values: Values) => Promise<void>;
  /** Extra content above the buttons (the parent's unlink list). */
  children?: ReactNode;
}

/** New password with strength meter and confirmation, validated by core's `newPasswordForm`. */
export const NewPasswordForm = ({ submitLabel, confirmMessage, onSubmit, children }: NewPasswordFormProps) => {
  const { t } = useTranslation('account');
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: useZodValidate<Values>(newPasswordForm),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    if (!(await confirm({ message: confirmMessage, title: submitLabel }))) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (e) {
      if (isApiError(e) && e.fields?.length) form.setErrors(fieldMessages(e.fields));
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField label={t('password.new')} autoComplete="new-password" required withStrength {...form.getInputProps('password')} />
        <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        {children}
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};

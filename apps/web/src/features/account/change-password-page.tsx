import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changePasswordRequest, type ChangePasswordRequest } from '@klase/core/auth/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';
import { changePasswordCall } from './api.ts';

/** Errors the server reports per field, shown under that field rather than above the form. */
const FIELD_OF_CODE: Record<string, keyof ChangePasswordRequest> = {
  WRONG_CURRENT_PASSWORD: 'currentPassword',
  SAME_PASSWORD: 'password',
};

/** Change password: current, new (with strength meter) and confirmation. */
export const ChangePasswordPage = () => {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ChangePasswordRequest>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: useZodValidate<ChangePasswordRequest>(changePasswordRequest),
    validateInputOnBlur: true,
  });

  const cancel = useConfirmedCancel(form.isDirty, paths.accountDetails.to());

  const submit = form.onSubmit(async (values) => {
    if (!(await confirm({ title: t('changePassword.title'), message: t('changePassword.confirm') }))) return;
    setBusy(true);
    setError(null);
    try {
      await changePasswordCall(values);
      toastSuccess(t('changePassword.success'));
      form.reset();
      await navigate(paths.accountDetails.to());
    } catch (e) {
      const field = isApiError(e) ? FIELD_OF_CODE[e.code] : undefined;
      if (field) form.setFieldError(field, errorMessage(e));
      else {
        if (isApiError(e) && e.fields?.length) form.setErrors(fieldMessages(e.fields));
        setError(errorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap="md" maw={520}>
      <Title order={1} size="h2">
        {t('changePassword.title')}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <PasswordField label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
            <PasswordField label={t('password.new')} autoComplete="new-password" required withStrength {...form.getInputProps('password')} />
            <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={() => void cancel()}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('changePassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};

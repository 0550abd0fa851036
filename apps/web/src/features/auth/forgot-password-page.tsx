import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '@klase/core/auth/contracts';
import { apiFetch } from '../../api/http.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { basePaths as paths } from '../../config/base-paths.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { BackLink } from '../../components/back-link.tsx';

/** Forgot password: one email field; the answer never says whether the address exists. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation(['account', 'errors']);
  const errorMessage = useErrorMessage();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ForgotPasswordRequest>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: useZodValidate<ForgotPasswordRequest>(forgotPasswordRequest),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/auth/forgot-password', { method: 'POST', body: { email: values.email.trim().toLowerCase() } });
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('forgot.title')}
      </Title>
      {sent ? (
        <Alert color="indigo" variant="light" role="status">
          {t('forgot.sent')}
        </Alert>
      ) : (
        <>
          <Text>{t('forgot.intro')}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput label={t('forgot.email')} type="email" autoComplete="email" required maxLength={254} {...form.getInputProps('email')} />
              <Button type="submit" loading={busy} fullWidth>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <BackLink to={paths.login.to()}>{t('backToLogin')}</BackLink>
      <Text size="sm" c="dimmed">
        {t('errors:FORGOT_PASSWORD_HINT')}
      </Text>
    </Stack>
  );
};

import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequest, type LoginRequest } from '@klase/core/auth/contracts';
import { isApiError } from '../../components/http.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths, safeRedirect } from '../../app/paths.ts';
import { login } from '../../lib/session.ts';
import { useSession } from '../../lib/session-store.ts';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';

/**
 * Sign-in with username or email. Errors are shown by code (a locked account says how many
 * minutes, a rate limit how many seconds). Kept free of heavy components: this route's code is
 * what a first visit downloads.
 */
export const LoginPage = () => {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expired = useSession((s) => s.expired);
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: useZodValidate<LoginRequest>(loginRequest),
    validateInputOnBlur: true,
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await login({ username: values.username.trim(), password: values.password });
      await navigate(safeRedirect(params.get('redirect')) ?? paths.dashboard.to(), { replace: true });
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION' && e.fields?.length) form.setErrors(fieldMessages(e.fields));
      setError(errorMessage(e));
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <Text>{t('login.greeting')}</Text>
      {expired && (
        <Alert color="yellow" variant="light" role="alert" data-testid="session-expired">
          {t('errors:SESSION_EXPIRED')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            required
            maxLength={254}
            autoFocus
            {...form.getInputProps('username')}
          />
          <PasswordField label={t('login.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.forgotPassword.to()} size="sm">
        {t('login.forgotLink')}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('errors:FORGOT_PASSWORD_HINT')}
      </Text>
    </Stack>
  );
};

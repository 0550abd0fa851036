import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@klase/core/auth/contracts';
import { isApiError } from '../../api/http.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { basePaths as paths, safeRedirect } from '../../config/base-paths.ts';
import { login } from '../../lib/session.ts';
import { useSession } from '../../lib/session-store.ts';
import { PASSWORD_INPUT_MAX, USERNAME_MAX, validateLogin, type LoginIssues } from './login-validation.ts';

/** The server's field problems this form shows under its fields (required, too long). */
const loginIssuesOf = (err: unknown): LoginIssues | null => {
  if (!isApiError(err) || !err.fields?.length) return null;
  const byField: LoginIssues = {};
  for (const f of err.fields) {
    if ((f.path === 'username' || f.path === 'password') && (f.key === 'required' || f.key === 'maxLength')) {
      byField[f.path] = { key: f.key, params: f.params as Record<string, number> | undefined };
    }
  }
  return byField;
};

/** The typed name and password, their problems, and signing in (then on to the page asked for). */
const useLoginForm = () => {
  const { t } = useTranslation(['account', 'errors', 'validation', 'components']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errorMessage = useErrorMessage();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [issues, setIssues] = useState<LoginIssues>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldError = (name: keyof LoginRequest) => {
    const issue = issues[name];
    return issue ? t(`validation:${issue.key}`, issue.params ?? {}) : undefined;
  };
  const change = (name: keyof LoginRequest) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (issues[name]) setIssues((i) => ({ ...i, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await login({ username: values.username.trim(), password: values.password });
      await navigate(safeRedirect(params.get('redirect')) ?? paths.dashboard.to(), { replace: true });
    } catch (err) {
      const byField = loginIssuesOf(err);
      if (byField) setIssues(byField);
      setError(errorMessage(err));
      setValues((v) => ({ ...v, password: '' }));
    } finally {
      setBusy(false);
    }
  };

  return { values, error, busy, fieldError, change, submit };
};

/**
 * Sign-in with username or email. Errors are shown by code (a locked account says how many
 * minutes, a rate limit how many seconds). Kept free of heavy code (zod, @mantine/form, dates,
 * and Mantine's PasswordInput is used directly rather than the shared PasswordField, whose strength
 * meter this form does not need): this route is what a first visit downloads.
 */
export const LoginPage = () => {
  const { t } = useTranslation(['account', 'errors', 'validation', 'components']);
  const expired = useSession((s) => s.expired);
  const [showPassword, setShowPassword] = useState(false);
  const { values, error, busy, fieldError, change, submit } = useLoginForm();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <Text>{t('login.greeting')}</Text>
      {expired && (
        <Alert color="indigo" variant="light" role="alert" data-testid="session-expired">
          {t('errors:SESSION_EXPIRED')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            required
            maxLength={USERNAME_MAX}
            value={values.username}
            onChange={(e) => change('username')(e.currentTarget.value)}
            error={fieldError('username')}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_INPUT_MAX}
            value={values.password}
            onChange={(e) => change('password')(e.currentTarget.value)}
            error={fieldError('password')}
            visible={showPassword}
            onVisibilityChange={setShowPassword}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{
              'aria-label': showPassword ? t('components:password.hide') : t('components:password.show'),
              'aria-pressed': showPassword,
            }}
          />
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

import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { basePaths as paths } from '../../config/base-paths.ts';
import { resetPassword, useTokenCheck } from './api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** Reset password from the forgot-password link (`?token=`); an invalid link has its own page. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useTokenCheck(token, 'reset');

  if (!token || (isApiError(check.error) && check.error.status === 410)) return <Navigate to={paths.invalidResetPassword.to()} replace />;
  if (check.isPending) return <PageLoader />;
  if (check.isError) return <ErrorText error={check.error} />;

  const submit = async (values: { password: string; confirmPassword: string }) => {
    try {
      await resetPassword({ token, ...values });
    } catch (e) {
      if (isApiError(e) && e.code === 'INVALID_RESET_LINK') {
        await navigate(paths.invalidResetPassword.to(), { replace: true });
        return;
      }
      throw e;
    }
    toastSuccess(t('reset.success'));
    await navigate(paths.login.to(), { replace: true });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      <Text>{t('reset.intro')}</Text>
      <NewPasswordForm submitLabel={t('reset.submit')} confirmMessage={t('reset.confirm')} onSubmit={submit} />
    </Stack>
  );
};

import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { basePaths as paths } from '../../config/base-paths.ts';
import { activate, useTokenCheck } from './api.ts';
import { ActivationInstructions } from './activation-instructions.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * Account activation from the registration link (`?token=`): the token is checked first (an
 * invalid one leads to the invalid-activation page), then the role's instructions and the
 * set-password form. `withInstructions={false}` is the plain set-password page.
 */
export const ActivationFlow = ({ withInstructions }: { withInstructions: boolean }) => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useTokenCheck(token, 'activation');
  const [unlinked, setUnlinked] = useState<string[]>([]);

  if (!token || (isApiError(check.error) && check.error.status === 410)) return <Navigate to={paths.invalidActivation.to()} replace />;
  if (check.isPending) return <PageLoader />;
  if (check.isError) return <ErrorText error={check.error} />;

  const info = check.data.info;
  const submit = async (values: { password: string; confirmPassword: string }) => {
    try {
      await activate({ token, ...values, unlinkStudentIds: unlinked });
    } catch (e) {
      if (isApiError(e) && e.code === 'INVALID_ACTIVATION_LINK') {
        await navigate(paths.invalidActivation.to(), { replace: true });
        return;
      }
      throw e;
    }
    toastSuccess(t('activation.success'));
    await navigate(paths.login.to(), { replace: true });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {withInstructions ? t('activation.title') : t('setPassword.title')}
      </Title>
      {withInstructions && info && <ActivationInstructions info={info} unlinked={unlinked} onUnlinkedChange={setUnlinked} />}
      <NewPasswordForm submitLabel={t('activation.submit')} confirmMessage={t('activation.confirm')} onSubmit={submit} />
    </Stack>
  );
};

export const ActivationPage = () => <ActivationFlow withInstructions />;

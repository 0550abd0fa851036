import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/http.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { basePaths as paths } from '../../config/base-paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { verifyEmail } from './api.ts';

/** The email verification link (`#/account/verify-account?token=`), signed in or not. */
export const VerifyAccountPage = () => {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSession((s) => s.status === 'authenticated');
  const result = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const next = signedIn ? { to: paths.accountDetails.to(), label: t('verify.toAccount') } : { to: paths.login.to(), label: t('backToLogin') };

  const invalid = !token || (isApiError(result.error) && (result.error.status === 410 || result.error.code === 'VALIDATION'));
  if (!invalid && result.isPending) return <PageLoader />;

  return (
    <Stack align="center" ta="center" gap="md">
      {invalid || result.isError ? (
        <>
          <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
            <IconLinkOff size={32} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('errors:LINK_UNAVAILABLE')}
          </Title>
          {invalid ? <Text>{t('errors:INVALID_VERIFY_LINK')}</Text> : <ErrorText error={result.error} />}
        </>
      ) : (
        <>
          <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden="true">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('verify.title')}
          </Title>
          <Text role="status">{t('verify.done')}</Text>
        </>
      )}
      <Anchor component={Link} to={next.to}>
        {next.label}
      </Anchor>
    </Stack>
  );
};

import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { basePaths as paths } from '../../config/base-paths.ts';

const InvalidLink = ({ messageKey, action }: { messageKey: string; action?: { to: string; label: string } }) => {
  const { t } = useTranslation(['errors', 'account']);
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
        <IconLinkOff size={32} />
      </ThemeIcon>
      <Title order={1} size="h3">
        {t('errors:LINK_UNAVAILABLE')}
      </Title>
      <Text>{t(messageKey)}</Text>
      {action && (
        <Anchor component={Link} to={action.to}>
          {action.label}
        </Anchor>
      )}
      <Anchor component={Link} to={paths.login.to()}>
        {t('account:backToLogin')}
      </Anchor>
    </Stack>
  );
};

/** 'OOPS. . . . LINK IS NO LONGER AVAILABLE!' for a registration link. */
export const InvalidActivationPage = () => <InvalidLink messageKey="errors:INVALID_ACTIVATION_LINK" />;

/** The same for a forgot-password link, with a way to ask for a new one. */
export const InvalidResetPasswordPage = () => {
  const { t } = useTranslation('account');
  return <InvalidLink messageKey="errors:INVALID_RESET_LINK" action={{ to: paths.forgotPassword.to(), label: t('invalid.requestNew') }} />;
};

import { useState } from 'react';
import { Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE, roleKeyOf } from '@klase/core/roles';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { ImageLoader } from '../../components/image-loader.tsx';
import { ValueOrEmpty } from '../../components/empty-label.tsx';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { resendVerificationCall, useProfileQuery } from './api.ts';

const Field = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Stack gap={2}>
    <Text size="sm" c="dimmed" component="dt">
      {label}
    </Text>
    <Text component="dd" m={0}>
      <ValueOrEmpty value={value} />
    </Text>
  </Stack>
);

type Profile = NonNullable<ReturnType<typeof useProfileQuery>['data']>;

/** The email: verified, or waiting for verification with "Resend" (after a confirmation). */
const EmailField = ({ profile: p }: { profile: Profile }) => {
  const { t } = useTranslation('account');
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    if (!(await confirm({ title: t('details.resendTitle'), message: t('details.resendConfirm', { email: p.pendingEmail ?? p.email }) }))) return;
    setSending(true);
    try {
      await resendVerificationCall();
      toastSuccess(t('details.resendDone'));
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const unverified = p.pendingEmail ?? (p.email && !p.emailVerified ? p.email : null);
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {t('fields.email')}
      </Text>
      <Stack component="dd" m={0} gap={4}>
        <Group gap="xs">
          <ValueOrEmpty value={p.email} />
          {p.email && p.emailVerified && <Badge color="teal.9">{t('details.verified')}</Badge>}
        </Group>
        {unverified && (
          <Group gap="xs">
            <Badge color="gray.7" variant="filled">
              {t('details.pending')}
            </Badge>
            <Text size="sm">{unverified}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => void resend()} loading={sending}>
              {t('details.resend')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
};

/** The signed-in user's details: photo, names, username, email state, school, role. */
export const DetailsTab = () => {
  const { t } = useTranslation(['account', 'common']);
  const profile = useProfileQuery();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <ErrorText error={profile.error} />;
  const p = profile.data;
  const role = roleKeyOf(p.roleId);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 'content' }}>
          <ImageLoader src={photoUrl(p)} alt={t('details.photoAlt', { name: fullName(p) })} width={140} height={140} radius="md" fit="cover" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 'auto' }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Title order={2} size="h3">
                {fullName(p)}
              </Title>
              <Group gap="xs">
                <Button component={Link} to={paths.accountEdit.to()} variant="light" leftSection={<IconEdit size={16} aria-hidden="true" />}>
                  {t('details.edit')}
                </Button>
                <Button component={Link} to={paths.changePassword.to()} variant="default" leftSection={<IconKey size={16} aria-hidden="true" />}>
                  {t('details.changePassword')}
                </Button>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
              <Field label={t('fields.username')} value={p.username} />
              <EmailField profile={p} />
              <Field label={t('fields.firstName')} value={p.firstName} />
              <Field label={t('fields.middleName')} value={p.middleName} />
              <Field label={t('fields.lastName')} value={p.lastName} />
              <Field label={t('fields.suffix')} value={p.suffix === 'others' ? t('common:suffix.others') : p.suffix} />
              <Field label={t('fields.school')} value={p.schoolName} />
              <Field label={t('fields.role')} value={role ? t(`common:roles.${role}`) : null} />
              {p.roleId === ROLE.student && <Field label={t('fields.gradeLevel')} value={p.gradeLevel} />}
              {p.roleId === ROLE.student && <Field label={t('fields.section')} value={p.section} />}
              {p.employeeNumber && <Field label={t('fields.employeeNumber')} value={p.employeeNumber} />}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
};

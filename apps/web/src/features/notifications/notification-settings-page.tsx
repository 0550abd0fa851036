import { Button, Card, Group, Radio, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGESTS, NOTIFICATION_TYPES, type NotificationSettings, type NotificationType } from '@klase/core/notifications/contracts';
import { ROLE } from '@klase/core/roles';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { useSession } from '../../lib/session-store.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications-api.ts';

/** `message` mail is set in the message settings, not here. */
const IN_APP_ONLY: readonly NotificationType[] = ['message'];
/** Types a role can get (a parent: their child's grades; others: not). */
const typesFor = (roleId: number | undefined): readonly NotificationType[] =>
  NOTIFICATION_TYPES.filter((type) => (type === 'childGrade' ? roleId === ROLE.parent : true));

const DIGEST_LABEL = { off: 'settings.digestOff', daily: 'settings.digestDaily', weekly: 'settings.digestWeekly' } as const;

type Change = (update: (v: NotificationSettings) => NotificationSettings) => void;

/** The types × (in Klase, email) switches. */
const TypesTable = ({ value, change, roleId }: { value: NotificationSettings; change: Change; roleId: number | undefined }) => {
  const { t } = useTranslation('notifications');
  const muted = useTone('muted');
  const set = (type: NotificationType, channel: 'inApp' | 'email', on: boolean) =>
    change((v) => ({ ...v, types: { ...v.types, [type]: { ...v.types[type], [channel]: on } } }));
  return (
    <Card withBorder padding="sm">
      <Table.ScrollContainer minWidth={300}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.type')}</Table.Th>
              <Table.Th scope="col">{t('settings.inApp')}</Table.Th>
              <Table.Th scope="col">{t('settings.email')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {typesFor(roleId).map((type) => {
              const name = t(`typeName.${type}`);
              const inAppOnly = IN_APP_ONLY.includes(type);
              return (
                <Table.Tr key={type}>
                  <Table.Th scope="row" fw={500}>
                    {name}
                    {inAppOnly && (
                      <Text size="xs" c={muted}>
                        {t('settings.messageEmailNote')}
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td>
                    <Switch
                      aria-label={t('settings.inAppFor', { type: name })}
                      checked={value.types[type].inApp}
                      onChange={(e) => set(type, 'inApp', e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {!inAppOnly && (
                      <Switch
                        aria-label={t('settings.emailFor', { type: name })}
                        checked={value.types[type].email}
                        onChange={(e) => set(type, 'email', e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
};

/** A parent's choice of single mails or a daily or weekly summary. */
const DigestCard = ({ value, change }: { value: NotificationSettings; change: Change }) => {
  const { t } = useTranslation('notifications');
  return (
    <Card withBorder padding="md">
      <Radio.Group
        label={t('settings.digest')}
        description={t('settings.digestHelp')}
        value={value.digest}
        onChange={(d) => change((v) => ({ ...v, digest: DIGESTS.find((x) => x === d) ?? 'off' }))}
      >
        <Stack gap="xs" mt="xs">
          {DIGESTS.map((d) => (
            <Radio key={d} value={d} label={t(DIGEST_LABEL[d])} />
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  );
};

/** Quiet hours: on or off, from and to (Philippine time). */
const QuietHoursCard = ({ value, change }: { value: NotificationSettings; change: Change }) => {
  const { t } = useTranslation('notifications');
  const muted = useTone('muted');
  const q = value.quietHours;
  const setQuiet = (patch: Partial<NotificationSettings['quietHours']>) => change((v) => ({ ...v, quietHours: { ...v.quietHours, ...patch } }));
  return (
    <Card withBorder padding="md" component="fieldset" style={{ minInlineSize: 0 }}>
      <Title order={2} size="h4" component="legend">
        {t('settings.quietHours')}
      </Title>
      <Text size="sm" c={muted} mb="xs">
        {t('settings.quietHoursHelp')}
      </Text>
      <Switch label={t('settings.quietEnabled')} checked={q.enabled} onChange={(e) => setQuiet({ enabled: e.currentTarget.checked })} />
      <Group mt="sm" gap="md">
        <TextInput
          type="time"
          label={t('settings.from')}
          value={q.from}
          disabled={!q.enabled}
          required
          onChange={(e) => setQuiet({ from: e.currentTarget.value })}
        />
        <TextInput type="time" label={t('settings.to')} value={q.to} disabled={!q.enabled} required onChange={(e) => setQuiet({ to: e.currentTarget.value })} />
      </Group>
    </Card>
  );
};

const SettingsForm = ({ initial }: { initial: NotificationSettings }) => {
  const { t } = useTranslation('notifications');
  const roleId = useSession((s) => s.profile?.roleId);
  const [value, setValue] = useState(initial);
  const save = useSaveNotificationSettings();
  const errorMessage = useErrorMessage();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value, {
          onSuccess: () => toastSuccess(t('settings.saved'), 'status'),
          onError: (err) => toastError(errorMessage(err)),
        });
      }}
    >
      <Stack gap="md">
        <TypesTable value={value} change={setValue} roleId={roleId} />
        {roleId === ROLE.parent && <DigestCard value={value} change={setValue} />}
        <QuietHoursCard value={value} change={setValue} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** `#/notifications/settings`: per type in-app and email, a parent's digest, quiet hours. */
export const NotificationSettingsPage = () => {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('titles.settings')}
      </Title>
      <Text>{t('settings.intro')}</Text>
      {settings.isPending ? <PageLoader /> : settings.isError ? <ErrorText error={settings.error} /> : <SettingsForm initial={settings.data} />}
    </Stack>
  );
};

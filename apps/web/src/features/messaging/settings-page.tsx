import { useState } from 'react';
import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageSettings } from '@klase/core/messaging/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { messageKeys, saveSettings } from './messaging-api.ts';
import { useMessageSettings } from './messaging-hooks.ts';
import { MessagesNav } from './messages-nav.tsx';

/** The two switches and Save (a success toast; the error under them). */
const SettingsForm = ({ initial }: { initial: MessageSettings }) => {
  const { t } = useTranslation('messaging');
  const client = useQueryClient();
  const [values, setValues] = useState<MessageSettings>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveSettings(values);
      client.setQueryData(messageKeys.settings, saved);
      toastSuccess(t('settings.saved'));
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="md">
        <Switch
          label={t('settings.enterToSend')}
          description={t('settings.enterToSendHint')}
          checked={values.enterToSend}
          onChange={(e) => setValues({ ...values, enterToSend: e.currentTarget.checked })}
        />
        <Switch
          label={t('settings.emailWhenOffline')}
          description={t('settings.emailWhenOfflineHint')}
          checked={values.emailWhenOffline}
          onChange={(e) => setValues({ ...values, emailWhenOffline: e.currentTarget.checked })}
        />
        {error !== null && <ErrorText error={error} />}
        <Group>
          <Button onClick={() => void save()} loading={saving}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

/** `#/messages/settings`: enter to send, and email when offline. */
export const MessageSettingsPage = () => {
  const { t } = useTranslation('messaging');
  const settings = useMessageSettings();
  return (
    <>
      <MessagesNav title={t('titles.settings')} />
      {settings.isPending && <PageLoader />}
      {settings.isError && <ErrorText error={settings.error} />}
      {settings.data && <SettingsForm initial={settings.data} />}
    </>
  );
};

import { useEffect, useState } from 'react';
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

/** `#/messages/settings`: enter to send, and email when offline; saved with a success toast. */
export const MessageSettingsPage = () => {
  const { t } = useTranslation('messaging');
  const client = useQueryClient();
  const settings = useMessageSettings();
  const [values, setValues] = useState<MessageSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (settings.data && !values) setValues(settings.data);
  }, [settings.data, values]);

  const save = async () => {
    if (!values) return;
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
    <>
      <MessagesNav title={t('titles.settings')} />
      {settings.isError && <ErrorText error={settings.error} />}
      {!values && !settings.isError && <PageLoader />}
      {values && (
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
      )}
    </>
  );
};

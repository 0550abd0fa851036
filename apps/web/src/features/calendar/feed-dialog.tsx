import { useState } from 'react';
import { Button, CopyButton, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { calendarKeys, createFeedCall, revokeFeedCall, useFeed } from './calendar-api.ts';

/**
 * "Subscribe": the user's private iCalendar URL (created on request), a copy button, and
 * regenerate and revoke actions, each confirmed (the old URL stops working). A short explanation
 * says where to paste it.
 */
export const FeedDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation(['calendar', 'common']);
  const feed = useFeed();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const url = feed.data?.url ?? null;

  const run = async (ask: { title: string; message: string; danger?: boolean }, work: () => Promise<unknown>, done: string) => {
    if (!(await confirm(ask))) return;
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
      toastSuccess(done);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const create = () => run({ title: t('feed.create'), message: t('feed.confirmCreate') }, createFeedCall, t('feed.created'));
  const regenerate = () => run({ title: t('feed.regenerate'), message: t('feed.confirmRegenerate') }, createFeedCall, t('feed.regenerated'));
  const revoke = () => run({ title: t('feed.revoke'), message: t('feed.confirmRevoke'), danger: true }, revokeFeedCall, t('feed.revoked'));

  return (
    <Modal opened onClose={onClose} title={t('feed.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('feed.intro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('feed.google')}</List.Item>
          <List.Item>{t('feed.phone')}</List.Item>
        </List>
        <Text size="sm">{t('feed.private')}</Text>
        <ErrorText error={error ?? feed.error} />
        {url ? (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label={t('feed.url')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal.9' : undefined}
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                  >
                    {copied ? t('feed.copied') : t('feed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="outline" color="red.9" onClick={() => void revoke()} loading={busy}>
                {t('feed.revoke')}
              </Button>
              <Button variant="default" onClick={() => void regenerate()} loading={busy}>
                {t('feed.regenerate')}
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button onClick={() => void create()} loading={busy || feed.isPending}>
              {t('feed.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
};

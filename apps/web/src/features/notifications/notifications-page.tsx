import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationRow } from '@klase/core/notifications/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { notificationText, relativeTime } from './notification-text.ts';
import { useMarkRead, useNotificationList } from './notifications-api.ts';
import { useNow } from './use-now.ts';

const Item = ({ n, now, onOpen }: { n: NotificationRow; now: number; onOpen: (n: NotificationRow) => void }) => {
  const { t, i18n } = useTranslation('notifications');
  const muted = useTone('muted');
  const unread = n.readAt === null;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-unread={unread}
      style={unread ? { borderInlineStartWidth: 4, borderInlineStartColor: 'var(--mantine-color-anchor)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={n.link} fw={unread ? 700 : 400} onClick={() => onOpen(n)} style={{ overflowWrap: 'anywhere' }}>
            {notificationText(t, n, i18n.language)}
          </Anchor>
          <Text size="sm" c={muted}>
            {[n.actor?.name, relativeTime(n.createdAt, now, i18n.language)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {unread && (
          <Badge variant="filled" color="blue.9" c="white" style={{ flexShrink: 0 }}>
            {t('list.unreadMark')}
          </Badge>
        )}
      </Group>
    </Card>
  );
};

/** `#/notifications/list`: the user's notifications, newest first; all or unread, mark read, load more. */
export const NotificationsPage = () => {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useNotificationList(filter);
  const markRead = useMarkRead();
  const errorMessage = useErrorMessage();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const now = useNow();
  const open = (n: NotificationRow) => {
    if (!n.readAt) markRead.mutate(n.id);
  };
  const readAll = () =>
    markRead.mutate('all', {
      onSuccess: () => toastSuccess(t('list.markedAllRead'), 'status'),
      onError: (e) => toastError(errorMessage(e)),
    });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('titles.list')}
        </Title>
        <Anchor component={Link} to={paths.notificationsSettings.to()}>
          <Group gap={4} wrap="nowrap">
            <IconSettings size={16} aria-hidden="true" />
            {t('list.settingsLink')}
          </Group>
        </Anchor>
      </Group>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('list.filterLabel')}
          value={filter}
          onChange={(v) => setFilter(v === 'unread' ? 'unread' : 'all')}
          data={[
            { value: 'all', label: t('list.all') },
            { value: 'unread', label: t('list.unread') },
          ]}
        />
        <Button variant="light" onClick={readAll} disabled={unread === 0} loading={markRead.isPending && markRead.variables === 'all'}>
          {t('list.markAllRead')}
        </Button>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorText error={list.error} />
      ) : items.length === 0 ? (
        <EmptyState text={filter === 'unread' ? t('list.emptyUnread') : t('list.empty')} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
          {items.map((n) => (
            <Item key={n.id} n={n} now={now} onOpen={open} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('list.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

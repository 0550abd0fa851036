import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconBell, IconList, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useLatestNotifications, useLiveNotifications, useMarkRead, useUnreadCount } from '../../features/notifications/notifications-api.ts';
import { notificationText, relativeTime } from '../../features/notifications/notification-text.ts';
import { useNow } from '../../features/notifications/use-now.ts';

/**
 * The header's bell: the unread count (in its accessible name too), kept live over the real-time
 * channel; its menu shows the latest few (opening one marks it read) and leads to the list and
 * the settings.
 */
export const NotificationBell = () => {
  const { t, i18n } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const count = useUnreadCount().data ?? 0;
  const latest = useLatestNotifications(opened);
  const markRead = useMarkRead();
  const now = useNow();
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} width={320} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('bell.label', { count })} data-testid="notification-bell" data-tour="notifications">
          <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} color="red.9" offset={2} aria-hidden="true">
            <IconBell size={20} aria-hidden="true" />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('bell.latest')}>
        {latest.data?.length === 0 && <Menu.Item disabled>{t('bell.empty')}</Menu.Item>}
        {latest.data?.map((n) => (
          <Menu.Item key={n.id} component={Link} to={n.link} onClick={() => !n.readAt && markRead.mutate(n.id)}>
            <Text component="span" display="block" size="sm" fw={n.readAt ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
              {notificationText(t, n, i18n.language)}
            </Text>
            <Text component="span" display="block" size="xs">
              {relativeTime(n.createdAt, now, i18n.language)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.notificationsList.to()} leftSection={<IconList size={16} aria-hidden="true" />}>
          {t('bell.seeAll')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.notificationsSettings.to()} leftSection={<IconSettings size={16} aria-hidden="true" />}>
          {t('bell.settings')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};

import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConversationRow } from '@klase/core/messaging/contracts';
import { useTone } from '../../components/tones.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { paths } from '../../config/paths.ts';
import { PersonAvatar } from './messages-nav.tsx';

/** One conversation: photo, title, last message, time, unread count, starred and muted marks. */
export const ConversationItem = ({ row, active, onOpen }: { row: ConversationRow; active?: boolean; onOpen?: () => void }) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  const last = row.lastMessage;
  const preview = last ? last.body || (last.hasAttachments ? t('list.attachment') : '') : t('list.noMessages');
  return (
    <UnstyledButton
      component={Link}
      to={paths.messages.to(row.id)}
      onClick={onOpen}
      aria-current={active ? 'page' : undefined}
      data-testid="conversation-item"
      p="xs"
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-default-hover)' : undefined,
        borderInlineStart: active ? '3px solid var(--mantine-primary-color-filled)' : '3px solid transparent',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PersonAvatar person={row.contact ?? { name: row.title, photoUrl: null }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Text fw={row.unread > 0 ? 700 : 500} size="sm" truncate="end">
              {row.title}
            </Text>
            <Text size="xs" c={muted} style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.lastMessage?.createdAt ?? row.updatedAt, 'short')}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Text size="sm" c={muted} truncate="end">
              {last && row.kind !== 'direct' ? `${last.senderName}: ${preview}` : preview}
            </Text>
            <Group gap={4} wrap="nowrap">
              {row.starred && <IconStarFilled size={14} color="var(--mantine-color-yellow-7)" aria-label={t('list.starred')} role="img" />}
              {row.muted && <IconBellOff size={14} aria-label={t('list.muted')} role="img" />}
              {row.unread > 0 && (
                <Badge size="sm" circle={row.unread < 10} aria-label={t('list.unread', { count: row.unread })}>
                  {row.unread > 99 ? '99+' : row.unread}
                </Badge>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
};

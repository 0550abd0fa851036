import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IconBellOff, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_FILTERS, type ConversationFilter, type ConversationRow } from '@klase/core/messaging/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { paths } from '../../config/paths.ts';
import { listConversations, messageKeys } from './messaging-api.ts';
import { PersonAvatar } from './messages-nav.tsx';
import { MessageSearch } from './message-search.tsx';

/** One conversation: photo, title, last message, time, unread count, starred and muted marks. */
export const ConversationItem = ({ row, active, onOpen }: { row: ConversationRow; active?: boolean; onOpen?: () => void }) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  const last = row.lastMessage;
  const preview = last ? (last.body || (last.hasAttachments ? t('list.attachment') : '')) : t('list.noMessages');
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

/** The conversations of a filter, newest activity first, with "Load more". */
const Conversations = ({ filter, activeId }: { filter: ConversationFilter; activeId: string | null }) => {
  const { t } = useTranslation('messaging');
  const query = useInfiniteQuery({
    queryKey: messageKeys.list(filter, ''),
    queryFn: ({ pageParam }) => listConversations(filter, '', pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 5_000,
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorText error={query.error} />;
  const rows = query.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <EmptyState kind="noConversation" />;
  return (
    <Stack gap={2}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('list.label')}>
        {rows.map((row) => (
          <li key={row.id}>
            <ConversationItem row={row} active={row.id === activeId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
};

/** The list pane: message search (with history), the filters, and the conversations. */
export const ConversationList = ({ activeId }: { activeId: string | null }) => {
  const { t } = useTranslation('messaging');
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [searching, setSearching] = useState(false);
  return (
    <Stack gap="sm">
      <MessageSearch onActive={setSearching} />
      {!searching && (
        <>
          <SegmentedControl
            fullWidth
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as ConversationFilter)}
            aria-label={t('filters.label')}
            data={CONVERSATION_FILTERS.map((f) => ({ value: f, label: t(`filters.${f}`) }))}
          />
          <Conversations filter={filter} activeId={activeId} />
        </>
      )}
    </Stack>
  );
};

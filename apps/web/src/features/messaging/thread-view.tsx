import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { Anchor, Box, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationKind } from '@klase/core/messaging/contracts';
import { formatBytes } from '@klase/core/upload';
import { useTone } from '../../components/tones.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { PersonAvatar } from './messages-nav.tsx';
import { startsDay, type ThreadItem } from './thread-state.ts';

interface ThreadViewProps {
  items: readonly ThreadItem[];
  myId: string;
  kind: ConversationKind;
  hasMore: boolean;
  loadOlder: () => Promise<void>;
  seenId: string | null;
  typing: string | null;
  retry: (clientId: string) => void;
  /** A message to scroll to and mark (opened from the search). */
  focusId: string | null;
}

/** Under an own message: "Sending…", "Not sent — Retry", or "Seen" under the newest one the other read. */
const MessageState = ({ item, seen, retry }: { item: ThreadItem; seen: boolean; retry: (clientId: string) => void }) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  const danger = useTone('danger');
  if (item.state === 'sending')
    return (
      <Text size="xs" c={muted}>
        {t('thread.sending')}
      </Text>
    );
  if (item.state === 'failed')
    return (
      <Group gap={4} justify="flex-end">
        <Text size="xs" c={danger}>
          {t('thread.notSent')}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => retry(item.clientId)}>
          {t('thread.retry')}
        </Button>
      </Group>
    );
  return seen ? (
    <Text size="xs" c={muted} data-testid="seen">
      {t('thread.seen')}
    </Text>
  ) : null;
};

/** One message: sender (groups), text shown as text only, attachments, time, and its state. */
const Bubble = ({
  item,
  mine,
  showSender,
  seen,
  retry,
  marked,
}: {
  item: ThreadItem;
  mine: boolean;
  showSender: boolean;
  seen: boolean;
  retry: (clientId: string) => void;
  marked: boolean;
}) => {
  const muted = useTone('muted');
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} align="flex-end" gap="xs" wrap="nowrap" data-testid="message" data-message-id={item.id}>
      {showSender && !mine && <PersonAvatar person={item.sender} size={28} />}
      <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} maw="min(80%, 36rem)" style={{ minWidth: 0 }}>
        {showSender && !mine && (
          <Text size="xs" fw={600}>
            {item.sender.name}
          </Text>
        )}
        <Paper
          px="sm"
          py={6}
          radius="md"
          withBorder={!mine}
          bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
          style={{ outline: marked ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
        >
          {item.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
              {item.body}
            </Text>
          )}
          {item.attachments.map((a) => (
            <Group key={a.id} gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden="true" />
              <Anchor href={a.downloadUrl} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {a.name}
              </Anchor>
              <Text size="xs" c={muted}>
                {formatBytes(a.size)}
              </Text>
            </Group>
          ))}
        </Paper>
        <Text size="xs" c={muted}>
          {formatDateTime(item.createdAt, 'time')}
        </Text>
        {mine && <MessageState item={item} seen={seen} retry={retry} />}
      </Stack>
    </Group>
  );
};

/** Keeps the view at the bottom when the user is there and something arrives; keeps the place when older pages load above. */
const useScrollKeeping = (items: readonly ThreadItem[], focusId: string | null, hasMore: boolean, loadOlder: () => Promise<void>) => {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prevHeight = useRef(0);
  const prevFirst = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = items[0]?.id ?? null;
    if (prevFirst.current !== null && first !== prevFirst.current && !atBottom.current) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (atBottom.current && !focusId) {
      el.scrollTop = el.scrollHeight;
    }
    prevFirst.current = first;
    prevHeight.current = el.scrollHeight;
  }, [items, focusId]);
  useEffect(() => {
    if (!focusId) return;
    scroller.current?.querySelector(`[data-message-id="${CSS.escape(focusId)}"]`)?.scrollIntoView({ block: 'center' });
  }, [focusId, items]);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 40 && hasMore) void loadOlder();
  };
  return { scroller, onScroll };
};

/** The messages, oldest first, with day separators; older ones load on scroll to the top (or the button). */
export const ThreadView = ({ items, myId, kind, hasMore, loadOlder, seenId, typing, retry, focusId }: ThreadViewProps) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  const { scroller, onScroll } = useScrollKeeping(items, focusId, hasMore, loadOlder);
  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
      px="xs"
      py="sm"
      tabIndex={0}
      role="region"
      aria-label={t('thread.label')}
      data-testid="thread"
    >
      {hasMore && (
        <Center mb="sm">
          <Button variant="subtle" size="compact-sm" onClick={() => void loadOlder()}>
            {t('thread.older')}
          </Button>
        </Center>
      )}
      {items.length === 0 && (
        <Text c={muted} ta="center" size="sm" py="xl">
          {t('thread.empty')}
        </Text>
      )}
      <Stack gap="xs">
        {items.map((item, i) => (
          <Fragment key={item.clientId}>
            {startsDay(items, i) && <Divider label={formatDateTime(item.createdAt, 'day')} labelPosition="center" />}
            <Bubble
              item={item}
              mine={item.sender.id === myId}
              showSender={kind !== 'direct' && items[i - 1]?.sender.id !== item.sender.id}
              seen={item.id === seenId}
              retry={retry}
              marked={item.id === focusId}
            />
          </Fragment>
        ))}
      </Stack>
      {typing && (
        <Group gap={6} mt="xs" data-testid="typing">
          <Loader type="dots" size="xs" aria-hidden="true" />
          <Text size="xs" c={muted}>
            {t('thread.typing', { name: typing })}
          </Text>
        </Group>
      )}
    </Box>
  );
};

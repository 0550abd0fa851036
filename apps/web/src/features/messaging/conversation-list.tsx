import { useState } from 'react';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_FILTERS, type ConversationFilter } from '@klase/core/messaging/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { listConversations, messageKeys } from './messaging-api.ts';
import { ConversationItem } from './conversation-item.tsx';
import { MessageSearch } from './message-search.tsx';

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

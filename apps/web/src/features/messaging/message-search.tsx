import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconHistory, IconSearch, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_SEARCH_MAX } from '@klase/core/messaging/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { paths } from '../../config/paths.ts';
import { clearSearchHistory, getSearchHistory, messageKeys, searchMessages } from './messaging-api.ts';

/** The search history shown while the empty box has focus: each entry searches again; "Clear history" forgets them. */
const SearchHistory = ({ onPick }: { onPick: (q: string) => void }) => {
  const { t } = useTranslation('messaging');
  const client = useQueryClient();
  const history = useQuery({ queryKey: messageKeys.history, queryFn: getSearchHistory });
  const items = history.data?.items ?? [];
  if (items.length === 0) return null;
  const clear = async () => {
    await clearSearchHistory();
    client.setQueryData(messageKeys.history, { items: [] });
  };
  return (
    <Paper withBorder p="xs" data-testid="search-history">
      <Group justify="space-between" mb={4}>
        <Text size="xs" fw={600} id="message-search-history">
          {t('search.history')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void clear()}>
          {t('search.clearHistory')}
        </Button>
      </Group>
      <Stack gap={0} component="ul" aria-labelledby="message-search-history" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((q) => (
          <li key={q}>
            <UnstyledButton onClick={() => onPick(q)} p={4} w="100%" style={{ borderRadius: 4 }}>
              <Group gap={6} wrap="nowrap">
                <IconHistory size={14} aria-hidden="true" />
                <Text size="sm" truncate="end">
                  {q}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Paper>
  );
};

/** The hits of a search: conversation, sender, text and time; each opens the conversation at that message. */
const SearchResults = ({ q }: { q: string }) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  const client = useQueryClient();
  const result = useQuery({
    queryKey: messageKeys.search(q),
    queryFn: async () => {
      const answer = await searchMessages(q);
      void client.invalidateQueries({ queryKey: messageKeys.history });
      return answer;
    },
  });
  if (result.isPending) return <PageLoader />;
  if (result.isError) return <ErrorText error={result.error} />;
  if (result.data.items.length === 0) return <EmptyState kind="noResults" />;
  return (
    <Stack gap={4} component="ul" aria-label={t('search.results', { q })} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {result.data.items.map(({ message, conversationTitle }) => (
        <li key={message.id}>
          <UnstyledButton component={Link} to={paths.messages.to(message.conversationId, { at: message.id })} p="xs" display="block" data-testid="search-hit">
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="sm" fw={600} truncate="end">
                {conversationTitle}
              </Text>
              <Text size="xs" c={muted} style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(message.createdAt, 'short')}
              </Text>
            </Group>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {message.sender.name}: {message.body}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
};

/** Search over the caller's own messages: history on focus, results in place of the list while a search is shown. */
export const MessageSearch = ({ onActive }: { onActive: (active: boolean) => void }) => {
  const { t } = useTranslation('messaging');
  const [text, setText] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const run = (q: string) => {
    const value = q.trim();
    setText(value);
    setFocused(false);
    if (value.length < 2) return;
    setShown(value);
    onActive(true);
  };
  const reset = () => {
    setText('');
    setShown(null);
    onActive(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(text);
  };
  const leave = (e: FocusEvent) => {
    if (!box.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <Box ref={box} onBlur={leave}>
      <form role="search" onSubmit={submit}>
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={MESSAGE_SEARCH_MAX}
          onChange={(e) => setText(e.currentTarget.value)}
          onFocus={() => setFocused(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setFocused(false);
          }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            text || shown ? (
              <ActionIcon variant="subtle" color="gray" onClick={reset} aria-label={t('search.clear')}>
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            ) : null
          }
        />
      </form>
      {focused && text === '' && (
        <Box mt={4}>
          <SearchHistory onPick={run} />
        </Box>
      )}
      {shown && (
        <Box mt="xs">
          <SearchResults q={shown} />
        </Box>
      )}
    </Box>
  );
};

import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconMessage, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@klase/core/roles';
import { SEARCH_DEBOUNCE_MS } from '@klase/core/constants';
import type { ClassRow } from '@klase/core/classes/contracts';
import { CONTACT_GROUPS, MESSAGE_SEARCH_MAX, type ContactRow } from '@klase/core/messaging/contracts';
import type { TablePage } from '@klase/core/table';
import { apiFetch } from '../../api/http.ts';
import { CLASSES_PATH } from '../../api/class-api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { useSession } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';
import { getContacts, messageKeys } from './messaging-api.ts';
import { MessagesNav, PersonAvatar } from './messages-nav.tsx';
import { useStartConversation } from './start-conversation.ts';

type Start = ReturnType<typeof useStartConversation>;

/** A contact: photo, name (to the details), context, and "Message". */
const ContactItem = ({ row, start }: { row: ContactRow; start: Start }) => {
  const { t } = useTranslation('messaging');
  const muted = useTone('muted');
  return (
    <Group gap="sm" wrap="nowrap" py={6} data-testid="contact">
      <PersonAvatar person={row} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={paths.messageUser.to(row.id)} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.name}
        </Anchor>
        <Text size="xs" c={muted} style={{ overflowWrap: 'anywhere' }}>
          {row.context}
        </Text>
      </Stack>
      {row.blocked && (
        <Badge color="gray" variant="outline">
          {t('contacts.blocked')}
        </Badge>
      )}
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMessage size={14} aria-hidden="true" />}
        loading={start.busy === row.id}
        onClick={() => void start.start(row.id, { kind: 'direct', userId: row.id })}
        aria-label={t('contacts.messageTo', { name: row.name })}
      >
        {t('contacts.message')}
      </Button>
    </Group>
  );
};

/** Teachers: "Message class" for each active class they teach (a class conversation). */
const ClassConversations = ({ start }: { start: Start }) => {
  const { t } = useTranslation('messaging');
  const classes = useQuery({ queryKey: ['messages', 'my-classes'], queryFn: () => apiFetch<TablePage<ClassRow>>(CLASSES_PATH) });
  const mine = (classes.data?.data ?? []).filter((c) => c.relation === 'teacher' && !c.archived);
  if (mine.length === 0) return null;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        {t('contacts.classes')}
      </Title>
      <Stack gap={6}>
        {mine.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconUsersGroup size={14} aria-hidden="true" />}
              loading={start.busy === c.id}
              onClick={() => void start.start(c.id, { kind: 'class', classId: c.id })}
              aria-label={t('contacts.messageClassNamed', { name: c.name })}
            >
              {t('contacts.messageClass')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};

/** `#/messages/contacts`: the people the caller may message, grouped, with a search. */
export const ContactsPage = () => {
  const { t } = useTranslation('messaging');
  const roleId = useSession((s) => s.profile?.roleId);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const contacts = useQuery({ queryKey: messageKeys.contacts(q), queryFn: () => getContacts(q), placeholderData: keepPreviousData });
  const start = useStartConversation();
  const items = contacts.data?.items ?? [];
  return (
    <>
      <MessagesNav title={t('titles.contacts')} />
      <Stack gap="md">
        {roleId === ROLE.teacher && <ClassConversations start={start} />}
        <TextInput
          aria-label={t('contacts.search')}
          placeholder={t('contacts.search')}
          value={text}
          maxLength={MESSAGE_SEARCH_MAX}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          maw={420}
        />
        {contacts.isPending && <PageLoader />}
        {contacts.isError && <ErrorText error={contacts.error} />}
        {contacts.isSuccess && items.length === 0 && <EmptyState kind={q ? 'noResults' : 'noRecords'} />}
        {CONTACT_GROUPS.map((group) => {
          const rows = items.filter((r) => r.group === group);
          if (rows.length === 0) return null;
          return (
            <Paper withBorder p="sm" key={group} component="section" aria-labelledby={`contacts-${group}`}>
              <Title order={2} size="h4" id={`contacts-${group}`}>
                {t(`contacts.groups.${group}`)} ({rows.length})
              </Title>
              {rows.map((row) => (
                <ContactItem key={row.id} row={row} start={start} />
              ))}
            </Paper>
          );
        })}
      </Stack>
    </>
  );
};

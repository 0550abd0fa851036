import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBan, IconMessage } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@klase/core/messaging/contracts';
import { DetailList } from '../../components/detail-list.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { getUserDetails, messageKeys } from './messaging-api.ts';
import { BlockConfirm } from './conversation-view.tsx';
import { MessagesNav, PersonAvatar } from './messages-nav.tsx';
import { useStartConversation } from './start-conversation.ts';

/** Photo, name, role, context and e-mail, with Message and Block / Unblock. */
const UserCard = ({ user }: { user: UserDetails }) => {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const client = useQueryClient();
  const start = useStartConversation();
  const [blocking, setBlocking] = useState(false);
  const message = () =>
    user.conversationId ? void navigate(paths.messages.to(user.conversationId)) : void start.start(user.id, { kind: 'direct', userId: user.id });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: messageKeys.user(user.id) });
    void client.invalidateQueries({ queryKey: messageKeys.all });
  };
  return (
    <Paper withBorder p="md" maw={640}>
      <Group gap="md" wrap="wrap" align="flex-start">
        <PersonAvatar person={user} size={96} />
        <Stack gap="xs" style={{ flex: 1, minWidth: '12rem' }}>
          <Group gap="xs">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            {user.blocked && (
              <Badge color="gray" variant="outline">
                {t('contacts.blocked')}
              </Badge>
            )}
          </Group>
          <DetailList
            items={[
              { label: t('user.role'), value: user.roleName },
              { label: t('user.context'), value: user.context || null },
              { label: t('user.email'), value: user.email },
            ]}
          />
          <Group gap="xs">
            {user.canMessage && (
              <Button leftSection={<IconMessage size={16} aria-hidden="true" />} onClick={message} loading={start.busy === user.id}>
                {t('contacts.message')}
              </Button>
            )}
            <Button
              variant="light"
              color={user.blocked ? undefined : 'red'}
              leftSection={<IconBan size={16} aria-hidden="true" />}
              onClick={() => setBlocking(true)}
            >
              {user.blocked ? t('block.unblock') : t('block.block')}
            </Button>
          </Group>
        </Stack>
      </Group>
      <BlockConfirm userId={user.id} name={user.name} blocked={user.blocked} opened={blocking} onClose={() => setBlocking(false)} onDone={refresh} />
    </Paper>
  );
};

/** `#/messages/user-details?id=`: someone the caller may message or already talks with. */
export const UserDetailsPage = () => {
  const { t } = useTranslation('messaging');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const user = useQuery({ queryKey: messageKeys.user(id), queryFn: () => getUserDetails(id), enabled: id !== '' });
  return (
    <>
      <MessagesNav title={t('titles.userDetails')} />
      {id === '' && <EmptyState kind="contentUnavailable" />}
      {id !== '' && user.isPending && <PageLoader />}
      {user.isError && <ErrorText error={user.error} />}
      {user.data && <UserCard user={user.data} />}
    </>
  );
};

import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconBellOff, IconDotsVertical, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_EVENTS, type ConversationDetails, type PersonRef } from '@klase/core/messaging/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTone } from '../../components/tones.ts';
import { toastError } from '../../lib/toasts.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { useRealtime } from '../../lib/use-realtime.ts';
import { paths } from '../../config/paths.ts';
import { blockCall, getConversation, messageKeys, muteCall, starCall, typingCall } from './messaging-api.ts';
import { useMessageSettings, type ReadEvent } from './messaging-hooks.ts';
import { PersonAvatar } from './messages-nav.tsx';
import { Composer } from './composer.tsx';
import { ThreadView } from './thread-view.tsx';
import { seenMessageId } from './thread-state.ts';
import { useFindMessage, useThread } from './use-thread.ts';

/** Block or unblock the contact of a direct conversation (or of the user details page), after a confirmation. */
export const BlockConfirm = ({
  userId,
  name,
  blocked,
  opened,
  onClose,
  onDone,
}: {
  userId: string;
  name: string;
  blocked: boolean;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation('messaging');
  return (
    <ConfirmDialog
      opened={opened}
      title={blocked ? t('block.unblockTitle') : t('block.blockTitle')}
      message={blocked ? t('block.unblockText', { name }) : t('block.blockText', { name })}
      confirmLabel={blocked ? t('block.unblock') : t('block.block')}
      danger={!blocked}
      onConfirm={async () => {
        await blockCall(userId, !blocked);
        onDone();
      }}
      onClose={onClose}
    />
  );
};

/** Title, back (one pane), star, and the menu: mute, details, block. */
const ConversationHeader = ({ details, oneByOne, refresh }: { details: ConversationDetails; oneByOne: boolean; refresh: () => void }) => {
  const { t } = useTranslation('messaging');
  const errorMessage = useErrorMessage();
  const [blocking, setBlocking] = useState(false);
  const toggle = async (call: (id: string, on: boolean) => Promise<unknown>, on: boolean) => {
    try {
      await call(details.id, on);
      refresh();
    } catch (e) {
      toastError(errorMessage(e));
    }
  };
  const contact = details.kind === 'direct' ? details.contact : null;
  return (
    <Group gap="xs" wrap="nowrap" p="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {oneByOne && (
        <ActionIcon component={Link} to={paths.messages.to()} variant="subtle" size="lg" aria-label={t('conversation.back')}>
          <IconArrowLeft size={18} aria-hidden="true" />
        </ActionIcon>
      )}
      <PersonAvatar person={contact ?? { name: details.title, photoUrl: null }} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {contact ? (
            <Anchor component={Link} to={paths.messageUser.to(contact.id)} inherit>
              {details.title}
            </Anchor>
          ) : (
            details.title
          )}
        </Title>
        {details.kind !== 'direct' && <Text size="xs">{t('conversation.members', { count: details.memberCount })}</Text>}
      </Stack>
      {details.muted && <IconBellOff size={18} aria-label={t('list.muted')} role="img" />}
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={() => void toggle(starCall, !details.starred)}
        aria-pressed={details.starred}
        aria-label={t('conversation.star')}
      >
        {details.starred ? <IconStarFilled size={18} color="var(--mantine-color-yellow-7)" aria-hidden="true" /> : <IconStar size={18} aria-hidden="true" />}
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('conversation.menu')}>
            <IconDotsVertical size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void toggle(muteCall, !details.muted)}>{details.muted ? t('conversation.unmute') : t('conversation.mute')}</Menu.Item>
          {contact && (
            <>
              <Menu.Item component={Link} to={paths.messageUser.to(contact.id)}>
                {t('conversation.details')}
              </Menu.Item>
              <Menu.Item color={details.contactBlocked ? undefined : 'red'} onClick={() => setBlocking(true)}>
                {details.contactBlocked ? t('block.unblock') : t('block.block')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {contact && (
        <BlockConfirm
          userId={contact.id}
          name={contact.name}
          blocked={details.contactBlocked}
          opened={blocking}
          onClose={() => setBlocking(false)}
          onDone={refresh}
        />
      )}
    </Group>
  );
};

/** In place of the composer when the caller cannot send: why, and Unblock when it is their own block. */
const SendBlocked = ({ details, refresh }: { details: ConversationDetails; refresh: () => void }) => {
  const { t } = useTranslation('messaging');
  const [unblocking, setUnblocking] = useState(false);
  const contact = details.contact;
  return (
    <Alert color="gray" m="xs" data-testid="send-blocked">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t(`blocked.${details.sendBlocked ?? 'notAllowed'}`)}</Text>
        {details.sendBlocked === 'youBlocked' && contact && (
          <>
            <Button size="compact-sm" variant="light" onClick={() => setUnblocking(true)}>
              {t('block.unblock')}
            </Button>
            <BlockConfirm userId={contact.id} name={contact.name} blocked opened={unblocking} onClose={() => setUnblocking(false)} onDone={refresh} />
          </>
        )}
      </Group>
    </Alert>
  );
};

/** Read receipts of the other members, starting from the details and moved on by `message.read`. */
const useReadUpTo = (details: ConversationDetails, myId: string) => {
  const other = details.kind === 'direct' ? details.readUpTo.find((r) => r.userId !== myId) : undefined;
  const [live, setLive] = useState<string | null>(null);
  useRealtime(MESSAGE_EVENTS.read, (event) => {
    const data = event.data as ReadEvent;
    if (data.conversationId === details.id && data.userId !== myId && details.kind === 'direct') setLive(data.messageId);
  });
  return live ?? other?.messageId ?? null;
};

/** The loaded conversation: header, messages and composer (or the reason one cannot send). */
const OpenConversation = ({ details, me, oneByOne }: { details: ConversationDetails; me: PersonRef; oneByOne: boolean }) => {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const at = params.get('at');
  const settings = useMessageSettings();
  const thread = useThread(details.id, me, details.unread);
  const found = useFindMessage(at, thread);
  const readUpTo = useReadUpTo(details, me.id);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: messageKeys.details(details.id) });
    void client.invalidateQueries({ queryKey: messageKeys.lists });
    void client.invalidateQueries({ queryKey: messageKeys.unread });
  };
  useRealtime(MESSAGE_EVENTS.conversationUpdated, (event) => {
    if ((event.data as { conversationId?: string }).conversationId === details.id) refresh();
  });
  if (thread.loading) return <PageLoader />;
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <ConversationHeader details={details} oneByOne={oneByOne} refresh={refresh} />
      {thread.error !== null && <ErrorText error={thread.error} p="xs" />}
      <ThreadView
        items={thread.items}
        myId={me.id}
        kind={details.kind}
        hasMore={thread.hasMore}
        loadOlder={thread.loadOlder}
        seenId={seenMessageId(thread.items, me.id, readUpTo)}
        typing={thread.typing}
        retry={(clientId) => void thread.retry(clientId)}
        focusId={found ? at : null}
      />
      {details.sendBlocked ? (
        <SendBlocked details={details} refresh={refresh} />
      ) : (
        <Composer enterToSend={settings.data?.enterToSend ?? true} onSend={thread.send} onTyping={() => void typingCall(details.id).catch(() => undefined)} />
      )}
    </Stack>
  );
};

/** The conversation pane: loads the details, then the conversation (keyed by id, so switching starts fresh). */
export const ConversationView = ({ id, me, oneByOne }: { id: string; me: PersonRef; oneByOne: boolean }) => {
  const muted = useTone('muted');
  const details = useQuery({ queryKey: messageKeys.details(id), queryFn: () => getConversation(id) });
  if (details.isPending) return <PageLoader />;
  if (details.isError) return <ErrorText error={details.error} p="md" c={muted} />;
  return <OpenConversation key={id} details={details.data} me={me} oneByOne={oneByOne} />;
};

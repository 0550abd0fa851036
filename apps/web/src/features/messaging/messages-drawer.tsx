import { ActionIcon, Button, Drawer, Indicator, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';
import { listConversations, messageKeys } from './messaging-api.ts';
import { useUnreadCount } from './messaging-hooks.ts';
import { ConversationItem } from './conversation-item.tsx';

/** The drawer's recent conversations (the first page of "all"). */
const RecentConversations = ({ onOpen }: { onOpen: () => void }) => {
  const { t } = useTranslation('messaging');
  const recent = useQuery({ queryKey: messageKeys.recent, queryFn: () => listConversations('all', '') });
  if (recent.isPending) return <PageLoader />;
  if (recent.isError) return <ErrorText error={recent.error} />;
  const rows = recent.data.items.slice(0, 10);
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <EmptyState kind="noConversation" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('drawer.recent')}>
          {rows.map((row) => (
            <li key={row.id}>
              <ConversationItem row={row} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      <Button component={Link} to={paths.messages.to()} onClick={onOpen} variant="light">
        {t('drawer.all')}
      </Button>
    </Stack>
  );
};

/** The header's messages button: the unread count (live), and a drawer with the recent conversations. */
const DrawerButton = () => {
  const { t } = useTranslation('messaging');
  const [opened, { open, close }] = useDisclosure(false);
  const count = useUnreadCount();
  return (
    <>
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={open}
          aria-label={count > 0 ? t('drawer.openUnread', { count }) : t('drawer.open')}
          data-testid="messages-button"
        >
          <IconMessages size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('drawer.title')} closeButtonProps={{ 'aria-label': t('drawer.close') }}>
        {opened && <RecentConversations onOpen={close} />}
      </Drawer>
    </>
  );
};

/** Shown to the roles of a school only (platform roles have no messaging). */
export const MessagesDrawer = () => {
  const roleId = useSession((s) => s.profile?.roleId);
  return roleId !== undefined && canOpen('messages', roleId) ? <DrawerButton /> : null;
};

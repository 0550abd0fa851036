import { Box, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PersonRef } from '@klase/core/messaging/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session-store.ts';
import { photoUrl } from '../../lib/photo.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { MessagesNav } from './messages-nav.tsx';

/** Two panes from this width on; below it one pane (the list, or the open conversation with a back button). */
const TWO_PANES = '(min-width: 62em)';
/** The panes fill the window under the header (60 px), the page's padding and its title row. */
const PANE_HEIGHT = 'max(26rem, calc(100dvh - 60px - 2 * var(--mantine-spacing-md) - 4.5rem))';
/** One pane: the title and the section links take about two lines more. */
const PHONE_PANE_HEIGHT = 'max(24rem, calc(100dvh - 60px - 2 * var(--mantine-spacing-sm) - 7rem))';

/** The caller as a message sender (for own messages shown before the server answers). */
const useMe = (): PersonRef | null => {
  const profile = useSession((s) => s.profile);
  if (!profile) return null;
  return {
    id: profile.id,
    name: [profile.firstName, profile.lastName].join(' '),
    roleId: profile.roleId,
    photoUrl: profile.hasPhoto ? photoUrl(profile) : null,
  };
};

/** `#/messages/list/{id?}`: the conversations and the open one. */
export const MessagesPage = () => {
  const { t } = useTranslation('messaging');
  const { id = null } = useParams();
  const me = useMe();
  const twoPanes = useMediaQuery(TWO_PANES, true, { getInitialValueInEffect: false });
  if (!me) return <PageLoader />;
  const conversation = id ? <ConversationView key={id} id={id} me={me} oneByOne={!twoPanes} /> : null;
  if (!twoPanes)
    return (
      <>
        <MessagesNav title={t('titles.messages')} />
        {conversation ? (
          <Paper withBorder style={{ height: PHONE_PANE_HEIGHT, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            {conversation}
          </Paper>
        ) : (
          <ConversationList activeId={null} />
        )}
      </>
    );
  return (
    <>
      <MessagesNav title={t('titles.messages')} />
      <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(16rem, 22rem) 1fr', gap: 'var(--mantine-spacing-md)', height: PANE_HEIGHT }}>
        <Box style={{ overflowY: 'auto', minHeight: 0 }} pr={4}>
          <ConversationList activeId={id} />
        </Box>
        <Paper withBorder style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', minHeight: 0 }}>
          {conversation ?? <EmptyState text={t('conversation.choose')} />}
        </Paper>
      </Box>
    </>
  );
};

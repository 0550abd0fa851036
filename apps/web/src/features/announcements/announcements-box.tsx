import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '@klase/core/announcements/contracts';
import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { useSession } from '../../lib/session-store.ts';
import { ListCard } from '../../components/list-card.tsx';
import { useCurrentAnnouncements, useMarkAnnouncementRead } from './announcements-api.ts';
import { AnnouncementDialogSlot, AnnouncementMeta, AnnouncementReader, UnreadBadge } from './announcement-parts.tsx';

/** One announcement of the box: its title opens it (and marks it read). */
const Item = ({ row, onOpen }: { row: AnnouncementRow; onOpen: () => void }) => (
  <li data-testid="announcement-item" data-read={row.read}>
    <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
      <Anchor component="button" type="button" onClick={onOpen} fw={row.read ? 500 : 700} ta="start" style={{ overflowWrap: 'anywhere' }}>
        {row.title}
      </Anchor>
      {row.read ? null : <UnreadBadge />}
    </Group>
    <AnnouncementMeta row={row} />
  </li>
);

const READER_ROLES: ReadonlySet<number> = new Set([ROLE.student, ROLE.parent, ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin]);

/**
 * The dashboard's Announcements box: the current ones for the signed-in user (a parent: the child
 * chosen in the header), newest first, unread ones marked "New"; opening one shows it and marks it
 * read. Teachers and school administrators get "New announcement".
 */
export const AnnouncementsBox = () => {
  const { t } = useTranslation(['announcements', 'common', 'components']);
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const selectedChild = useSession((s) => s.selectedChildId);
  const childId = roleId === ROLE.parent ? selectedChild : null;
  // Platform roles (no school) read none: the box shows the empty text without asking.
  const reader = READER_ROLES.has(roleId);
  const query = useCurrentAnnouncements(childId, reader);
  const markRead = useMarkAnnouncementRead();
  const [open, setOpen] = useState<AnnouncementRow | null>(null);
  const [creating, setCreating] = useState(false);
  const items = query.data?.items ?? [];
  const unread = query.data?.unread ?? 0;

  const openOne = (row: AnnouncementRow) => {
    setOpen(row);
    if (!row.read) markRead.mutate(row.id);
  };

  const action = canOpen('announcementsManage', roleId) ? (
    <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
      {t('announcements:new')}
    </Button>
  ) : null;

  return (
    <>
      <ListCard
        title={t('common:dashboard.announcements')}
        icon={<IconSpeakerphone size={20} aria-hidden="true" />}
        summary={unread > 0 ? t('announcements:unreadCount', { count: unread }) : null}
        query={reader ? query : undefined}
        empty={items.length === 0 ? t('components:noRecordsFound') : null}
        testId="announcements-box"
        action={action}
      >
        {items.map((row) => (
          <Item key={row.id} row={row} onOpen={() => openOne(row)} />
        ))}
      </ListCard>
      <AnnouncementReader row={open} onClose={() => setOpen(null)} />
      <AnnouncementDialogSlot announcement={creating ? null : undefined} onClose={() => setCreating(false)} />
    </>
  );
};

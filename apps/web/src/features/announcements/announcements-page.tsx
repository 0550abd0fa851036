import { useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '@klase/core/announcements/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DateText } from '../../components/date-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { deleteAnnouncementCall, useManagedAnnouncements, useRefreshAnnouncements, type ManageStatus } from './announcements-api.ts';
import { AnnouncementDialogSlot, AnnouncementMeta } from './announcement-parts.tsx';

const STATUSES: readonly ManageStatus[] = ['all', 'scheduled', 'current', 'ended'];
const STATUS_COLOR: Record<AnnouncementRow['status'], string> = { scheduled: 'violet.9', current: 'blue.9', ended: 'gray.7' };

/** One announcement with its status, when it shows, and edit and delete when the caller may. */
const AnnouncementCard = ({ row, onEdit, onDelete }: { row: AnnouncementRow; onEdit: () => void; onDelete: () => void }) => {
  const { t } = useTranslation('announcements');
  return (
    <Card withBorder padding="md" component="li" data-testid="managed-announcement">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Title>
          <Badge variant="filled" color={STATUS_COLOR[row.status]} style={{ flexShrink: 0 }}>
            {t(`status.${row.status}`)}
          </Badge>
        </Group>
        <AnnouncementMeta row={row} />
        <Text size="sm">
          {t('shows')} <DateText value={row.startsAt} format="long" />
          {row.endsAt ? (
            <>
              {' – '}
              <DateText value={row.endsAt} format="long" />
            </>
          ) : null}
          {row.email ? ` · ${t('emailed')}` : ''}
        </Text>
        {row.canEdit && (
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              onClick={onEdit}
              aria-label={t('editNamed', { title: row.title })}
            >
              {t('edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={onDelete}
              aria-label={t('deleteNamed', { title: row.title })}
            >
              {t('delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};

/** `#/announcements`: the announcements the caller manages, by status, with create, edit and delete (each confirmed). */
export const AnnouncementsPage = () => {
  const { t } = useTranslation(['announcements', 'common']);
  const [status, setStatus] = useState<ManageStatus>('all');
  const [editing, setEditing] = useState<AnnouncementRow | null | undefined>(undefined);
  const query = useManagedAnnouncements(status);
  const confirm = useConfirm();
  const refresh = useRefreshAnnouncements();
  const errorMessage = useErrorMessage();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = async (row: AnnouncementRow) => {
    const ok = await confirm({
      title: t('deleteTitle'),
      message: t('confirmDelete', { title: row.title }),
      confirmLabel: t('delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteAnnouncementCall(row.id);
      toastSuccess(t('deleted'));
    } catch (e) {
      toastError(errorMessage(e));
    }
    await refresh();
  };

  let body;
  if (query.isPending)
    body = (
      <Center py="lg">
        <Loader size="sm" role="progressbar" aria-label={t('loading')} />
      </Center>
    );
  else if (query.isError) body = <ErrorText error={query.error} />;
  else if (items.length === 0) body = <EmptyState kind="noRecords" />;
  else
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((row) => (
          <AnnouncementCard key={row.id} row={row} onEdit={() => setEditing(row)} onDelete={() => void remove(row)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageHeading />
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing(null)}>
          {t('new')}
        </Button>
      </Group>
      <NativeSelect
        label={t('statusFilter')}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value as ManageStatus)}
        data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        maw={260}
      />
      {body}
      {query.hasNextPage && (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('more')}
          </Button>
        </Center>
      )}
      <AnnouncementDialogSlot announcement={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
};

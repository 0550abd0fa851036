import { lazy, Suspense } from 'react';
import { Badge, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '@klase/core/announcements/contracts';
import { DateText } from '../../components/date-text.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { useTone } from '../../components/tones.ts';
import { DialogLoader } from '../../components/page-loader.tsx';

/** The create/edit dialog (with the rich text editor) loads only when opened. */
const LazyDialog = lazy(() => import('./announcement-dialog.tsx').then((m) => ({ default: m.AnnouncementDialog })));

/** `announcement`: edit that one; `null`: a new one; `undefined`: closed. */
export const AnnouncementDialogSlot = ({ announcement, onClose }: { announcement: AnnouncementRow | null | undefined; onClose: () => void }) =>
  announcement === undefined ? null : (
    <Suspense fallback={<DialogLoader />}>
      <LazyDialog announcement={announcement} onClose={onClose} />
    </Suspense>
  );

/** Where it goes, who wrote it and since when: "Grade 7 - Sampaguita · Maria Santos · Mar 5, 2026". */
export const AnnouncementMeta = ({ row }: { row: AnnouncementRow }) => {
  const muted = useTone('muted');
  return (
    <Text size="sm" c={muted} style={{ overflowWrap: 'anywhere' }}>
      {row.audienceName} · {row.author.name} · <DateText value={row.startsAt} />
    </Text>
  );
};

/** "New" beside an unread one: a word, not a colour alone. */
export const UnreadBadge = () => {
  const { t } = useTranslation('announcements');
  return (
    <Badge variant="filled" color="blue.9" size="sm" style={{ flexShrink: 0 }}>
      {t('unread')}
    </Badge>
  );
};

/** The whole announcement in a dialog. */
export const AnnouncementReader = ({ row, onClose }: { row: AnnouncementRow | null; onClose: () => void }) => {
  const { t } = useTranslation(['announcements', 'common']);
  return (
    <Modal opened={row !== null} onClose={onClose} title={row?.title ?? ''} size="lg" closeButtonProps={{ 'aria-label': t('common:close') }}>
      {row && (
        <Stack gap="sm">
          <AnnouncementMeta row={row} />
          {row.endsAt && (
            <Text size="sm">
              {t('announcements:until')} <DateText value={row.endsAt} />
            </Text>
          )}
          {row.bodyHtml ? <RichContent html={row.bodyHtml} label={t('announcements:body')} /> : null}
        </Stack>
      )}
    </Modal>
  );
};

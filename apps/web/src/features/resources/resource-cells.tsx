import { ActionIcon, Anchor, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFile, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResourceKind, ResourceRow } from '@klase/core/resources/contracts';
import { formatBytes } from '@klase/core/upload';
import { useTone } from '../../components/tones.ts';

/** The kind's icon, decorative (its name is written beside it). */
export const KIND_ICONS: Record<ResourceKind, typeof IconFile> = { file: IconFile, link: IconLink };

/** The title as what opens the resource: a link in a new tab (never with the opener), a file as a download. */
export const ResourceTitle = ({ row }: { row: ResourceRow }) => {
  const { t } = useTranslation('resources');
  if (row.kind === 'link' && row.url)
    return (
      <Anchor href={row.url} target="_blank" rel="noopener noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.title} <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
        <VisuallyHidden>{t('row.opensInNewTab')}</VisuallyHidden>
      </Anchor>
    );
  if (row.file)
    return (
      <Anchor href={row.file.downloadUrl} download={row.file.name} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.title} <VisuallyHidden>{t('row.download')}</VisuallyHidden>
      </Anchor>
    );
  return <Text fw={600}>{row.title}</Text>;
};

/** The kind with its icon; a file's size beside it. */
export const ResourceKindCell = ({ row }: { row: ResourceRow }) => {
  const { t } = useTranslation('resources');
  const muted = useTone('muted');
  const KindIcon = KIND_ICONS[row.kind];
  return (
    <Group gap={6} wrap="nowrap">
      <KindIcon size={16} aria-hidden="true" />
      <span>{t(`kinds.${row.kind}`)}</span>
      {row.file && (
        <Text span size="xs" c={muted} style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(row.file.size)}
        </Text>
      )}
    </Group>
  );
};

/** Edit and remove, for the one who added the resource and the school admin (`can.edit`). */
export const ResourceActions = ({ row, onEdit, onRemove }: { row: ResourceRow; onEdit: (row: ResourceRow) => void; onRemove: (row: ResourceRow) => void }) => {
  const { t } = useTranslation(['resources', 'components']);
  const muted = useTone('muted');
  const danger = useTone('danger');
  if (!row.can.edit) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('components:table.edit')}>
        <ActionIcon variant="subtle" color={muted} aria-label={t('row.edit', { title: row.title })} onClick={() => onEdit(row)}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('row.removeButton')}>
        <ActionIcon variant="subtle" color={danger} aria-label={t('row.remove', { title: row.title })} onClick={() => onRemove(row)}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

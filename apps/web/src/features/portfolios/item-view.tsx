import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardCheck, IconDownload, IconFile, IconLink, IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PortfolioFile, PortfolioItem, PortfolioItemKind, PortfolioWork } from '@klase/core/portfolios/contracts';
import { formatBytes } from '@klase/core/upload';
import { formatDate } from '../../components/date-text.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { fileHref } from './portfolios-api.ts';

const KIND_ICONS: Record<PortfolioItemKind, ReactNode> = {
  file: <IconFile size={18} />,
  reflection: <IconNotes size={18} />,
  link: <IconLink size={18} />,
  work: <IconClipboardCheck size={18} />,
};

/** The item's kind as an icon with its name beside (the name is the readable part). */
export const KindLabel = ({ kind }: { kind: PortfolioItemKind }) => {
  const { t } = useTranslation('portfolios');
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon variant="light" size="md" radius="sm" aria-hidden="true">
        {KIND_ICONS[kind]}
      </ThemeIcon>
      <Text size="sm" fw={500}>
        {t(`items.kinds.${kind}`)}
      </Text>
    </Group>
  );
};

/** A file to download: name, size, and the download button (always an attachment). */
const FileLine = ({ file }: { file: PortfolioFile }) => {
  const { t } = useTranslation('portfolios');
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
        <Text size="xs">{formatBytes(file.size)}</Text>
      </Stack>
      <Button
        component="a"
        href={fileHref(file.downloadUrl)}
        download={file.name}
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden="true" />}
        aria-label={t('items.downloadNamed', { name: file.name })}
      >
        {t('items.download')}
      </Button>
    </Group>
  );
};

/** Rich text under a visible label that also names its region. */
const Labelled = ({ label, children }: { label: string; children: string }) => (
  <Stack gap={2}>
    <Text size="sm" fw={600}>
      {label}
    </Text>
    <RichContent html={children} label={label} />
  </Stack>
);

/** A work item: the material and course, when it was handed in, its text and files, and the grade and feedback the owner chose to show. */
const WorkView = ({ work }: { work: PortfolioWork | null }) => {
  const { t } = useTranslation('portfolios');
  if (!work) return <Text size="sm">{t('items.workGone')}</Text>;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {work.materialName} · {work.courseName}
        </Text>
        {work.late && (
          <Badge variant="filled" color="gray.7">
            {t('items.late')}
          </Badge>
        )}
      </Group>
      {work.submittedAt && <Text size="sm">{t('items.submitted', { date: formatDate(work.submittedAt, 'short') })}</Text>}
      {work.grade && (
        <Text size="sm" fw={600} data-testid="work-grade">
          {t('items.grade')}: {work.grade.maxPoints === null ? work.grade.points : `${work.grade.points} / ${work.grade.maxPoints}`}
        </Text>
      )}
      {work.textHtml && <Labelled label={t('items.answer')}>{work.textHtml}</Labelled>}
      {work.files.length > 0 && (
        <Stack gap="xs">
          {work.files.map((f) => (
            <FileLine key={f.id} file={f} />
          ))}
        </Stack>
      )}
      {work.feedbackHtml && <Labelled label={t('items.feedback')}>{work.feedbackHtml}</Labelled>}
    </Stack>
  );
};

/** What an item holds, read-only: a file to download, a reflection, a link, or a piece of graded work. */
export const ItemBody = ({ item }: { item: PortfolioItem }) => {
  const { t } = useTranslation('portfolios');
  const body = (() => {
    switch (item.kind) {
      case 'file':
        return <FileLine file={item.file} />;
      case 'reflection':
        return <RichContent html={item.bodyHtml} label={t('items.reflection', { title: item.title })} />;
      case 'link':
        return (
          <Anchor href={item.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            {item.url}
          </Anchor>
        );
      case 'work':
        return <WorkView work={item.work} />;
    }
  })();
  return (
    <Stack gap="xs">
      {item.caption && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {item.caption}
        </Text>
      )}
      {body}
    </Stack>
  );
};

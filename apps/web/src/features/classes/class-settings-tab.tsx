import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassDetails } from '@klase/core/classes/contracts';
import { paths } from '../../config/paths.ts';
import { archiveClassCall, useClassDetails } from '../../api/class-api.ts';
import { ClassFormView } from './class-form.tsx';
import { ClassJoinPanel } from './class-join-panel.tsx';
import { useClassAction } from '../../lib/use-class-action.ts';

/** Archive (read-only roster and groups) or restore the class; both ask first. */
const ArchivePanel = ({ cls }: { cls: ClassDetails }) => {
  const { t } = useTranslation('classes');
  const { busy, run } = useClassAction(cls.id);
  const key = cls.archived ? 'restore' : 'archive';
  const act = () =>
    void run(key, {
      ask: { title: t(`archive.${key}Title`), message: t(`archive.${key}Confirm`), confirmLabel: t(`archive.${key}`), danger: !cls.archived },
      success: t(`archive.${key}d`),
      send: () => archiveClassCall(cls.id, !cls.archived),
    });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {t(`archive.${key}Title`)}
        </Title>
        <Text size="sm">{t(`archive.${key}Text`)}</Text>
        <Button
          color={cls.archived ? undefined : 'red.9'}
          variant={cls.archived ? 'default' : 'filled'}
          leftSection={cls.archived ? <IconArchiveOff size={16} aria-hidden="true" /> : <IconArchive size={16} aria-hidden="true" />}
          loading={busy === key}
          onClick={act}
        >
          {t(`archive.${key}`)}
        </Button>
      </Stack>
    </Paper>
  );
};

/** `#/classes/:id/settings` (teachers of the class, school administrators): details, joining, archive. */
export const ClassSettingsTab = () => {
  const { t } = useTranslation('classes');
  const { id = '' } = useParams();
  const q = useClassDetails(id);
  if (q.isPending) return <Skeleton height={320} radius="md" />;
  if (q.isError) return null;
  const cls = q.data;
  if (!cls.can.manage) return <Navigate to={paths.notFound.to()} replace />;
  return (
    <Stack gap="lg" maw={860}>
      <Title order={2} size="h3">
        {t('titles.settings')}
      </Title>
      <ClassFormView key={cls.version} cls={cls} />
      {cls.join && <ClassJoinPanel cls={cls} join={cls.join} />}
      <ArchivePanel cls={cls} />
    </Stack>
  );
};

import { useCallback } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProgressRow } from '@klase/core/class-work/contracts';

/** Time spent as hours and minutes ("1 h 5 min", "12 min", "0 min"). */
export const useDuration = () => {
  const { t } = useTranslation('classWork');
  return useCallback(
    (seconds: number) => {
      const minutes = Math.floor(Math.max(0, seconds) / 60);
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return h > 0 ? t('progress.hoursMinutes', { hours: h, minutes: m }) : t('progress.minutes', { minutes: m });
    },
    [t],
  );
};

/**
 * "2 of 4" and "50%" beside a progress bar. The bar is a named progressbar (its value is the
 * percent); the text is visible so nothing depends on colour.
 */
export const ProgressFigure = ({ row }: { row: Pick<ProgressRow, 'completed' | 'assigned' | 'percent' | 'name'> }) => {
  const { t } = useTranslation('classWork');
  const percent = Math.max(0, Math.min(100, row.percent));
  return (
    <Stack gap={4} miw={140}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{t('progress.completedOf', { completed: row.completed, assigned: row.assigned })}</Text>
        <Text size="sm" fw={700}>
          {`${percent}%`}
        </Text>
      </Group>
      <Progress.Root size="md">
        <Progress.Section value={percent} aria-label={t('progress.barLabel', { name: row.name })} />
      </Progress.Root>
    </Stack>
  );
};

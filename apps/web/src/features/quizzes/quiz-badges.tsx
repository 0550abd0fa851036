import { Badge } from '@mantine/core';
import { IconCheck, IconHourglass, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/* Filled badges with white text: teal.9, red.9, violet.9 and gray.7 keep AA contrast. */

/** Passed or not; nothing while there is no grade. */
export const PassBadge = ({ passed }: { passed: boolean | null }) => {
  const { t } = useTranslation('quizzes');
  if (passed === null) return null;
  return (
    <Badge
      variant="filled"
      color={passed ? 'teal.9' : 'red.9'}
      c="white"
      tt="none"
      leftSection={passed ? <IconCheck size={14} aria-hidden="true" /> : <IconX size={14} aria-hidden="true" />}
    >
      {t(passed ? 'result.passed' : 'result.failed')}
    </Badge>
  );
};

/** Work waiting for the teacher (an essay not graded yet). */
export const PendingBadge = ({ label }: { label: string }) => (
  <Badge variant="filled" color="violet.9" c="white" tt="none" leftSection={<IconHourglass size={12} aria-hidden="true" />}>
    {label}
  </Badge>
);

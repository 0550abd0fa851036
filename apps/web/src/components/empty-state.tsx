import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTone } from './tones.ts';

/** The spec's empty texts (section 8), as keys of the `components` namespace. */
export const EMPTY_TEXTS = {
  noRecords: 'noRecordsFound',
  noResults: 'noResults',
  noEvents: 'empty.noEvents',
  noUpcomingEvents: 'empty.noUpcomingEvents',
  noPosts: 'empty.noPosts',
  noConversation: 'empty.noConversation',
  contentUnavailable: 'empty.contentUnavailable',
} as const;
export type EmptyKind = keyof typeof EMPTY_TEXTS;

interface EmptyStateProps {
  /** One of the spec's empty texts. */
  kind?: EmptyKind;
  /** An already translated text, used instead of `kind`. */
  text?: string;
  icon?: ReactNode;
  /** Optional action (a button) under the text. */
  children?: ReactNode;
}

/** An icon with one of the spec's empty texts, announced politely. */
export const EmptyState = ({ kind = 'noRecords', text, icon, children }: EmptyStateProps) => {
  const { t } = useTranslation('components');
  const muted = useTone('muted');
  return (
    <Stack align="center" gap="xs" py="lg" role="status" data-testid="empty-state">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden="true">
        {icon ?? <IconInbox size={28} />}
      </ThemeIcon>
      <Text c={muted} ta="center" fw={500}>
        {text ?? t(EMPTY_TEXTS[kind])}
      </Text>
      {children}
    </Stack>
  );
};

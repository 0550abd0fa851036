import { useId, type ReactNode } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { useErrorMessage } from './error-text.tsx';
import { useTone } from './tones.ts';

type ListQuery = Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;

interface ListCardProps {
  title: string;
  icon: ReactNode;
  /** Counts beside the title, once loaded. */
  summary?: string | null;
  /** Whose list (a parent's child). */
  subtitle?: string | null;
  /** Absent: the card shows `empty` only (nothing to ask for). */
  query?: ListQuery;
  /** The empty text when there is nothing to list (null: the items follow). */
  empty: string | null;
  children?: ReactNode;
  testId: string;
  /** A button beside the title (e.g. "New announcement"). */
  action?: ReactNode;
}

/** A dashboard card with a list: skeleton rows while loading, the error with a retry, the empty text, or the items. */
export const ListCard = ({ title, icon, summary, subtitle, query, empty, children, testId, action }: ListCardProps) => {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const muted = useTone('muted');
  const danger = useTone('danger');
  const message = useErrorMessage();
  let body: ReactNode;
  if (query?.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" data-testid="list-loading">
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        {Array.from({ length: 3 }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width="70%" radius="sm" />
            <Skeleton height={10} width="45%" radius="sm" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (query?.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text role="alert" c={danger} size="sm">
          {t('loadError')} {message(query.error)}
        </Text>
        <Button variant="light" size="xs" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  } else if (empty !== null) {
    body = <EmptyState text={empty} />;
  } else {
    body = (
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid={testId} data-tour={testId}>
      <Group gap="xs" justify="space-between" mb={subtitle ? 0 : 'xs'}>
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
        </Group>
        {summary ? (
          <Text size="sm" c={muted}>
            {summary}
          </Text>
        ) : null}
        {action}
      </Group>
      {subtitle ? (
        <Text size="sm" c={muted} mb="xs">
          {subtitle}
        </Text>
      ) : null}
      {body}
    </Card>
  );
};

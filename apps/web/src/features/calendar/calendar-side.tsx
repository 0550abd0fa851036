import { useId, type ReactNode } from 'react';
import { Anchor, Button, Card, Checkbox, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { EVENT_KINDS, KIND_COLORS, KindIcon, colorKeyOf, type EventKind } from './event-kinds.tsx';
import { useWhenText } from './when-text.ts';
import classes from './calendar-side.module.css';

type ListAnswer = Pick<UseQueryResult<{ items: CalendarOccurrence[] }>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;

const SideCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
};

/** One line of a list: the kind's icon and colour bar, the title (opens the details) and when. */
const OccurrenceLine = ({ o, onOpen }: { o: CalendarOccurrence; onOpen: (o: CalendarOccurrence) => void }) => {
  const { t } = useTranslation('calendar');
  const muted = useTone('muted');
  const when = useWhenText();
  const key = colorKeyOf(o);
  return (
    <li className={classes.line} style={{ borderInlineStartColor: KIND_COLORS[key] }}>
      <UnstyledButton onClick={() => onOpen(o)} className={classes.open}>
        <Group gap={6} wrap="nowrap">
          <KindIcon kind={key} color={KIND_COLORS[key]} />
          <Text fw={600} size="sm" lineClamp={2}>
            {o.title}
          </Text>
        </Group>
        <Text size="xs" c={muted}>
          {t(`kinds.${key}`)} · {when(o)}
        </Text>
      </UnstyledButton>
    </li>
  );
};

/** A list of occurrences: skeleton while loading, the error with a retry, the empty text or the lines. */
export const OccurrenceList = ({ answer, empty, onOpen }: { answer: ListAnswer; empty: string; onOpen: (o: CalendarOccurrence) => void }) => {
  const { t } = useTranslation('calendar');
  if (answer.isPending) return <Skeleton height={48} role="status" aria-label={t('loading')} />;
  if (answer.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <ErrorText error={answer.error} />
        <Button size="xs" variant="light" onClick={() => void answer.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const items = answer.data?.items ?? [];
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className={classes.list}>
      {items.map((o) => (
        <OccurrenceLine key={`${o.kind}:${o.id}:${o.occurrence}`} o={o} onOpen={onOpen} />
      ))}
    </ul>
  );
};

export const UpcomingCard = ({ answer, onOpen }: { answer: ListAnswer; onOpen: (o: CalendarOccurrence) => void }) => {
  const { t } = useTranslation(['calendar', 'components']);
  return (
    <SideCard title={t('upcoming')}>
      <OccurrenceList answer={answer} empty={t('components:empty.noUpcomingEvents')} onOpen={onOpen} />
    </SideCard>
  );
};

/** Overdue work: each line leads to the material. */
export const OverdueCard = ({ answer }: { answer: ListAnswer }) => {
  const { t } = useTranslation('calendar');
  const when = useWhenText();
  const danger = useTone('danger');
  const items = answer.data?.items ?? [];
  if (!answer.isError && items.length === 0) return null;
  return (
    <SideCard title={t('overdue')}>
      {answer.isError ? (
        <ErrorText error={answer.error} />
      ) : (
        <ul className={classes.list}>
          {items.map((o) => (
            <li key={o.id} className={classes.line} style={{ borderInlineStartColor: KIND_COLORS.overdue }}>
              <Anchor component={Link} to={o.due?.link ?? '#'} fw={600} size="sm">
                {o.title}
              </Anchor>
              <Text size="xs" c={danger}>
                {t('kinds.overdue')} · {when(o)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
};

/** Show or hide each kind of event (remembered per user). */
export const KindFilters = ({ hidden, onToggle }: { hidden: readonly EventKind[]; onToggle: (kind: EventKind, shown: boolean) => void }) => {
  const { t } = useTranslation('calendar');
  return (
    <SideCard title={t('show')}>
      <Stack gap={6}>
        {EVENT_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            checked={!hidden.includes(kind)}
            onChange={(e) => onToggle(kind, e.currentTarget.checked)}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <KindIcon kind={kind} color={KIND_COLORS[kind]} />
                {t(`kinds.${kind}`)}
              </Group>
            }
          />
        ))}
      </Stack>
    </SideCard>
  );
};

import { useId } from 'react';
import { Anchor, Badge, Box, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/date-text.tsx';
import css from './journey.module.css';
import { isReachable, type JourneyElement, type PathStop } from './journey-state.ts';
import { useMaterialTypeLabel } from '../../components/material-types.tsx';
import { StopMark, useStopStateText } from './stop-state.tsx';

const MARK_COLOR = { done: 'teal.9', current: 'indigo.8', open: 'indigo.8', locked: 'gray.7', unavailable: 'gray.7' } as const;

interface StopLinks {
  href: (stop: PathStop) => string;
  /** A locked stop's name is a button that says what to finish first. */
  onLocked: (stop: PathStop) => void;
}

const StopRow = ({ stop, number, href, onLocked }: { stop: PathStop; number: number } & StopLinks) => {
  const { t } = useTranslation('materials');
  const stateText = useStopStateText();
  const typeLabel = useMaterialTypeLabel();
  const reachable = isReachable(stop.state);
  const current = stop.state === 'current';
  return (
    <li className={css.listItem} data-current={current || undefined} data-state={stop.state ?? undefined} aria-current={current ? 'step' : undefined}>
      <ThemeIcon
        size={32}
        radius="xl"
        color={stop.state ? MARK_COLOR[stop.state] : 'indigo.8'}
        variant={stop.state === 'open' ? 'outline' : 'filled'}
        aria-hidden="true"
      >
        <StopMark stop={stop} number={number} size={16} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        {reachable ? (
          <Anchor component={Link} to={href(stop)} className={css.listLink}>
            {stop.name}
          </Anchor>
        ) : stop.state === 'locked' ? (
          <Anchor component="button" type="button" className={css.listLink} ta="start" onClick={() => onLocked(stop)} aria-haspopup="dialog">
            {stop.name}
          </Anchor>
        ) : (
          <Text className={css.listLink}>{stop.name}</Text>
        )}
        <Text size="xs">
          {typeLabel(stop.type)}
          {stop.dueAt && (
            <>
              {' · '}
              {t('journey.due')} <DateText value={stop.dueAt} />
            </>
          )}
        </Text>
      </Stack>
      {current ? (
        <Badge variant="filled" color={MARK_COLOR.current} c="white" style={{ flexShrink: 0 }} tt="none">
          {stateText(stop)}
        </Badge>
      ) : (
        stop.state && (
          <Text size="xs" fw={600} ta="right" style={{ flexShrink: 0, maxWidth: '40%' }}>
            {stateText(stop)}
          </Text>
        )
      )}
    </li>
  );
};

/**
 * The journey as an ordered list, element by element: each stop's name (a link when it can be
 * opened, a button saying what to finish first when locked), type, due date and state in words.
 * Numbers run on across elements.
 */
export const JourneyList = ({ elements, href, onLocked }: { elements: JourneyElement[] } & StopLinks) => {
  const { t } = useTranslation('materials');
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('journey.listTitle')}
      </Title>
      {elements.map((e) => (
        <Box key={e.id}>
          <Title order={4} size="h5" mb={4} style={{ overflowWrap: 'anywhere' }}>
            {e.name}
          </Title>
          {e.stops.length === 0 ? (
            <Text size="sm">{t('journey.emptyElement')}</Text>
          ) : (
            <ol start={e.firstNumber} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {e.stops.map((s, i) => (
                <StopRow key={s.materialId} stop={s} number={e.firstNumber + i} href={href} onLocked={onLocked} />
              ))}
            </ol>
          )}
        </Box>
      ))}
    </Stack>
  );
};

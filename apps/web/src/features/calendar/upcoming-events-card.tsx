import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { useUpcoming } from './calendar-api.ts';
import { KIND_COLORS, KindIcon, colorKeyOf } from './event-kinds.tsx';
import { useWhenText } from './when-text.ts';
import { ListCard } from '../../components/list-card.tsx';

/** One upcoming event or due date: its kind, its title linking to the calendar (due work: to the material), when. */
const UpcomingRow = ({ o }: { o: CalendarOccurrence }) => {
  const { t } = useTranslation('calendar');
  const muted = useTone('muted');
  const when = useWhenText();
  const key = colorKeyOf(o);
  const context = [o.context.className, o.context.courseName, o.context.groupName].filter(Boolean).join(' · ');
  return (
    <li data-testid="upcoming-item">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <KindIcon kind={key} size={18} color={KIND_COLORS[key]} style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={o.due ? o.due.link : paths.calendar.to()} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {o.title}
            <VisuallyHidden> ({t(`kinds.${key}`)})</VisuallyHidden>
          </Anchor>
          <Text size="sm" c={muted} style={{ overflowWrap: 'anywhere' }}>
            {[t(`kinds.${key}`), when(o), context].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
    </li>
  );
};

/**
 * The dashboard's "Upcoming events" (`GET /api/calendar/upcoming`): the user's, or a parent's
 * selected child's (`childId`); "No upcoming events." when there is none.
 */
export const UpcomingEventsCard = ({ childId, subtitle }: { childId: string | null; subtitle?: string | null }) => {
  const { t } = useTranslation(['common', 'components']);
  const q = useUpcoming(childId);
  const items = q.data?.items ?? [];
  return (
    <ListCard
      title={t('dashboard.upcomingEvents')}
      icon={<IconCalendarEvent size={20} aria-hidden="true" />}
      subtitle={subtitle}
      query={q}
      empty={items.length === 0 ? t('components:empty.noUpcomingEvents') : null}
      testId="upcoming-events"
    >
      {items.map((o) => (
        <UpcomingRow key={`${o.kind}:${o.id}:${o.occurrence}`} o={o} />
      ))}
    </ListCard>
  );
};

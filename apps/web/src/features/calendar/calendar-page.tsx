import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Stack, Switch } from '@mantine/core';
import { IconPlus, IconRss } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, type CalendarOccurrence, type EventDetails } from '@klase/core/calendar/contracts';
import { ROLE } from '@klase/core/roles';
import { cleanChildName } from '@klase/core/status';
import { NARROW_QUERY } from '../../components/data-table/types.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../lib/session-store.ts';
import { useCalendarOptions, useCalendarRange, useOverdue, useUpcoming } from './calendar-api.ts';
import { useHiddenKinds, useViewAsParent } from './calendar-prefs.ts';
import { KindFilters, OverdueCard, UpcomingCard } from './calendar-side.tsx';
import { CalendarView, type ViewKey } from './calendar-view.tsx';
import { EventDetailsDialog } from './event-details-dialog.tsx';
import { EventFormDialog, type EventEditing } from './event-form-dialog.tsx';
import { kindOf } from './event-kinds.tsx';
import { FeedDialog } from './feed-dialog.tsx';

/** Today in a time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Phones start on the list, wider screens on the month. */
const firstView = (): ViewKey => (typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches ? 'list' : 'month');

/**
 * Whose calendar: a parent with "View as parent" on sees the selected child's (null until one is
 * chosen), off their own; everyone else their own.
 */
const useCalendarOwner = () => {
  const { t } = useTranslation('calendar');
  const roleId = useSession((s) => s.profile?.roleId);
  const children = useSession((s) => s.childrenList);
  const selected = useSession((s) => s.selectedChildId);
  const [asParent, setAsParent] = useViewAsParent();
  const parent = roleId === ROLE.parent;
  const child = parent && asParent ? (children.find((c) => c.id === selected) ?? null) : null;
  const toggle = parent ? (
    <Switch
      checked={asParent}
      onChange={(e) => setAsParent(e.currentTarget.checked)}
      label={t('viewAsParent')}
      description={child ? t('viewAsParentOn', { name: cleanChildName(child.name) || child.username }) : asParent ? t('pickChild') : t('viewAsParentOff')}
    />
  ) : null;
  return { childId: child?.id ?? null, waiting: parent && asParent && !child, toggle };
};

/**
 * `#/calendar` (issue 17): the views, the upcoming and overdue lists, show/hide per kind, a new
 * event, the details of an occurrence (edit, delete), the subscription, and a parent's toggle.
 */
export const CalendarPage = () => {
  const { t } = useTranslation('calendar');
  const { childId, waiting, toggle } = useCalendarOwner();
  const [initialView] = useState(firstView);
  const [range, setRange] = useState({ from: '', to: '' });
  const { hidden, toggle: toggleKind } = useHiddenKinds();
  const events = useCalendarRange(waiting ? '' : range.from, range.to, childId);
  const upcoming = useUpcoming(childId, !waiting);
  const overdue = useOverdue(childId);
  const options = useCalendarOptions();
  const [opened, setOpened] = useState<CalendarOccurrence | null>(null);
  const [form, setForm] = useState<{ editing: EventEditing | null } | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const items = useMemo(() => (events.data?.items ?? []).filter((o) => !hidden.includes(kindOf(o))), [events.data, hidden]);
  const canCreate = (options.data?.types.length ?? 0) > 0;
  const edit = (details: EventDetails) => {
    setForm({ editing: { details, occurrence: opened } });
    setOpened(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeading />
        <Group gap="sm">
          <Button variant="default" leftSection={<IconRss size={16} aria-hidden="true" />} onClick={() => setSubscribing(true)}>
            {t('subscribe')}
          </Button>
          {canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setForm({ editing: null })}>
              {t('newEvent')}
            </Button>
          )}
        </Group>
      </Group>
      {toggle}
      {waiting && <Alert color="blue">{t('pickChild')}</Alert>}
      <ErrorText error={events.error} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <CalendarView items={items} initialView={initialView} timeZone={options.data?.timeZone ?? DEFAULT_TIME_ZONE} onRange={setRange} onOpen={setOpened} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="md">
            <OverdueCard answer={overdue} />
            <UpcomingCard answer={upcoming} onOpen={setOpened} />
            <KindFilters hidden={hidden} onToggle={toggleKind} />
          </Stack>
        </Grid.Col>
      </Grid>
      {opened && <EventDetailsDialog occurrence={opened} onEdit={edit} onClose={() => setOpened(null)} />}
      {form && options.data && (
        <EventFormDialog editing={form.editing} defaultDate={todayIn(options.data.timeZone)} options={options.data} onClose={() => setForm(null)} />
      )}
      {subscribing && <FeedDialog onClose={() => setSubscribing(false)} />}
    </Stack>
  );
};

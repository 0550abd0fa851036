import { useMemo, useRef, useState } from 'react';
import { Box, Button, Group, SegmentedControl, Title, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import FullCalendar, { type CalendarRef, type EventDisplayInfo, type EventInput, type LocaleInput } from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import listPlugin from '@fullcalendar/react/list';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import { intlLocale } from '../../lib/dates.ts';
import { KIND_COLORS, KIND_TEXT_COLOR, KindIcon, colorKeyOf } from './event-kinds.tsx';
import classes from './calendar-view.module.css';
import { wallClockNowIn } from './wall-clock.ts';

/** The views of the switcher and FullCalendar's name for each. */
export const VIEWS = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth', year: 'multiMonthYear', list: 'listWeek' } as const;
export type ViewKey = keyof typeof VIEWS;
const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, multiMonthPlugin, listPlugin];
const DAY_MS = 86_400_000;

/** A FullCalendar range (UTC dates holding wall-clock days, end exclusive) as the API's inclusive days. */
export const rangeOf = (start: Date, end: Date): { from: string; to: string } => ({
  from: start.toISOString().slice(0, 10),
  to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
});

/** An occurrence as FullCalendar's event: the wall-clock strings as they are (the calendar runs in UTC). */
export const toEventInput = (o: CalendarOccurrence): EventInput => {
  const color = KIND_COLORS[colorKeyOf(o)];
  return {
    id: `${o.kind}:${o.id}:${o.occurrence}`,
    title: o.title,
    start: o.start,
    end: o.allDay || o.end === null ? undefined : o.end,
    allDay: o.allDay,
    color,
    contrastColor: KIND_TEXT_COLOR,
    extendedProps: { occurrence: o },
  };
};

const occurrenceOf = (info: { event: { extendedProps: Record<string, unknown> } }) => info.event.extendedProps.occurrence as CalendarOccurrence;

/** An event's face: the kind's icon and name (spoken), the time and the title. */
const EventFace = ({ info }: { info: EventDisplayInfo }) => {
  const { t } = useTranslation('calendar');
  const o = occurrenceOf(info);
  const key = colorKeyOf(o);
  return (
    <span className={classes.face} data-kind={key} data-calendar-event>
      <KindIcon kind={key} />
      <VisuallyHidden>{t(`kinds.${key}`)}:</VisuallyHidden>
      {info.timeText && <span className={classes.time}>{info.timeText}</span>}
      <span className={classes.title}>{info.event.title}</span>
    </span>
  );
};

interface CalendarViewProps {
  items: CalendarOccurrence[];
  initialView: ViewKey;
  /** The school's time zone: the calendar's today. */
  timeZone: string;
  onRange: (range: { from: string; to: string }) => void;
  onOpen: (occurrence: CalendarOccurrence) => void;
}

/**
 * FullCalendar (day, week, month, year, list) with the app's own toolbar: buttons and a segmented
 * view switcher that work with the keyboard and speak the app's language. The calendar runs in
 * UTC so the API's wall-clock strings show unconverted; day and month names come from Intl in the
 * user's language.
 */
export const CalendarView = ({ items, initialView, timeZone, onRange, onOpen }: CalendarViewProps) => {
  const { t, i18n } = useTranslation('calendar');
  const scheme = useComputedColorScheme('light');
  const ref = useRef<CalendarRef>(null);
  const [view, setView] = useState<ViewKey>(initialView);
  const [title, setTitle] = useState('');
  const events = useMemo(() => items.map(toEventInput), [items]);
  const locale = useMemo<LocaleInput>(
    () => ({
      code: intlLocale(i18n.language),
      allDayText: t('allDay'),
      noEventsText: t('components:empty.noEvents'),
      moreLinkText: (n: number) => t('more', { count: n }),
    }),
    [i18n.language, t],
  );
  const api = () => ref.current?.getApi();
  const change = (key: ViewKey) => {
    setView(key);
    api()?.changeView(VIEWS[key]);
  };

  return (
    <Box className={classes.root} data-color-scheme={scheme}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Button variant="default" size="sm" px={8} aria-label={t('prev')} onClick={() => api()?.prev()}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </Button>
          <Button variant="default" size="sm" onClick={() => api()?.today()}>
            {t('today')}
          </Button>
          <Button variant="default" size="sm" px={8} aria-label={t('next')} onClick={() => api()?.next()}>
            <IconChevronRight size={18} aria-hidden="true" />
          </Button>
        </Group>
        <Title order={2} size="h4" aria-live="polite" data-testid="calendar-title">
          {title}
        </Title>
        <SegmentedControl
          aria-label={t('viewLabel')}
          size="sm"
          value={view}
          onChange={(v) => change(v as ViewKey)}
          data={(Object.keys(VIEWS) as ViewKey[]).map((k) => ({ value: k, label: t(`views.${k}`) }))}
        />
      </Group>
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={VIEWS[initialView]}
        headerToolbar={false}
        timeZone="UTC"
        now={() => wallClockNowIn(timeZone)}
        colorScheme={scheme}
        locale={locale}
        height="auto"
        events={events}
        eventInteractive
        eventDisplay="block"
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit' }}
        dayMaxEvents={3}
        multiMonthMaxColumns={3}
        eventContent={(info: EventDisplayInfo) => <EventFace info={info} />}
        eventDidMount={({ el }) => {
          // The list view puts its events, which are buttons here (keyboard), in a role="list":
          // a list may hold only list items (axe: aria-required-children), so it becomes a group.
          if (el.parentElement?.getAttribute('role') === 'list' && el.getAttribute('role') === 'button') el.parentElement.setAttribute('role', 'group');
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(occurrenceOf(info));
        }}
        datesSet={(info) => {
          setTitle(info.view.title);
          onRange(rangeOf(info.start, info.end));
        }}
      />
    </Box>
  );
};

import {
  IconAlertTriangle,
  IconBook,
  IconBuildingCommunity,
  IconClockHour4,
  IconSchool,
  IconUser,
  IconUsersGroup,
  type Icon,
  type IconProps,
} from '@tabler/icons-react';
import type { CalendarOccurrence, EventType } from '@klase/core/calendar/contracts';

/** What the calendar colours and filters by: the event's type, or a due date of class work. */
export const EVENT_KINDS = ['school', 'class', 'course', 'group', 'user', 'due'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * One dark background per kind under white text (contrast at least 4.5:1, so the same colours
 * serve the light and the dark theme); due dates are orange and overdue work red, apart from every
 * event colour. Colour is never the only sign: each kind has its icon and its name (spoken and in
 * the details).
 */
export const KIND_COLORS: Record<EventKind | 'overdue', string> = {
  school: '#5f3dc4',
  class: '#1864ab',
  course: '#087f5b',
  group: '#a61e4d',
  user: '#495057',
  due: '#a84300',
  overdue: '#c92a2a',
};
export const KIND_TEXT_COLOR = '#ffffff';

export const KIND_ICONS: Record<EventKind | 'overdue', Icon> = {
  school: IconBuildingCommunity,
  class: IconSchool,
  course: IconBook,
  group: IconUsersGroup,
  user: IconUser,
  due: IconClockHour4,
  overdue: IconAlertTriangle,
};

export const kindOf = (o: Pick<CalendarOccurrence, 'kind' | 'type'>): EventKind => (o.kind === 'due' ? 'due' : (o.type ?? 'user'));

/** The colour key of an occurrence: overdue work apart from due work. */
export const colorKeyOf = (o: Pick<CalendarOccurrence, 'kind' | 'type' | 'due'>): EventKind | 'overdue' =>
  o.kind === 'due' && o.due?.overdue ? 'overdue' : kindOf(o);

export const KindIcon = ({ kind, ...props }: { kind: EventKind | 'overdue' } & IconProps) => {
  const KindGlyph = KIND_ICONS[kind];
  return <KindGlyph size={14} aria-hidden="true" {...props} />;
};

export const isEventType = (k: EventKind): k is EventType => k !== 'due';

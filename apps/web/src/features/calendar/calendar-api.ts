import { useQuery } from '@tanstack/react-query';
import {
  CALENDAR_PATH,
  type CalendarFeed,
  type CalendarOccurrence,
  type CalendarOptions,
  type CalendarRange,
  type EditScope,
  type EventDetails,
  type EventFormValues,
} from '@klase/core/calendar/contracts';
import { apiFetch } from '../../api/http.ts';

/**
 * The calendar API (packages/core/src/calendar/contracts.ts). Everything sits under `['calendar']`,
 * so a saved or deleted event refreshes the views, the side lists and the dashboard box at once.
 */
const query = (params: Record<string, string | null | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  const text = qs.toString();
  return text ? `?${text}` : '';
};

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string, childId: string | null) => ['calendar', 'events', from, to, childId ?? 'self'] as const,
  upcoming: (childId: string | null) => ['calendar', 'upcoming', childId ?? 'self'] as const,
  overdue: (childId: string | null) => ['calendar', 'overdue', childId ?? 'self'] as const,
  options: ['calendar', 'options'] as const,
  event: (id: string) => ['calendar', 'event', id] as const,
  feed: ['calendar', 'feed'] as const,
};

/** The occurrences starting on a day of [from, to] (inclusive), of the user or a parent's child. */
export const useCalendarRange = (from: string, to: string, childId: string | null) =>
  useQuery({
    queryKey: calendarKeys.range(from, to, childId),
    queryFn: ({ signal }) => apiFetch<CalendarRange>(`${CALENDAR_PATH}/events${query({ from, to, childId })}`, { signal }),
    enabled: from !== '' && to !== '',
    placeholderData: (previous) => previous,
  });

/** Events and due dates of the next two weeks, soonest first (the side list and the dashboard box). */
export const useUpcoming = (childId: string | null, enabled = true) =>
  useQuery({
    queryKey: calendarKeys.upcoming(childId),
    queryFn: ({ signal }) => apiFetch<{ items: CalendarOccurrence[] }>(`${CALENDAR_PATH}/upcoming${query({ childId })}`, { signal }),
    enabled,
  });

/** Work past due and not handed in, oldest first. */
export const useOverdue = (childId: string | null) =>
  useQuery({
    queryKey: calendarKeys.overdue(childId),
    queryFn: ({ signal }) => apiFetch<{ items: CalendarOccurrence[] }>(`${CALENDAR_PATH}/overdue${query({ childId })}`, { signal }),
  });

/** What the signed-in user may create (types, and the classes, courses and groups they teach). */
export const useCalendarOptions = (enabled = true) =>
  useQuery({
    queryKey: calendarKeys.options,
    queryFn: ({ signal }) => apiFetch<CalendarOptions>(`${CALENDAR_PATH}/options`, { signal }),
    enabled,
  });

/** The stored event behind an occurrence (its series' form values). */
export const useEventDetails = (id: string | null) =>
  useQuery({
    queryKey: calendarKeys.event(id ?? ''),
    queryFn: ({ signal }) => apiFetch<EventDetails>(`${CALENDAR_PATH}/events/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });

export const createEventCall = (event: EventFormValues) => apiFetch<EventDetails>(`${CALENDAR_PATH}/events`, { method: 'POST', body: event });

export const updateEventCall = (id: string, event: EventFormValues, scope: EditScope, occurrence: string | null) =>
  apiFetch<EventDetails>(`${CALENDAR_PATH}/events/${encodeURIComponent(id)}`, { method: 'PATCH', body: { event, scope, occurrence } });

export const deleteEventCall = (id: string, scope: EditScope, occurrence: string | null) =>
  apiFetch<void>(`${CALENDAR_PATH}/events/${encodeURIComponent(id)}${query({ scope, occurrence })}`, { method: 'DELETE' });

export const useFeed = () =>
  useQuery({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => apiFetch<CalendarFeed>(`${CALENDAR_PATH}/feed`, { signal }),
  });

/** A new private URL (the old one stops working). */
export const createFeedCall = () => apiFetch<CalendarFeed>(`${CALENDAR_PATH}/feed`, { method: 'POST' });
export const revokeFeedCall = () => apiFetch<void>(`${CALENDAR_PATH}/feed`, { method: 'DELETE' });

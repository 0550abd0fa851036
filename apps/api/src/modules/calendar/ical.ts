import type { EventRecord, ExceptionRecord } from './calendar.repo.ts';
import { shapeOf } from './occurrences.ts';
import { isOccurrence, occurrenceKeys, ruleText } from './recurrence.ts';
import { addDays, floating, instantOf, offsetMinutes } from './zone.ts';

/**
 * RFC 5545 text of a calendar feed (issue 17), written here rather than with `ical-generator`
 * (docs/decisions/0045-calendar-api.md): CRLF lines folded at 75 octets, TEXT escaped, a VTIMEZONE of
 * the school's zone built from the runtime's zone data, series as RRULE with EXDATE, edited
 * occurrences as RECURRENCE-ID overrides, all-day events as VALUE=DATE.
 */

const encoder = new TextEncoder();

/** One content line, folded so no line passes 75 octets (never inside a UTF-8 character). */
export const fold = (line: string): string => {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (octets + n > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
};

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export const escapeText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const compact = (iso: string): string => iso.replace(/[-:]/g, '');
/** `YYYYMMDD` of a date. */
const dateValue = (date: string): string => compact(date);
/** `YYYYMMDDTHHMMSS` of a wall-clock date and time. */
const localValue = (date: string, time: string): string => `${compact(date)}T${compact(time)}00`;
/** `YYYYMMDDTHHMMSSZ` of an instant. */
export const utcValue = (d: Date): string => `${compact(d.toISOString().slice(0, 19))}Z`;

const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** Offset changes of the zone between two instants (found day by day, then to the minute). */
const transitions = (timeZone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] => {
  const found: { at: Date; before: number; after: number }[] = [];
  const DAY = 86_400_000;
  for (let t = from.getTime(); t < to.getTime(); t += DAY) {
    const before = offsetMinutes(new Date(t), timeZone);
    const after = offsetMinutes(new Date(t + DAY), timeZone);
    if (before === after) continue;
    let lo = t;
    let hi = t + DAY;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(new Date(mid), timeZone) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: new Date(hi), before, after });
  }
  return found;
};

/** The VTIMEZONE of `timeZone` for the years `fromYear`…`toYear`, from the runtime's zone data. */
export const vtimezone = (timeZone: string, fromYear: number, toYear: number): string[] => {
  const start = new Date(Date.UTC(fromYear, 0, 1));
  const first = offsetMinutes(start, timeZone);
  const changes = transitions(timeZone, start, new Date(Date.UTC(toYear + 1, 0, 1)));
  const standard = Math.min(first, ...changes.map((c) => c.after));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const part = (kind: string, localStart: Date, before: number, after: number) =>
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${compact(localStart.toISOString().slice(0, 19))}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    );
  part(first > standard ? 'DAYLIGHT' : 'STANDARD', new Date(start.getTime() + first * 60_000), first, first);
  for (const c of changes) part(c.after > standard ? 'DAYLIGHT' : 'STANDARD', new Date(c.at.getTime() + c.before * 60_000), c.before, c.after);
  lines.push('END:VTIMEZONE');
  return lines;
};

/** DTSTART/DTEND/RECURRENCE-ID/EXDATE value of a wall-clock start (a date for all-day). */
const when = (name: string, timeZone: string, date: string, time: string | null): string =>
  time === null ? `${name};VALUE=DATE:${dateValue(date)}` : `${name};TZID=${timeZone}:${localValue(date, time)}`;

const end = (timeZone: string, date: string, time: string | null, durationMinutes: number | null): string[] => {
  if (time === null) return [`DTEND;VALUE=DATE:${dateValue(new Date(floating(date).getTime() + 86_400_000).toISOString().slice(0, 10))}`];
  if (durationMinutes === null) return [];
  const e = new Date(floating(date, time).getTime() + durationMinutes * 60_000).toISOString();
  return [when('DTEND', timeZone, e.slice(0, 10), e.slice(11, 16))];
};

export interface FeedItem {
  uid: string;
  date: string;
  time: string | null;
  durationMinutes: number | null;
  title: string;
  description: string;
  location: string;
  url: string;
}

const describe = (x: FeedItem): string[] => [
  `SUMMARY:${escapeText(x.title)}`,
  ...(x.description ? [`DESCRIPTION:${escapeText(x.description)}`] : []),
  ...(x.location ? [`LOCATION:${escapeText(x.location)}`] : []),
  ...(x.url ? [`URL:${x.url}`] : []),
];

/** One VEVENT (a one-off, a due date, or an override with `recurrenceId`). */
const vevent = (x: FeedItem, timeZone: string, stamp: string, extra: string[]): string[] => [
  'BEGIN:VEVENT',
  `UID:${x.uid}`,
  `DTSTAMP:${stamp}`,
  when('DTSTART', timeZone, x.date, x.time),
  ...end(timeZone, x.date, x.time, x.durationMinutes),
  ...describe(x),
  ...extra,
  'END:VEVENT',
];

/** The RRULE of a stored series for the feed: UNTIL as UTC (timed) or a date (all-day); COUNT alone when both were given. */
const feedRule = (e: EventRecord, timeZone: string): string | null => {
  const shape = shapeOf(e);
  if (shape.count !== null && shape.until !== null) {
    const count = occurrenceKeys(shape, shape.date, shape.until).length;
    return ruleText({ ...shape, until: null, count });
  }
  return ruleText(shape, (until) => (shape.allDay ? dateValue(until) : utcValue(new Date(instantOf(floating(until, '23:59'), timeZone).getTime() + 59_000))));
};

const keyParts = (key: string): [string, string | null] => [key.slice(0, 10), key.length > 10 ? key.slice(11, 16) : null];

/** A series (or one-off event) with its exceptions: the master VEVENT and one override per edited occurrence. */
export const seriesEvents = (e: EventRecord, exceptions: ExceptionRecord[], timeZone: string, stamp: string, url: string): string[] => {
  const uid = `${e.id}@klase`;
  const base: FeedItem = {
    uid,
    date: e.startDate,
    time: e.allDay ? null : e.startTime,
    durationMinutes: e.durationMinutes,
    title: e.title,
    description: e.description,
    location: e.location,
    url: e.meetingUrl || url,
  };
  const rule = feedRule(e, timeZone);
  if (!rule) return vevent(base, timeZone, stamp, []);
  const shape = shapeOf(e);
  // RFC 5545 counts DTSTART as the first occurrence, rrule only days its rule names (a weekday
  // series entered on a Saturday starts on the Monday): DTSTART is the first real occurrence.
  const [first] = occurrenceKeys(shape, shape.date, addDays(shape.date, 7));
  if (!first) return [];
  base.date = first.slice(0, 10);
  const valid = exceptions.filter((x) => isOccurrence(shape, x.occurrence));
  const exdates = valid.filter((x) => x.deleted).map((x) => when('EXDATE', timeZone, ...keyParts(x.occurrence)));
  const lines = vevent(base, timeZone, stamp, [`RRULE:${rule}`, ...exdates]);
  for (const x of valid) {
    if (x.deleted) continue;
    const allDay = x.allDay ?? e.allDay;
    const item: FeedItem = {
      uid,
      date: x.date ?? x.occurrence.slice(0, 10),
      time: allDay ? null : (x.time ?? e.startTime),
      durationMinutes: allDay ? null : x.durationMinutes,
      title: x.title ?? e.title,
      description: x.description ?? e.description,
      location: x.location ?? e.location,
      url: x.meetingUrl || e.meetingUrl || url,
    };
    lines.push(...vevent(item, timeZone, stamp, [when('RECURRENCE-ID', timeZone, ...keyParts(x.occurrence))]));
  }
  return lines;
};

/** A due date: a point in time at its due wall-clock time. */
export const dueEvent = (item: FeedItem, timeZone: string, stamp: string): string[] => vevent(item, timeZone, stamp, ['CATEGORIES:DUE', 'TRANSP:TRANSPARENT']);

/** The whole calendar object, CRLF-terminated lines. */
export const calendarText = (name: string, timeZone: string, years: [number, number], body: string[]): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Klase//Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...vtimezone(timeZone, years[0], years[1]),
    ...body,
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n') + '\r\n';

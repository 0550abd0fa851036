import { describe, expect, it } from 'vitest';
import type { ExceptionRecord, VisibleEvent } from './calendar.repo.ts';
import { NO_OVERRIDE, seriesOccurrences } from './occurrences.ts';
import { isOccurrence, occurrenceKeys, ruleText, shiftedKey, type SeriesShape } from './recurrence.ts';
import { instantOf, floating, wallClockOf } from './zone.ts';

/** Expansion of repeating events (issue 17): rrule in floating wall-clock time, exceptions applied. */

const series = (s: Partial<SeriesShape>): SeriesShape => ({
  date: '2026-01-05',
  time: '07:30',
  allDay: false,
  repeat: 'never',
  count: null,
  until: null,
  ...s,
});

describe('calendar recurrence', () => {
  it('never: the one start, only when it is in the range', () => {
    expect(occurrenceKeys(series({}), '2026-01-01', '2026-01-31')).toEqual(['2026-01-05T07:30']);
    expect(occurrenceKeys(series({}), '2026-01-06', '2026-01-31')).toEqual([]);
    expect(ruleText(series({}))).toBeNull();
  });

  it('daily (everyday) runs until the inclusive until date', () => {
    const s = series({ repeat: 'daily', until: '2026-01-08' });
    expect(ruleText(s)).toBe('FREQ=DAILY;UNTIL=20260108T235959Z');
    expect(occurrenceKeys(s, '2026-01-01', '2026-01-31')).toEqual(['2026-01-05T07:30', '2026-01-06T07:30', '2026-01-07T07:30', '2026-01-08T07:30']);
  });

  it('daily without until repeats for ever (any later range has one a day)', () => {
    expect(occurrenceKeys(series({ repeat: 'daily' }), '2030-03-01', '2030-03-03')).toEqual(['2030-03-01T07:30', '2030-03-02T07:30', '2030-03-03T07:30']);
  });

  it('a series started long ago is not walked from its first day, with the same occurrences', () => {
    const started = performance.now();
    expect(occurrenceKeys(series({ date: '1000-01-01', repeat: 'daily' }), '9999-12-30', '9999-12-31')).toEqual(['9999-12-30T07:30', '9999-12-31T07:30']);
    expect(performance.now() - started).toBeLessThan(1000);
    const monthly = series({ date: '2020-01-31', repeat: 'monthly' });
    expect(occurrenceKeys(monthly, '2026-02-01', '2026-03-31')).toEqual(['2026-02-28T07:30', '2026-03-31T07:30']);
    const weekdays = series({ date: '2020-01-04', repeat: 'weekdays' });
    expect(occurrenceKeys(weekdays, '2026-01-03', '2026-01-06')).toEqual(['2026-01-05T07:30', '2026-01-06T07:30']);
  });

  it('weekdays: Monday to Friday only', () => {
    const s = series({ date: '2026-01-09', repeat: 'weekdays' });
    expect(ruleText(s)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(occurrenceKeys(s, '2026-01-09', '2026-01-14')).toEqual(['2026-01-09T07:30', '2026-01-12T07:30', '2026-01-13T07:30', '2026-01-14T07:30']);
  });

  it('monthly on the 31st falls on every month-end', () => {
    const s = series({ date: '2026-01-31', repeat: 'monthly', allDay: true, time: null });
    expect(ruleText(s)).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(occurrenceKeys(s, '2026-01-01', '2026-06-30')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
  });

  it('monthly on 29 February: 28 February in common years, 29 in leap years', () => {
    const s = series({ date: '2028-02-29', repeat: 'monthly' });
    const febs = occurrenceKeys(s, '2028-01-01', '2033-12-31').filter((k) => k.slice(5, 7) === '02');
    expect(febs).toEqual(['2028-02-29T07:30', '2029-02-28T07:30', '2030-02-28T07:30', '2031-02-28T07:30', '2032-02-29T07:30', '2033-02-28T07:30']);
    expect(occurrenceKeys(s, '2028-03-01', '2028-04-30')).toEqual(['2028-03-29T07:30', '2028-04-29T07:30']);
  });

  it('monthly on the 30th falls on 28 (29) February and the 30th elsewhere', () => {
    const s = series({ date: '2026-01-30', repeat: 'monthly' });
    expect(ruleText(s)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1');
    expect(occurrenceKeys(s, '2026-01-01', '2026-03-31')).toEqual(['2026-01-30T07:30', '2026-02-28T07:30', '2026-03-30T07:30']);
    expect(occurrenceKeys(s, '2028-02-01', '2028-02-29')).toEqual(['2028-02-29T07:30']);
  });

  it('monthly on a day up to the 28th keeps that day', () => {
    expect(occurrenceKeys(series({ date: '2026-01-15', repeat: 'monthly' }), '2026-01-01', '2026-03-31')).toEqual([
      '2026-01-15T07:30',
      '2026-02-15T07:30',
      '2026-03-15T07:30',
    ]);
  });

  it('weekly with a count stops after that many; with until at the until date', () => {
    const counted = series({ repeat: 'weekly', count: 3 });
    expect(ruleText(counted)).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    expect(occurrenceKeys(counted, '2026-01-01', '2026-12-31')).toEqual(['2026-01-05T07:30', '2026-01-12T07:30', '2026-01-19T07:30']);
    const until = series({ repeat: 'weekly', until: '2026-01-26' });
    expect(occurrenceKeys(until, '2026-01-01', '2026-12-31')).toEqual(['2026-01-05T07:30', '2026-01-12T07:30', '2026-01-19T07:30', '2026-01-26T07:30']);
    expect(occurrenceKeys(series({ repeat: 'weekly', count: 10, until: '2026-01-12' }), '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-05T07:30',
      '2026-01-12T07:30',
    ]);
  });

  it('a series late in the evening in Manila stays on its Manila day though UTC is the day before', () => {
    const s = series({ date: '2026-01-05', time: '06:30', repeat: 'weekly', count: 2 });
    const keys = occurrenceKeys(s, '2026-01-01', '2026-01-31');
    expect(keys).toEqual(['2026-01-05T06:30', '2026-01-12T06:30']);
    // 06:30 in Manila is 22:30 UTC the day before; the wall-clock day is what counts.
    expect(instantOf(floating('2026-01-05', '06:30'), 'Asia/Manila').toISOString()).toBe('2026-01-04T22:30:00.000Z');
    expect(wallClockOf(new Date('2026-01-04T16:30:00Z'), 'Asia/Manila')).toBe('2026-01-05T00:30');
    const late = series({ date: '2026-01-05', time: '23:30', repeat: 'daily', until: '2026-01-06' });
    expect(occurrenceKeys(late, '2026-01-06', '2026-01-06')).toEqual(['2026-01-06T23:30']);
  });

  it('an all-day series has date keys', () => {
    const s = series({ allDay: true, time: null, repeat: 'weekly', count: 2 });
    expect(occurrenceKeys(s, '2026-01-01', '2026-01-31')).toEqual(['2026-01-05', '2026-01-12']);
    expect(isOccurrence(s, '2026-01-12')).toBe(true);
    expect(isOccurrence(s, '2026-01-13')).toBe(false);
  });

  it('an "all events" move shifts exception keys by the same days to the new time', () => {
    const before = series({ repeat: 'weekly', count: 5 });
    const after = series({ date: '2026-01-06', time: '09:00', repeat: 'weekly', count: 5 });
    expect(shiftedKey('2026-01-19T07:30', before, after)).toBe('2026-01-20T09:00');
    expect(isOccurrence(after, shiftedKey('2026-01-19T07:30', before, after))).toBe(true);
  });
});

describe('calendar occurrences with exceptions', () => {
  const event = (s: Partial<SeriesShape>): VisibleEvent => ({
    event: {
      id: '00000000-0000-4000-8000-000000000001',
      schoolId: 's',
      type: 'user',
      classId: null,
      courseId: null,
      groupId: null,
      ownerId: 'u',
      title: 'Flag ceremony',
      description: '',
      location: 'Quadrangle',
      meetingUrl: '',
      startDate: s.date ?? '2026-01-05',
      startTime: s.time === undefined ? '07:30' : s.time,
      allDay: s.allDay ?? false,
      durationMinutes: 30,
      repeat: s.repeat ?? 'weekly',
      rrule: null,
      count: s.count ?? 5,
      until: null,
      createdAt: new Date(),
      createdBy: 'u',
      updatedAt: new Date(),
      updatedBy: 'u',
    },
    className: null,
    courseName: null,
    groupName: null,
  });
  const exception = (occurrence: string, x: Partial<ExceptionRecord>): ExceptionRecord => ({
    id: occurrence,
    eventId: '00000000-0000-4000-8000-000000000001',
    occurrence,
    deleted: false,
    ...NO_OVERRIDE,
    createdAt: new Date(),
    createdBy: 'u',
    updatedAt: new Date(),
    updatedBy: 'u',
    ...x,
  });

  it('a deleted occurrence is gone, a moved one is shown at its new place (also moved in from outside the range)', () => {
    const xs = [
      exception('2026-01-12T07:30', { deleted: true }),
      exception('2026-01-19T07:30', { date: '2026-01-21', time: '10:00', allDay: false, durationMinutes: 60, title: 'Flag ceremony (moved)' }),
      exception('2026-02-02T07:30', { date: '2026-01-30', time: '08:00', allDay: false, durationMinutes: 30 }),
    ];
    const items = seriesOccurrences(event({}), xs, '2026-01-01', '2026-01-31', true);
    expect(items.map((i) => [i.occurrence, i.start, i.end, i.exception])).toEqual([
      ['2026-01-05T07:30', '2026-01-05T07:30', '2026-01-05T08:00', false],
      ['2026-01-19T07:30', '2026-01-21T10:00', '2026-01-21T11:00', true],
      ['2026-01-26T07:30', '2026-01-26T07:30', '2026-01-26T08:00', false],
      ['2026-02-02T07:30', '2026-01-30T08:00', '2026-01-30T08:30', true],
    ]);
    expect(items[1]?.title).toBe('Flag ceremony (moved)');
  });

  it('exceptions stay after an "all events" edit moved the series (keys shifted)', () => {
    const before = { date: '2026-01-05', time: '07:30', allDay: false, repeat: 'weekly' as const, count: 5, until: null };
    const after = { ...before, date: '2026-01-06', time: '08:00' };
    const xs = [
      exception(shiftedKey('2026-01-12T07:30', before, after), { deleted: true }),
      exception(shiftedKey('2026-01-19T07:30', before, after), { date: '2026-01-23', time: '13:00', allDay: false }),
    ];
    const items = seriesOccurrences(event(after), xs, '2026-01-01', '2026-01-31', true);
    expect(items.map((i) => i.start)).toEqual(['2026-01-06T08:00', '2026-01-23T13:00', '2026-01-27T08:00']);
  });
});

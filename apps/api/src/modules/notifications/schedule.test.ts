import { describe, expect, it } from 'vitest';
import { lastDigestSlot, quietHoursEnd } from './schedule.ts';

/** A time in Manila (UTC+8, no daylight saving) as a Date. */
const manila = (iso: string) => new Date(`${iso}+08:00`);

describe('notification mail schedule (Asia/Manila)', () => {
  it('quiet hours across midnight hold mails until they end; outside them nothing waits', () => {
    const q = { enabled: true, from: '21:00', to: '06:00' };
    expect(quietHoursEnd(manila('2026-03-02T21:00:00'), q)?.toISOString()).toBe(manila('2026-03-03T06:00:00').toISOString());
    expect(quietHoursEnd(manila('2026-03-03T05:59:30'), q)?.toISOString()).toBe(manila('2026-03-03T06:00:00').toISOString());
    expect(quietHoursEnd(manila('2026-03-03T06:00:00'), q)).toBeNull();
    expect(quietHoursEnd(manila('2026-03-03T20:59:00'), q)).toBeNull();
    expect(quietHoursEnd(manila('2026-03-02T23:00:00'), { ...q, enabled: false })).toBeNull();
    // A window within one day, and an empty one.
    expect(quietHoursEnd(manila('2026-03-02T13:30:00'), { enabled: true, from: '12:00', to: '14:00' })?.toISOString()).toBe(
      manila('2026-03-02T14:00:00').toISOString(),
    );
    expect(quietHoursEnd(manila('2026-03-02T13:30:00'), { enabled: true, from: '12:00', to: '12:00' })).toBeNull();
  });

  it('the digest slot is the latest 18:00 (daily) or Friday 18:00 (weekly) at or before now', () => {
    expect(lastDigestSlot(manila('2026-03-04T18:05:00'), 'daily').toISOString()).toBe(manila('2026-03-04T18:00:00').toISOString());
    expect(lastDigestSlot(manila('2026-03-04T17:59:00'), 'daily').toISOString()).toBe(manila('2026-03-03T18:00:00').toISOString());
    // March 6, 2026 is a Friday.
    expect(lastDigestSlot(manila('2026-03-06T18:00:00'), 'weekly').toISOString()).toBe(manila('2026-03-06T18:00:00').toISOString());
    expect(lastDigestSlot(manila('2026-03-06T17:00:00'), 'weekly').toISOString()).toBe(manila('2026-02-27T18:00:00').toISOString());
    expect(lastDigestSlot(manila('2026-03-10T09:00:00'), 'weekly').toISOString()).toBe(manila('2026-03-06T18:00:00').toISOString());
  });
});

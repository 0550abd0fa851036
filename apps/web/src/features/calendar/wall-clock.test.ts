import { describe, expect, it } from 'vitest';
import { wallClockNowIn } from './wall-clock.ts';

describe('wallClockNowIn', () => {
  it("gives the school's date and time, which differ from UTC's between midnight and 8 a.m. in Manila", () => {
    expect(wallClockNowIn('Asia/Manila', new Date('2026-11-28T16:19:05Z'))).toBe('2026-11-29T00:19:05');
    expect(wallClockNowIn('Asia/Manila', new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-28T11:00:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(wallClockNowIn('UTC', new Date('2026-12-31T00:00:00Z'))).toBe('2026-12-31T00:00:00');
  });
});

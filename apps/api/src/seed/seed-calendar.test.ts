import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarRange } from '@klase/core/calendar/contracts';
import { addDays, wallClockOf } from '../modules/calendar/zone.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_HOMEROOM, DEMO_SCHOOL_EVENT } from './seed-calendar.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it("this month shows the class series with a moved meeting, a course event, the school's Intramurals and own events", async () => {
    const today = wallClockOf(new Date(), 'Asia/Manila').slice(0, 10);
    const monthStart = `${today.slice(0, 8)}01`;
    const url = `/api/calendar/events?from=${addDays(monthStart, -6)}&to=${addDays(monthStart, 40)}`;
    const student = await signIn(t.app, 'student1', DEMO_PASSWORD);
    const items = (await student.req('GET', url)).json<CalendarRange>().items;
    const titles = new Set(items.map((i) => i.title));
    for (const t of [DEMO_HOMEROOM, `${DEMO_HOMEROOM} (moved to Tuesday)`, 'Consultation hours', DEMO_SCHOOL_EVENT, 'Study group at the library'])
      expect(titles).toContain(t);
    expect(items.some((i) => i.kind === 'due')).toBe(true);
    const homeroom = items.filter((i) => i.title.startsWith(DEMO_HOMEROOM));
    const series = new Set(homeroom.map((i) => i.id));
    for (const id of series) expect(homeroom.filter((i) => i.id === id && i.exception)).toHaveLength(1);
    const teacher = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const mine = (await teacher.req('GET', url)).json<CalendarRange>().items;
    expect(mine.some((i) => i.title === 'Prepare quarterly grades' && i.canEdit)).toBe(true);
    expect(mine.some((i) => i.title === 'Study group at the library')).toBe(false);
  });
});

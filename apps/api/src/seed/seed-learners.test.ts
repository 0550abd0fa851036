import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassAdviser, LearnerProfile, ObservedValuesSheet } from '@klase/core/deped/learners';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { weekdaysOf } from './seed-learners.ts';

/** `AttendanceSheet` as the wire carries it. */
type Sheet = { months: { month: string; schoolDays: number }[]; learners: { sex: string | null; present: Record<string, number> }[]; canEdit: boolean };

describe('demo seed: learners', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('makes teacher1 the adviser of Grade 7 - Sampaguita with attendance and quarter 1 observed values', async () => {
    const teacher = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const list = (await teacher.req('GET', '/api/classes?rowsperpage=50')).json<{ data: { id: string; name: string }[] }>();
    const cls = list.data.find((c) => c.name === 'Grade 7 - Sampaguita');
    if (!cls) throw new Error('class');
    const classId = cls.id;
    expect((await teacher.req('GET', `/api/classes/${classId}/adviser`)).json<ClassAdviser>()).toMatchObject({ name: 'Maria Clara Santos', canEdit: true });
    const sheet = (await teacher.req('GET', `/api/classes/${classId}/attendance`)).json<Sheet>();
    expect(sheet.canEdit).toBe(true);
    expect(sheet.months.length).toBeGreaterThan(0);
    expect(sheet.months[0]?.month).toBe('2025-06');
    expect(sheet.learners).toHaveLength(6);
    expect(sheet.learners.map((l) => l.sex)).toEqual(['male', 'male', 'male', 'female', 'female', 'female']);
    for (const l of sheet.learners) for (const m of sheet.months) expect(l.present[m.month]).toBeLessThanOrEqual(m.schoolDays);
    const observed = (await teacher.req('GET', `/api/classes/${classId}/observed-values?quarter=1`)).json<ObservedValuesSheet>();
    expect(observed.learners.every((l) => Object.keys(l.marks).length === 7)).toBe(true);
  });

  it('gives every Rizal student a 12-digit LRN, sex and birth date', async () => {
    const student = await signIn(t.app, 'student1', DEMO_PASSWORD);
    const profile = (await student.req('GET', `/api/learners/${student.session.profile.id}`)).json<LearnerProfile>();
    expect(profile.lrn).toMatch(/^305312\d{6}$/);
    expect(profile.sex).toBe('male');
    expect(profile.birthDate).toMatch(/^2013-/);
  });

  it('counts weekdays of a month, up to today in the current month', () => {
    expect(weekdaysOf('2025-06', new Date('2026-01-01'))).toBe(21);
    expect(weekdaysOf('2025-06', new Date('2025-06-06T12:00:00Z'))).toBe(5);
  });
});

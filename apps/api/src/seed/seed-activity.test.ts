import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtRiskRow, ClassReportRow, ReportClassRow } from '@klase/core/reports/contracts';
import type { TablePage } from '@klase/core/table';
import { users } from '../db/schema/users.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoActivity } from './seed-activity.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed: activity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    await seedDemo(t.db);
  });
  afterAll(() => t.close());

  it('gives the demo classes weeks of time on materials and last accesses, with a quiet student at risk; once', async () => {
    expect(await seedDemoActivity(t.db)).toBe(0);
    const [student6] = await t.db.select({ at: users.lastAccessAt }).from(users).where(eq(users.username, 'student6'));
    expect(student6?.at).toBeNull();
    const teacher = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const classes = (await teacher.req('GET', '/api/reports/classes')).json<TablePage<ReportClassRow>>();
    const sampaguita = classes.data.find((c) => c.name.includes('Sampaguita'));
    expect(sampaguita).toBeDefined();
    const report = (await teacher.req('GET', `/api/reports/class?classId=${sampaguita?.id}`)).json<TablePage<ClassReportRow>>();
    expect(report.data.length).toBeGreaterThan(1);
    expect(report.data.some((r) => r.totalSeconds > 0 && r.lastMaterialTitle !== null)).toBe(true);
    const atRisk = (await teacher.req('GET', `/api/reports/at-risk?classId=${sampaguita?.id}`)).json<TablePage<AtRiskRow>>();
    expect(atRisk.data.map((r) => r.fullName)).toContain('Miguel Villanueva');
    expect(atRisk.data.find((r) => r.fullName === 'Miguel Villanueva')?.daysInactive).toBeGreaterThanOrEqual(11);
  });
});

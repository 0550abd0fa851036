import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@klase/core/auth/contracts';
import { ROLE } from '@klase/core/roles';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { users } from './schema/users.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds an empty database once, and the demo accounts sign in', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    const [n] = await t.db.select({ n: count() }).from(users);
    expect(Number(n?.n)).toBe(21);

    const parent = await signIn(t.app, 'parent1', DEMO_PASSWORD);
    expect(parent.session.childrenList.map((c) => c.username).sort()).toEqual(['student1', 'student2']);
    const teacher = await signIn(t.app, 'teacher1@rizal-nhs.edu.ph', DEMO_PASSWORD);
    const profile: SessionInfo['profile'] = teacher.session.profile;
    expect(profile).toMatchObject({ roleId: ROLE.teacher, schoolName: 'Rizal National High School', emailVerified: true });
    const admin = await signIn(t.app, 'admin', DEMO_PASSWORD);
    expect(admin.session.profile).toMatchObject({ roleId: ROLE.admin, schoolId: null });
    const lsg = await signIn(t.app, 'lsg', DEMO_PASSWORD);
    expect(lsg.session.profile.roleId).toBe(ROLE.lsg);
    const student = await signIn(t.app, 'student1', DEMO_PASSWORD);
    expect(student.session.profile).toMatchObject({ gradeLevel: 'Grade 7', section: 'Sampaguita' });
  });

  it('seeds a second customer and school whose administrator sees only their own', async () => {
    const parent4 = await signIn(t.app, 'parent4', DEMO_PASSWORD);
    expect(parent4.session.childrenList.map((c) => c.username)).toEqual(['student7']);
    const teacher3 = await signIn(t.app, 'teacher3', DEMO_PASSWORD);
    expect(teacher3.session.profile.schoolName).toBe('San Isidro Integrated School');
    const admin2 = await signIn(t.app, 'schooladmin2', DEMO_PASSWORD);
    const schools = (await admin2.req('GET', '/api/admin/schools')).json();
    expect(schools.data).toEqual([expect.objectContaining({ code: 'SIIS', depedSchoolId: '305999', sector: 'private', customerName: 'Bagong Pag-asa Learning Corp.' })]);
    const people = (await admin2.req('GET', '/api/admin/users?rowsperpage=50&page=1')).json();
    expect(people.data.map((u: { username: string }) => u.username).sort()).toEqual(['parent4', 'schooladmin2', 'student7', 'student8', 'teacher3']);
    const lsg = await signIn(t.app, 'lsg', DEMO_PASSWORD);
    expect((await lsg.req('GET', '/api/admin/schools')).json().data.map((s: { code: string }) => s.code)).toEqual(['RNHS']);
  });
});

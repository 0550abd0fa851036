import { count, eq } from 'drizzle-orm';
import { ACCESS_CODE_RE } from '@klase/core/classes/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@klase/core/auth/contracts';
import { ROLE } from '@klase/core/roles';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { classGroups, classes } from '../db/schema/classes.ts';
import { courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { users } from '../db/schema/users.ts';
import { CATALOGUE_COURSES } from './seed-catalogue.ts';
import { DEMO_COURSES, seedDemoCourses } from './seed-courses.ts';
import { DEMO_CLASSES, DEMO_CLASSES_2, DEMO_PASSWORD, demoAccountsTable, seedDemo } from './seed.ts';

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
    expect(schools.data).toEqual([
      expect.objectContaining({ code: 'SIIS', depedSchoolId: '305999', sector: 'private', customerName: 'Bagong Pag-asa Learning Corp.' }),
    ]);
    const people = (await admin2.req('GET', '/api/admin/users?rowsperpage=50&page=1')).json();
    expect(people.data.map((u: { username: string }) => u.username).sort()).toEqual(['parent4', 'schooladmin2', 'student7', 'student8', 'teacher3']);
    const lsg = await signIn(t.app, 'lsg', DEMO_PASSWORD);
    expect((await lsg.req('GET', '/api/admin/schools')).json().data.map((s: { code: string }) => s.code)).toEqual(['RNHS']);
  });

  it('seeds classes: teacher1 teaches two with the demo students, an assistant, groups and a generated set', async () => {
    const names = (page: { data: { name: string }[] }) => page.data.map((c) => c.name);
    const teacher1 = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const mine = (await teacher1.req('GET', '/api/classes')).json();
    expect(names(mine)).toEqual(['Grade 7 - Sampaguita', 'Grade 8 - Narra']);
    expect(mine.data.map((c: { studentCount: number }) => c.studentCount)).toEqual([6, 3]);
    expect(mine.data[0]).toMatchObject({ schoolYearFrom: 2025, schoolYearTo: 2026, relation: 'teacher' });
    const sampaguita = (await teacher1.req('GET', `/api/classes/${mine.data[0].id}`)).json();
    expect(sampaguita.join).toMatchObject({ accessCode: 'SAMPA7G', codeEnabled: true, linkEnabled: true });
    expect(sampaguita.teachers.map((x: { name: string }) => x.name)).toEqual(['Maria Clara Santos', 'Gabriela Silang']);

    const groups = await t.db.select().from(classGroups).where(eq(classGroups.classId, sampaguita.id));
    expect(
      groups
        .filter((g) => g.type === 'manual')
        .map((g) => g.name)
        .sort(),
    ).toEqual(['Reading Circle', 'Science Club']);
    expect(
      groups
        .filter((g) => g.type === 'generated')
        .map((g) => g.name)
        .sort(),
    ).toEqual(['Lab Team 1', 'Lab Team 2', 'Lab Team 3']);
    const roster = (await teacher1.req('GET', `/api/classes/${sampaguita.id}/students?rowsperpage=10&page=1`)).json();
    for (const row of roster.data) expect(row.groupNames.filter((n: string) => n.startsWith('Lab Team'))).toHaveLength(1);

    const student1 = await signIn(t.app, 'student1', DEMO_PASSWORD);
    expect(names((await student1.req('GET', '/api/classes')).json())).toEqual(['Grade 7 - Sampaguita', 'Grade 8 - Narra']);
    const assistant = await signIn(t.app, 'assistant1', DEMO_PASSWORD);
    expect(names((await assistant.req('GET', '/api/classes')).json())).toEqual(['Grade 7 - Sampaguita']);
    const teacher2 = await signIn(t.app, 'teacher2', DEMO_PASSWORD);
    expect(names((await teacher2.req('GET', '/api/classes')).json())).toEqual(['Grade 10 - Mabini', 'Grade 8 - Narra']);

    const student7 = await signIn(t.app, 'student7', DEMO_PASSWORD);
    expect((await student7.req('POST', '/api/classes/join', { code: 'SAMPA7G' })).json().code).toBe('JOIN_OTHER_SCHOOL');
    const student5 = await signIn(t.app, 'student5', DEMO_PASSWORD);
    expect((await student5.req('POST', '/api/classes/join', { code: 'narra-8k' })).json()).toMatchObject({ className: 'Grade 8 - Narra' });

    for (const c of [...DEMO_CLASSES, ...DEMO_CLASSES_2]) expect(c.accessCode).toMatch(ACCESS_CODE_RE);
    expect(await t.db.$count(classes)).toBe(DEMO_CLASSES.length + DEMO_CLASSES_2.length);
    expect(demoAccountsTable()).toContain('Grade 7 - Sampaguita   SAMPA7G');
  });

  it('seeds one published course per Rizal class with elements, materials and some progress, once', async () => {
    type Row = { id: string; name: string; className: string; elementCount: number; materialCount: number; percent: number | null };
    const rows = async (username: string, query = '') =>
      (await (await signIn(t.app, username, DEMO_PASSWORD)).req('GET', `/api/courses${query}`)).json<{ data: Row[] }>().data;
    const teacher1 = await rows('teacher1');
    expect(teacher1.map((c) => [c.name, c.className, c.elementCount, c.materialCount])).toEqual([
      ['Mathematics 8: Linear Equations', 'Grade 8 - Narra', 2, 8],
      ['Science 7: Living Things', 'Grade 7 - Sampaguita', 3, 8],
    ]);
    expect((await rows('teacher2')).map((c) => c.name)).toEqual(['Araling Panlipunan 10: Contemporary Issues', 'Mathematics 8: Linear Equations']);
    expect((await rows('student1')).map((c) => [c.name, c.percent])).toEqual([
      ['Mathematics 8: Linear Equations', 75],
      ['Science 7: Living Things', 37],
    ]);
    expect((await rows('student2')).map((c) => [c.name, c.percent])).toEqual([
      ['Araling Panlipunan 10: Contemporary Issues', 40],
      ['Science 7: Living Things', 62],
    ]);
    expect((await rows('parent2')).map((c) => [c.name, c.percent])).toEqual([['Science 7: Living Things', 25]]);
    expect(await rows('teacher3')).toEqual([]);

    const science = teacher1[1];
    const teacher = await signIn(t.app, 'teacher1', DEMO_PASSWORD);
    const details = (await teacher.req('GET', `/api/courses/${science?.id}`)).json();
    expect(details.elements.map((e: { name: string; materials: { type: string }[] }) => [e.name, e.materials.map((m) => m.type)])).toEqual([
      ['Cells, the units of life', ['page', 'video', 'link', 'assignment']],
      ['Ecosystems around us', ['page', 'assignment', 'activity']],
      ['Check your understanding', ['quiz']],
    ]);
    const progress = (await teacher.req('GET', `/api/classes/${details.classId}/progress?sortBy=percent&sortOrder=desc`)).json();
    expect(progress.data.map((p: { name: string; percent: number }) => [p.name, p.percent])).toEqual([
      // Isabel Garcia and Katrina Torres finished everything; Ana Reyes Dela Cruz and Paolo Ramos five of eight.
      [expect.any(String), 100],
      [expect.any(String), 100],
      [expect.any(String), 62],
      [expect.any(String), 62],
      ['Jose Rizal Dela Cruz', 37],
      ['Miguel Villanueva', 25],
    ]);
    expect(await t.db.$count(courseMaterials, eq(courseMaterials.type, 'file'))).toBe(0);

    const before = [await t.db.$count(courses), await t.db.$count(courseMaterials), await t.db.$count(materialProgress)];
    expect(await seedDemoCourses(t.db)).toBe(0);
    expect([await t.db.$count(courses), await t.db.$count(courseMaterials), await t.db.$count(materialProgress)]).toEqual(before);
    expect(before[0]).toBe(DEMO_COURSES.length + CATALOGUE_COURSES.length);
  });
});

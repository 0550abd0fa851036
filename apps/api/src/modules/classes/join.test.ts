import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { classStudents, classes } from '../../db/schema/classes.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClass, type ClassWorld } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { insertClass } from './classes.repo.ts';
import { withFreshJoinValues } from './join-codes.ts';
import { JOIN_LIMITS } from './join.service.ts';

describe('joining a class with an access code or an invitation link', () => {
  const world = useClassWorld();
  let t: TestApp;
  let w: ClassWorld;
  beforeAll(() => {
    ({ t, w } = world);
  });

  const newStudent = async (): Promise<Agent> => signIn(t.app, (await buildUser(t.db, { schoolId: w.schoolA.id, roleId: ROLE.student })).username);
  const enrolments = async () => Number((await t.db.select({ n: count() }).from(classStudents))[0]?.n);
  const teacherAgent = () => signIn(t.app, w.teacher.username);
  const freshClass = (extra: { archived?: boolean; codeEnabled?: boolean; linkEnabled?: boolean } = {}) =>
    buildClass(t.db, { schoolId: w.schoolA.id, teachers: [w.teacher], ...extra });
  /** A request that must fail without changing any enrolment. */
  const refused = async (agent: Agent, method: 'GET' | 'POST', url: string, body: unknown, status: number, code: string) => {
    const before = await enrolments();
    const res = await agent.req(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await enrolments()).toBe(before);
    return res.json();
  };

  it('a student joins with the code (typed in lower case with a dash) and finds the class in their list', async () => {
    const cls = await freshClass();
    const student = await newStudent();
    const typed = `${cls.accessCode.slice(0, 3).toLowerCase()}-${cls.accessCode.slice(3).toLowerCase()}`;
    const res = await student.req('POST', '/api/classes/join', { code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ classId: cls.id, className: cls.name, message: `You have joined ${cls.name}.` });
    expect((await student.req('GET', '/api/classes')).json().data.map((r: { id: string }) => r.id)).toEqual([cls.id]);
    const teacher = await teacherAgent();
    const roster = (await teacher.req('GET', `/api/classes/${cls.id}/students`)).json();
    expect(roster.data).toEqual([expect.objectContaining({ id: student.session.profile.id, joinedVia: 'code' })]);

    const twice = await refused(student, 'POST', '/api/classes/join', { code: cls.accessCode }, 409, 'ALREADY_ENROLLED');
    expect(twice.message).toBe('You are already in this class.');
  });

  it('wrong, malformed, replaced and switched-off codes, other schools and archived classes are refused with their message', async () => {
    const student = await newStudent();
    const wrong = await refused(student, 'POST', '/api/classes/join', { code: 'ZZZZ999' }, 404, 'JOIN_CODE_INVALID');
    expect(wrong.message).toBe('No class uses this access code. Check the code and try again.');
    // Issue 13: a well-formed code with letters outside the generated alphabet (O, 1) is unknown, not malformed.
    const unknown = await refused(student, 'POST', '/api/classes/join', { code: 'WRONG12' }, 404, 'JOIN_CODE_INVALID');
    expect(unknown.message).toBe('No class uses this access code. Check the code and try again.');
    const malformed = await student.req('POST', '/api/classes/join', { code: 'AB0' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ path: 'code', key: 'accessCode' }]);
    expect((await student.req('POST', '/api/classes/join', {})).json().fields).toEqual([{ path: 'code', key: 'required' }]);

    const cls = await freshClass();
    const teacher = await teacherAgent();
    const old = cls.accessCode;
    const fresh = (await teacher.req('POST', `/api/classes/${cls.id}/join/regenerate`, { what: 'code' })).json().accessCode;
    const replaced = await refused(student, 'POST', '/api/classes/join', { code: old }, 410, 'JOIN_CODE_REPLACED');
    expect(replaced.message).toBe('This access code has been replaced. Ask your teacher for the new code.');

    await teacher.req('PATCH', `/api/classes/${cls.id}/join`, { codeEnabled: false });
    await refused(student, 'POST', '/api/classes/join', { code: fresh }, 403, 'JOIN_CODE_OFF');
    await refused(student, 'POST', '/api/classes/join', { code: w.classB.accessCode }, 403, 'JOIN_OTHER_SCHOOL');
    const archived = await freshClass({ archived: true });
    await refused(student, 'POST', '/api/classes/join', { code: archived.accessCode }, 409, 'CLASS_ARCHIVED');

    await teacher.req('PATCH', `/api/classes/${cls.id}/join`, { codeEnabled: true });
    expect((await student.req('POST', '/api/classes/join', { code: fresh })).statusCode).toBe(200);
  });

  it('a teacher (or parent) using /join is told only students join', async () => {
    const cls = await freshClass();
    for (const u of [w.otherTeacher, w.parent, w.admin]) {
      const agent = await signIn(t.app, u.username);
      const res = await refused(agent, 'POST', '/api/classes/join', { code: cls.accessCode }, 403, 'JOIN_NOT_STUDENT');
      expect(res.message).toBe('Only students can join a class with an access code or invitation link.');
    }
  });

  it(`wrong codes are limited to ${JOIN_LIMITS.failures} per window; then even the right code waits`, async () => {
    const cls = await freshClass();
    const student = await newStudent();
    for (let i = 0; i < JOIN_LIMITS.failures; i++) await refused(student, 'POST', '/api/classes/join', { code: 'ZZZZ999' }, 404, 'JOIN_CODE_INVALID');
    const limited = await refused(student, 'POST', '/api/classes/join', { code: cls.accessCode }, 429, 'RATE_LIMITED');
    expect(limited.retryAfterSeconds).toBeGreaterThan(JOIN_LIMITS.windowSeconds - 60);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(JOIN_LIMITS.windowSeconds);
    const other = await newStudent();
    expect((await other.req('POST', '/api/classes/join', { code: cls.accessCode })).statusCode).toBe(200);
  });

  it('an invitation link shows the class, then the student accepts it', async () => {
    const cls = await freshClass();
    const student = await newStudent();
    const info = await student.req('GET', `/api/classes/invitations/${cls.inviteToken}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({
      className: cls.name,
      gradeLevel: 'Grade 7',
      section: 'Sampaguita',
      schoolName: w.schoolA.name,
      teacherNames: ['Maria Santos'],
      enrolled: false,
      classId: cls.id,
    });
    const accepted = await student.req('POST', `/api/classes/invitations/${cls.inviteToken}/accept`);
    expect(accepted.json()).toEqual({ classId: cls.id, className: cls.name, message: `You have joined ${cls.name}.` });
    expect((await student.req('GET', `/api/classes/invitations/${cls.inviteToken}`)).json().enrolled).toBe(true);
    await refused(student, 'POST', `/api/classes/invitations/${cls.inviteToken}/accept`, undefined, 409, 'ALREADY_ENROLLED');
    const [row] = await t.db.select().from(classStudents).where(eq(classStudents.classId, cls.id));
    expect(row?.joinedVia).toBe('link');

    const teacher = await signIn(t.app, w.otherTeacher.username);
    expect((await teacher.req('GET', `/api/classes/invitations/${cls.inviteToken}`)).json().enrolled).toBe(false);
    const notStudent = await refused(teacher, 'POST', `/api/classes/invitations/${cls.inviteToken}/accept`, undefined, 403, 'JOIN_NOT_STUDENT');
    expect(notStudent.message).toBe('Only students can join a class with an access code or invitation link.');
  });

  it('wrong, replaced and switched-off links, other schools and archived classes are refused', async () => {
    const student = await newStudent();
    const wrong = 'x'.repeat(24);
    expect((await refused(student, 'GET', `/api/classes/invitations/${wrong}`, undefined, 404, 'JOIN_LINK_INVALID')).message).toBe(
      'This invitation link is not valid. Ask your teacher for a new one.',
    );
    await refused(student, 'POST', `/api/classes/invitations/${wrong}/accept`, undefined, 404, 'JOIN_LINK_INVALID');
    expect((await student.req('GET', '/api/classes/invitations/short')).statusCode).toBe(400);

    const cls = await freshClass();
    const teacher = await teacherAgent();
    const fresh = (await teacher.req('POST', `/api/classes/${cls.id}/join/regenerate`, { what: 'link' })).json().inviteToken;
    await refused(student, 'GET', `/api/classes/invitations/${cls.inviteToken}`, undefined, 410, 'JOIN_LINK_REPLACED');
    await refused(student, 'POST', `/api/classes/invitations/${cls.inviteToken}/accept`, undefined, 410, 'JOIN_LINK_REPLACED');
    await teacher.req('PATCH', `/api/classes/${cls.id}/join`, { linkEnabled: false });
    await refused(student, 'GET', `/api/classes/invitations/${fresh}`, undefined, 403, 'JOIN_LINK_OFF');
    await refused(student, 'POST', `/api/classes/invitations/${fresh}/accept`, undefined, 403, 'JOIN_LINK_OFF');
    await refused(student, 'POST', `/api/classes/invitations/${w.classB.inviteToken}/accept`, undefined, 403, 'JOIN_OTHER_SCHOOL');
    await refused(student, 'GET', `/api/classes/invitations/${w.classB.inviteToken}`, undefined, 403, 'JOIN_OTHER_SCHOOL');
    const archived = await freshClass({ archived: true });
    await refused(student, 'POST', `/api/classes/invitations/${archived.inviteToken}/accept`, undefined, 409, 'CLASS_ARCHIVED');
    // The access code is independent of the link: it still works with the link replaced and off.
    expect((await student.req('POST', '/api/classes/join', { code: cls.accessCode })).statusCode).toBe(200);
  });

  it('archiving a class stops joining by code and by link', async () => {
    const cls = await freshClass();
    const teacher = await teacherAgent();
    await teacher.req('PATCH', `/api/classes/${cls.id}/archived`, { archived: true });
    const student = await newStudent();
    await refused(student, 'POST', '/api/classes/join', { code: cls.accessCode }, 409, 'CLASS_ARCHIVED');
    await refused(student, 'POST', `/api/classes/invitations/${cls.inviteToken}/accept`, undefined, 409, 'CLASS_ARCHIVED');
    const [still] = await t.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(still?.archivedAt).toBeInstanceOf(Date);
  });

  it('visitors are asked to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/classes/invitations/${w.cls.inviteToken}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('new join values are drawn again when another class took the same ones first (the transaction goes on)', async () => {
    let attempts = 0;
    const row = await t.db.transaction((tx) =>
      withFreshJoinValues(tx, async (sp, fresh) => {
        attempts++;
        return insertClass(sp, {
          schoolId: w.schoolA.id,
          name: 'Clash test',
          gradeLevel: 'Grade 7',
          section: 'Rosal',
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
          accessCode: attempts === 1 ? w.cls.accessCode : await fresh('code'),
          inviteToken: await fresh('link'),
        });
      }),
    );
    expect(attempts).toBe(2);
    expect(row.accessCode).not.toBe(w.cls.accessCode);
    const [saved] = await t.db.select().from(classes).where(eq(classes.id, row.id));
    expect(saved?.name).toBe('Clash test');
  });
});

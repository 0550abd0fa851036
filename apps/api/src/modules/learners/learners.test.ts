import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { signIn } from '../../test/agent.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildClassWorld, studentAt, type ClassWorld } from '../../test/class-work-world.ts';

describe('learner fields, adviser, attendance and observed values', () => {
  let t: TestApp;
  let w: ClassWorld;
  const url = (what: string) => `/api/classes/${w.cls.id}/${what}`;
  const student = (i: number) => studentAt(w, i);

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
  });
  afterAll(() => t.close());

  describe('learner fields', () => {
    it('validates the LRN and keeps it unique per school only', async () => {
      const admin = await signIn(t.app, w.schoolAdmin.username);
      for (const lrn of ['12345678901', '12345678901a', 'abcdefghijkl']) {
        const res = await admin.req('PUT', `/api/learners/${student(0).id}`, { lrn, sex: 'male', birthDate: null });
        expect(res.statusCode, lrn).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'lrn', key: 'lrn' }] });
      }
      const ok = await admin.req('PUT', `/api/learners/${student(0).id}`, { lrn: ' 136512090001 ', sex: 'male', birthDate: '2013-04-02' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ userId: student(0).id, lrn: '136512090001', sex: 'male', birthDate: '2013-04-02', canEdit: true });
      // Saving the same LRN again on the same learner is fine.
      expect((await admin.req('PUT', `/api/learners/${student(0).id}`, { lrn: '136512090001', sex: 'male', birthDate: '2013-04-02' })).statusCode).toBe(200);

      const dup = await admin.req('PUT', `/api/learners/${student(1).id}`, { lrn: '136512090001', sex: 'female' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'lrn', key: 'lrnTaken' }] });
      expect(dup.json().message).toBeTruthy();

      // Another school may use the same LRN.
      const otherAdmin = await buildUser(t.db, { username: uniq('u'), roleId: ROLE.schoolAdmin, schoolId: w.otherSchool.id });
      const otherStudent = await buildUser(t.db, { username: uniq('u'), roleId: ROLE.student, schoolId: w.otherSchool.id });
      const other = await signIn(t.app, otherAdmin.username);
      expect((await other.req('PUT', `/api/learners/${otherStudent.id}`, { lrn: '136512090001', sex: 'female' })).statusCode).toBe(200);
      // ...but not reach this school's learner.
      expect((await other.req('GET', `/api/learners/${student(0).id}`)).statusCode).toBe(404);
    });

    it('exports the learner fields with the users', async () => {
      const admin = await signIn(t.app, w.schoolAdmin.username);
      const csv = await admin.req('GET', `/api/admin/users/export?format=csv&search=${student(0).username}`);
      expect(csv.statusCode).toBe(200);
      const [header, row] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header?.split(',').slice(-3)).toEqual(['lrn', 'sex', 'birthDate']);
      expect(row?.split(',').slice(-3)).toEqual(['136512090001', 'male', '2013-04-02']);
    });

    it('has no learner fields for a non-student (404)', async () => {
      const admin = await signIn(t.app, w.schoolAdmin.username);
      expect((await admin.req('PUT', `/api/learners/${w.teacher.id}`, { lrn: '136512090009' })).statusCode).toBe(404);
      expect((await admin.req('GET', `/api/learners/${w.teacher.id}`)).statusCode).toBe(404);
    });

    it('lets teachers of the class and the student read, and nobody else', async () => {
      const teacher = await signIn(t.app, w.teacher.username);
      const read = await teacher.req('GET', `/api/learners/${student(0).id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ lrn: '136512090001', canEdit: false });
      expect((await teacher.req('PUT', `/api/learners/${student(0).id}`, { lrn: null })).statusCode).toBe(403);
      const own = await signIn(t.app, student(0).username);
      expect((await own.req('GET', `/api/learners/${student(0).id}`)).json()).toMatchObject({ lrn: '136512090001', sex: 'male' });
      expect((await own.req('GET', `/api/learners/${student(1).id}`)).statusCode).toBe(404);
      const otherTeacher = await signIn(t.app, w.otherTeacher.username);
      expect((await otherTeacher.req('GET', `/api/learners/${student(0).id}`)).statusCode).toBe(404);
      const parent = await signIn(t.app, w.parent.username);
      expect((await parent.req('GET', `/api/learners/${student(0).id}`)).statusCode).toBe(403);
    });
  });

  describe('adviser', () => {
    it('lets the school administrator name a teacher of the class and a teacher name only themselves', async () => {
      const teacher = await signIn(t.app, w.teacher.username);
      const before = await teacher.req('GET', url('adviser'));
      expect(before.json()).toEqual({ teacherId: null, name: null, canEdit: true, candidates: [{ id: w.teacher.id, name: 'Maria Reyes' }] });

      const admin = await signIn(t.app, w.schoolAdmin.username);
      const wrong = await admin.req('PUT', url('adviser'), { teacherId: w.otherTeacher.id });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ fields: [{ path: 'teacherId', key: 'invalidChoice' }] });
      const assistantAsAdviser = await admin.req('PUT', url('adviser'), { teacherId: w.assistant.id });
      expect(assistantAsAdviser.statusCode).toBe(400);

      const assistant = await signIn(t.app, w.assistant.username);
      expect((await assistant.req('PUT', url('adviser'), { teacherId: w.assistant.id })).statusCode).toBe(403);
      expect((await assistant.req('GET', url('adviser'))).json()).toMatchObject({ canEdit: false, candidates: [] });

      const self = await teacher.req('PUT', url('adviser'), { teacherId: w.teacher.id });
      expect(self.statusCode, self.body).toBe(200);
      expect(self.json()).toMatchObject({ teacherId: w.teacher.id, name: 'Maria Reyes' });

      const otherTeacher = await signIn(t.app, w.otherTeacher.username);
      expect((await otherTeacher.req('PUT', url('adviser'), { teacherId: w.otherTeacher.id })).statusCode).toBe(404);
      const s = await signIn(t.app, student(0).username);
      expect((await s.req('GET', url('adviser'))).json()).toMatchObject({ name: 'Maria Reyes', canEdit: false });
      expect((await s.req('PUT', url('adviser'), { teacherId: null })).statusCode).toBe(404);
    });
  });

  describe('attendance', () => {
    const sheet = (): { months: { month: string; schoolDays: number }[]; learners: { studentId: string; present: Record<string, number> }[] } => ({
      months: [
        { month: '2026-06', schoolDays: 11 },
        { month: '2026-07', schoolDays: 23 },
      ],
      learners: [
        { studentId: student(0).id, present: { '2026-06': 11, '2026-07': 20 } },
        { studentId: student(1).id, present: { '2026-06': 10 } },
      ],
    });

    it('refuses strangers, learners and parents (404) and non-advisers of the class (403)', async () => {
      for (const who of [w.otherTeacher, w.foreignTeacher, student(0), w.parent]) {
        const a = await signIn(t.app, who.username);
        expect((await a.req('GET', url('attendance'))).statusCode, who.username).toBe(404);
        expect((await a.req('PUT', url('attendance'), sheet())).statusCode, who.username).toBe(404);
        expect((await a.req('GET', `${url('observed-values')}?quarter=1`)).statusCode, who.username).toBe(404);
      }
      const assistant = await signIn(t.app, w.assistant.username);
      expect((await assistant.req('GET', url('attendance'))).json()).toMatchObject({ canEdit: false });
      expect((await assistant.req('PUT', url('attendance'), sheet())).statusCode).toBe(403);
      expect((await assistant.req('PUT', url('observed-values'), { quarter: 1, learners: [] })).statusCode).toBe(403);
    });

    it('validates days present, months and learners, then round-trips in SF9 order', async () => {
      const adviser = await signIn(t.app, w.teacher.username);
      const tooMany = sheet();
      tooMany.learners[0] = { studentId: student(0).id, present: { '2026-06': 12, '2026-07': 20 } };
      const res = await adviser.req('PUT', url('attendance'), tooMany);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'learners.0.present.2026-06', key: 'notGreaterThan', params: { limit: 11 } }] });

      const outside = sheet();
      outside.months.push({ month: '2027-06', schoolDays: 5 });
      expect((await adviser.req('PUT', url('attendance'), outside)).json()).toMatchObject({ fields: [{ path: 'months.2.month', key: 'invalidChoice' }] });
      const badMonth = await adviser.req('PUT', url('attendance'), { months: [{ month: '2026-13', schoolDays: 5 }], learners: [] });
      expect(badMonth.statusCode).toBe(400);
      const tooLong = await adviser.req('PUT', url('attendance'), { months: [{ month: '2026-08', schoolDays: 32 }], learners: [] });
      expect(tooLong.statusCode).toBe(400);
      const stranger = sheet();
      stranger.learners.push({ studentId: w.outsider.id, present: {} });
      expect((await adviser.req('PUT', url('attendance'), stranger)).json()).toMatchObject({ fields: [{ path: 'learners.2.studentId' }] });
      // Nothing was saved by the refused requests.
      expect((await adviser.req('GET', url('attendance'))).json().months).toEqual([]);

      const admin = await signIn(t.app, w.schoolAdmin.username);
      // Carlo Santos is male (set above); Ana Bautista female, Eduardo Villanueva male; Bea and Dino unknown.
      await admin.req('PUT', `/api/learners/${student(1).id}`, { sex: 'female' });
      await admin.req('PUT', `/api/learners/${student(2).id}`, { sex: 'male' });
      const saved = await adviser.req('PUT', url('attendance'), sheet());
      expect(saved.statusCode, saved.body).toBe(200);
      const body = (await admin.req('GET', url('attendance'))).json();
      expect(body.canEdit).toBe(true);
      expect(body.months).toEqual(sheet().months);
      // Males by last name (Santos, Villanueva), females (Bautista), then the rest (Aquino, Mendoza).
      expect(body.learners.map((l: { name: string }) => l.name)).toEqual(['Carlo Santos', 'Eduardo Villanueva', 'Ana Bautista', 'Bea Aquino', 'Dino Mendoza']);
      expect(body.learners[0]).toMatchObject({ sex: 'male', present: { '2026-06': 11, '2026-07': 20 } });
      expect(body.learners[2]).toMatchObject({ sex: 'female', present: { '2026-06': 10 } });
    });
  });

  describe('observed values', () => {
    it('validates marks and quarters and round-trips per quarter', async () => {
      const adviser = await signIn(t.app, w.teacher.username);
      const bad = await adviser.req('PUT', url('observed-values'), { quarter: 1, learners: [{ studentId: student(0).id, marks: { makaDiyos1: 'XX' } }] });
      expect(bad.statusCode).toBe(400);
      const badStatement = await adviser.req('PUT', url('observed-values'), {
        quarter: 1,
        learners: [{ studentId: student(0).id, marks: { kindness: 'AO' } }],
      });
      expect(badStatement.statusCode).toBe(400);
      expect((await adviser.req('PUT', url('observed-values'), { quarter: 5, learners: [] })).statusCode).toBe(400);
      expect((await adviser.req('GET', `${url('observed-values')}?quarter=0`)).statusCode).toBe(400);

      const ok = await adviser.req('PUT', url('observed-values'), {
        quarter: 1,
        learners: [{ studentId: student(0).id, marks: { makaDiyos1: 'AO', makatao2: 'SO', makabansa1: 'NO' } }],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const q1 = (await adviser.req('GET', `${url('observed-values')}?quarter=1`)).json();
      expect(q1.canEdit).toBe(true);
      expect(q1.learners.find((l: { studentId: string }) => l.studentId === student(0).id).marks).toEqual({
        makaDiyos1: 'AO',
        makatao2: 'SO',
        makabansa1: 'NO',
      });
      const q2 = (await adviser.req('GET', `${url('observed-values')}?quarter=2`)).json();
      expect(q2.learners.every((l: { marks: object }) => Object.keys(l.marks).length === 0)).toBe(true);
    });
  });
});

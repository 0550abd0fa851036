import { beforeAll, describe, expect, it } from 'vitest';
import { defaultQuarters } from '@klase/core/deped/defaults';
import type { HonorRow, ReportCardJob, SubjectGroup } from '@klase/core/deped/contracts';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildDepedCourse, setDepedPolicy } from '../../test/deped-factories.ts';
import { buildGradeItem, setGradebookGrade } from '../../test/gradebook-factories.ts';
import { learnerProfiles } from '../../db/schema/deped.ts';
import { loadReportCards } from './report-card-data.repo.ts';

const pages = (body: Buffer): number => body.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('report cards (SF9) and honors', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let parent: Agent;
  let admin: Agent;
  let otherTeacher: Agent;

  /**
   * Two learning areas; every quarter one WW, PT and QA of 10 points each, so a learner scoring x of
   * 10 everywhere has PS = WS-sum = initial grade = 10·x: 10 → 100 → 100; 9 → 90 → 93 (row 88.80);
   * 8 → 80 → 87 (row 79.20). Jose: Filipino 100, Math 93 → general average 96.5 (With High Honors);
   * Ana: 93 and 93 → 93 (With Honors); Miguel: 87 and 87 → no honors.
   */
  beforeAll(async () => {
    const { t, w } = ctx;
    const quarters = defaultQuarters(2025);
    await setDepedPolicy(t.db, w.schoolA.id, { quarters });
    const scores: Record<string, [number, number]> = { [w.s1.id]: [10, 9], [w.s2.id]: [9, 9], [w.s3.id]: [8, 8] };
    const groups: SubjectGroup[] = ['languages', 'scienceMath'];
    for (const [a, group] of groups.entries()) {
      const c = await buildDepedCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, subjectGroup: group, quarters });
      for (const period of c.periods)
        for (const cat of [c.ww, c.pt, c.qa]) {
          const item = await buildGradeItem(t.db, { courseId: c.course.id, categoryId: cat.id, maxGrade: 10, gradingPeriodId: period.id });
          for (const [studentId, s] of Object.entries(scores))
            await setGradebookGrade(t.db, { courseId: c.course.id, itemId: item.id, studentId, value: s[a]! });
        }
    }
    await t.db.insert(learnerProfiles).values([
      { userId: w.s1.id, schoolId: w.schoolA.id, sex: 'male', lrn: '100000000001', birthDate: '2013-08-01' },
      { userId: w.s2.id, schoolId: w.schoolA.id, sex: 'female' },
      { userId: w.s3.id, schoolId: w.schoolA.id, sex: 'male' },
    ]);
    teacher = await signIn(t.app, w.teacher.username);
    parent = await signIn(t.app, w.parent.username);
    admin = await signIn(t.app, w.admin.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
  });

  it('loads the section: males then females by last name, quarterly and final grades, general average at quarter 4 only', async () => {
    const { t, w } = ctx;
    const cards = await loadReportCards(t.db, w.cls, 4, { today: '2026-06-01' });
    expect(cards.map((c) => c.learner.id)).toEqual([w.s1.id, w.s3.id, w.s2.id]);
    const jose = cards[0]!;
    expect(jose.learner.lrn).toBe('100000000001');
    expect(jose.age).toBe(12);
    expect(jose.areas.map((a) => [a.quarters, a.final, a.remarks])).toEqual(
      expect.arrayContaining([
        [[100, 100, 100, 100], 100, 'passed'],
        [[93, 93, 93, 93], 93, 'passed'],
      ]),
    );
    expect(jose.generalAverage).toEqual({ value: 97, exact: 96.5, remarks: 'passed' });
    const q2 = await loadReportCards(t.db, w.cls, 2, { studentIds: [w.s2.id] });
    expect(q2).toHaveLength(1);
    expect(q2[0]!.areas[0]).toMatchObject({ quarters: [93, 93, null, null], final: null });
    expect(q2[0]!.generalAverage).toBeNull();
  });

  it('gives one learner’s card as a PDF to the teacher, the school administrator and the learner’s parent', async () => {
    const { w } = ctx;
    for (const who of [teacher, admin, parent]) {
      const res = await who.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s1.id}?quarter=1&paper=folio&lang=ph`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pages(res.rawPayload)).toBe(2);
    }
  });

  it('answers 404 to a parent of another child, a teacher of another class, another school, and for a learner not in the class', async () => {
    const { t, w } = ctx;
    const teacherB = await signIn(t.app, w.teacherB.username);
    expect((await parent.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s2.id}?quarter=1`)).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s1.id}?quarter=1`)).statusCode).toBe(404);
    expect((await teacherB.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s1.id}?quarter=1`)).statusCode).toBe(404);
    expect((await teacher.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s4.id}?quarter=1`)).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', `/api/classes/${w.cls.id}/honors`)).statusCode).toBe(404);
    expect((await parent.req('POST', `/api/classes/${w.cls.id}/report-cards`, { quarter: 1 })).statusCode).toBe(403);
    const student = await signIn(t.app, w.s1.username);
    expect((await student.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s1.id}?quarter=1`)).statusCode).toBe(403);
  });

  it('refuses a bad quarter (400) and a custom-policy school (409 DEPED_POLICY_OFF)', async () => {
    const { t, w } = ctx;
    const bad = await teacher.req('GET', `/api/classes/${w.cls.id}/report-cards/${w.s1.id}?quarter=5`);
    expect(bad.statusCode).toBe(400);
    const teacherB = await signIn(t.app, w.teacherB.username);
    const off = await teacherB.req('GET', `/api/classes/${w.classB.id}/report-cards/${w.studentB.id}?quarter=1`);
    expect(off.statusCode).toBe(409);
    expect(off.json<{ code: string }>().code).toBe('DEPED_POLICY_OFF');
    expect((await teacherB.req('POST', `/api/classes/${w.classB.id}/report-cards`, { quarter: 1 })).statusCode).toBe(409);
  });

  it('builds the whole section in the background: 202, progress, then one file with every learner’s card', async () => {
    const { t, w } = ctx;
    const start = await teacher.req('POST', `/api/classes/${w.cls.id}/report-cards`, { quarter: 4, paper: 'a4', lang: 'en-us' });
    expect(start.statusCode, start.body).toBe(202);
    const job = start.json<ReportCardJob>();
    expect(job).toMatchObject({ state: 'queued', done: 0, total: 3, fileName: null });
    expect((await teacher.req('GET', `/api/classes/${w.cls.id}/report-cards/jobs/${job.id}/file`)).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', `/api/classes/${w.cls.id}/report-cards/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', `/api/classes/${w.otherClass.id}/report-cards/jobs/${job.id}`)).statusCode).toBe(404);
    await t.app.reportCardWorker.flush();
    const status = await teacher.req('GET', `/api/classes/${w.cls.id}/report-cards/jobs/${job.id}`);
    expect(status.json<ReportCardJob>()).toMatchObject({ state: 'done', done: 3, total: 3, fileName: 'SF9-Q4.pdf' });
    const file = await admin.req('GET', `/api/classes/${w.cls.id}/report-cards/jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages(file.rawPayload)).toBe(6);
  });

  it('lists honors from the general averages, best first, per section and per grade level', async () => {
    const { w } = ctx;
    const expected: Partial<HonorRow>[] = [
      { studentId: w.s1.id, generalAverage: 96.5, honor: 'high', classId: w.cls.id },
      { studentId: w.s2.id, generalAverage: 93, honor: 'honors', classId: w.cls.id },
    ];
    const section = await teacher.req('GET', `/api/classes/${w.cls.id}/honors`);
    expect(section.statusCode, section.body).toBe(200);
    expect(section.json<HonorRow[]>()).toEqual(expected.map((e) => expect.objectContaining(e)));
    const level = await admin.req('GET', `/api/school/honors?gradeLevel=${encodeURIComponent(w.cls.gradeLevel)}`);
    expect(level.statusCode, level.body).toBe(200);
    expect(level.json<HonorRow[]>()).toEqual(expected.map((e) => expect.objectContaining(e)));
    expect((await parent.req('GET', `/api/school/honors?gradeLevel=x`)).statusCode).toBe(403);
    expect((await admin.req('GET', `/api/school/honors`)).statusCode).toBe(400);
  });
});

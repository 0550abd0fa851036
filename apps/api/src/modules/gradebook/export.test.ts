import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildGroup } from '../../test/class-factories.ts';
import { setGradebookGrade } from '../../test/gradebook-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildWeightedSetup } from '../../test/gradebook-world.ts';

describe('gradebook export', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let jose: Agent;

  beforeAll(async () => {
    teacher = await signIn(ctx.t.app, ctx.w.teacher.username);
    jose = await signIn(ctx.t.app, ctx.w.s1.username);
  });

  it('writes one CSV row per student with grades, category totals, the course total and the final grade', async () => {
    const { w, t } = ctx;
    const s = await buildWeightedSetup(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    for (const [item, value] of [
      [s.q1, 10],
      [s.q2, 5],
      [s.q3, 8],
      [s.e1, 70],
    ] as const) {
      await setGradebookGrade(t.db, { courseId: s.course.id, itemId: item.id, studentId: w.s1.id, value });
    }
    const res = await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/export?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`${s.course.code}-grades-`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Username,Quiz 1,Quiz 2,Quiz 3,Periodical exam,Quizzes total,Exams total,Course total,Final grade');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`Jose Dela Cruz,${w.s1.username},10.00,5.00,8.00,70.00,90.00,70.00,78.00,78.00`);
    expect(lines).toContain(`Ana Bonifacio,${w.s2.username},,,,,,,,`);
  });

  it('keeps a group’s members, answers XLSX, and refuses students and unknown groups', async () => {
    const { w, t } = ctx;
    const s = await buildWeightedSetup(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const group = await buildGroup(t.db, w.cls.id, [w.s3], { name: 'Team Luna' });
    const csv = await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/export?format=csv&groupId=${group.id}`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^Miguel Villanueva,/);
    const xlsx = await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/export?groupId=${s.q1.id}`)).statusCode).toBe(404);
    expect((await jose.req('GET', `/api/courses/${s.course.id}/gradebook/export`)).statusCode).toBe(404);
  });
});

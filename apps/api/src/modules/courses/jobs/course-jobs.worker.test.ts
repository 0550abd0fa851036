import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseCopyAnswer, CourseRow } from '@klase/core/courses/contracts';
import { buildApp } from '../../../app.ts';
import { courseJobs } from '../../../db/schema/course-jobs.ts';
import { auditLog } from '../../../db/schema/platform.ts';
import { courses } from '../../../db/schema/courses.ts';
import { signIn, type Agent } from '../../../test/agent.ts';
import { useClassWorld } from '../../../test/class-world.ts';
import { claimJob } from './course-jobs.repo.ts';
import { createCourseJobWorker } from './course-jobs.worker.ts';
import type { CourseJobHooks } from './course-work.ts';
import { buildSourceCourse, countsOf, jobsOf } from '../../../test/course-jobs-world.ts';

describe('course job worker: failures, retries and restarts', () => {
  const ctx = useClassWorld();

  /** Another node's worker on the same database (retries wait `retryMs`). */
  const node = (hooks: CourseJobHooks = {}, retryMs = 60_000) =>
    createCourseJobWorker({ database: ctx.t.app.database, storage: ctx.t.app.storage, pollMs: 60_000, log: ctx.t.app.log, retryMs, hooks });

  const startCopy = async (teacher: Agent) => {
    const source = await buildSourceCourse(teacher, ctx.t.db, ctx.w.cls.id, ctx.w.s1);
    const res = await teacher.req('POST', `/api/courses/${source.course.id}/copy`, { targetClassId: ctx.w.cls.id });
    expect(res.statusCode, res.body).toBe(202);
    return { source, courseId: res.json<CourseCopyAnswer>().courseId };
  };

  /** Lets the job's lease (or retry delay) run out, as time would. */
  const expireLease = (courseId: string) =>
    ctx.t.db
      .update(courseJobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(courseJobs.courseId, courseId));

  it('a copy killed mid-transaction leaves nothing; once its delay runs out another node copies it exactly once', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { source, courseId } = await startCopy(teacher);
    const seenInside: number[] = [];
    const dying = node({
      duringCopy: async (tx) => {
        seenInside.push((await countsOf(tx, courseId)).elements);
        throw new Error('node killed mid-copy');
      },
    });
    expect(await dying.flush()).toBe(1);
    // Half way through, the elements were written inside the transaction...
    expect(seenInside).toEqual([2]);
    // ... and none of them outlived it.
    expect(await countsOf(t.db, courseId)).toEqual({ elements: 0, materials: 0 });
    expect((await jobsOf(t.db, courseId))[0]).toMatchObject({ status: 'queued', attempts: 1, error: 'node killed mid-copy' });
    expect((await t.db.select().from(courses).where(eq(courses.id, courseId)))[0]).toMatchObject({ job: 'copying', imageKey: null });
    expect(await t.app.courseJobWorker.flush()).toBe(0);

    await expireLease(courseId);
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    expect(await countsOf(t.db, courseId)).toEqual(await countsOf(t.db, source.course.id));
    expect(await jobsOf(t.db, courseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 2, error: null })]);
    expect(await t.app.courseJobWorker.flush()).toBe(0);
    expect(await countsOf(t.db, courseId)).toEqual({ elements: 2, materials: 8 });
    await dying.stop();
  });

  it('a node that dies holding the lease: a new app on the same database resumes the copy once the lease runs out', async () => {
    const { t, w } = ctx;
    const nodeA = await buildApp(t.config, { database: t.app.database });
    await nodeA.ready();
    const teacherA = await signIn(nodeA, w.teacher.username);
    const { source, courseId } = await startCopy(teacherA);
    // Node A's worker claims the job (status running, lease held) and the node goes away.
    const claimed = await claimJob(nodeA.database.db);
    expect(claimed).toMatchObject({ courseId, status: 'running', attempts: 1 });
    await nodeA.close();

    const nodeB = await buildApp(t.config, { database: t.app.database });
    await nodeB.ready();
    expect(await nodeB.courseJobWorker.flush()).toBe(0);
    const teacher = await signIn(nodeB, w.teacher.username);
    const listed = (await teacher.req('GET', '/api/courses?filter[key]=status&filter[values][]=copying')).json<{ data: CourseRow[] }>();
    expect(listed.data.map((c) => c.id)).toContain(courseId);
    await expireLease(courseId);
    expect(await nodeB.courseJobWorker.flush()).toBe(1);
    expect(await countsOf(t.db, courseId)).toEqual(await countsOf(t.db, source.course.id));
    expect(await jobsOf(t.db, courseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
    expect(await t.db.$count(auditLog, sql`${auditLog.targetId} = ${courseId} and ${auditLog.action} = 'course.copied'`)).toBe(1);
    await nodeB.close();
  });

  it('two nodes draining at once copy each job exactly once', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const first = await startCopy(teacher);
    const second = await startCopy(teacher);
    const other = node();
    const [a, b] = await Promise.all([t.app.courseJobWorker.flush(), other.flush()]);
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    for (const { courseId } of [first, second]) {
      expect(await countsOf(t.db, courseId)).toEqual({ elements: 2, materials: 8 });
      expect(await jobsOf(t.db, courseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    }
    await other.stop();
  });

  it('a copy failing on every attempt ends empty as copyFailed after three tries; it cannot be copied, only deleted', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { courseId } = await startCopy(teacher);
    let tries = 0;
    const failing = node(
      {
        duringCopy: () => {
          tries += 1;
          throw new Error('disk on fire');
        },
      },
      0,
    );
    expect(await failing.flush()).toBe(3);
    expect(tries).toBe(3);
    expect(await countsOf(t.db, courseId)).toEqual({ elements: 0, materials: 0 });
    expect(await jobsOf(t.db, courseId)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 3, error: 'disk on fire', finishedAt: expect.any(Date) }),
    ]);
    const row = (await teacher.req('GET', `/api/courses?filter[key]=status&filter[values][]=unpublished&search=${encodeURIComponent('(copy)')}`)).json<{
      data: CourseRow[];
    }>();
    expect(row.data.find((c) => c.id === courseId)).toMatchObject({ job: 'copyFailed', elementCount: 0, materialCount: 0, imageUrl: null });
    expect(await t.db.$count(auditLog, sql`${auditLog.targetId} = ${courseId} and ${auditLog.action} = 'course.copy-failed'`)).toBe(1);
    const again = await teacher.req('POST', `/api/courses/${courseId}/copy`, { targetClassId: w.cls.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COPY_FAILED', message: 'Copy unsuccessful, Please try again.' });

    expect((await teacher.req('DELETE', `/api/courses/${courseId}`)).statusCode).toBe(202);
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    expect(await t.db.$count(courses, eq(courses.id, courseId))).toBe(0);
    await failing.stop();
  });

  it('fails at once when the source is gone, and gives up on a job whose nodes died three times', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const lost = await startCopy(teacher);
    await t.db.delete(courses).where(eq(courses.id, lost.source.course.id));
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    expect(await jobsOf(t.db, lost.courseId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, error: 'the source course is gone' })]);
    expect((await t.db.select().from(courses).where(eq(courses.id, lost.courseId)))[0]?.job).toBe('copyFailed');

    const doomed = await startCopy(teacher);
    await t.db
      .update(courseJobs)
      .set({ status: 'running', attempts: 3, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(courseJobs.courseId, doomed.courseId));
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    expect(await jobsOf(t.db, doomed.courseId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 4, error: 'gave up after 3 attempts' })]);
    expect(await countsOf(t.db, doomed.courseId)).toEqual({ elements: 0, materials: 0 });
  });

  it('a deletion that fails for good gives the course back, unpublished', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { source } = await startCopy(teacher);
    await t.app.courseJobWorker.flush();
    expect((await teacher.req('DELETE', `/api/courses/${source.course.id}`)).statusCode).toBe(202);
    await t.db.update(courseJobs).set({ attempts: 3 }).where(eq(courseJobs.courseId, source.course.id));
    await t.db
      .update(courseJobs)
      .set({ status: 'running', leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(courseJobs.courseId, source.course.id));
    expect(await t.app.courseJobWorker.flush()).toBe(1);
    expect((await t.db.select().from(courses).where(eq(courses.id, source.course.id)))[0]).toMatchObject({ job: null, published: false });
    expect(await countsOf(t.db, source.course.id)).toEqual({ elements: 2, materials: 8 });
  });
});

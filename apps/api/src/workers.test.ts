import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { startWorkers, WORKERS } from './workers.ts';

describe('workers.ts: every background worker in one list', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('buildApp creates every listed worker, including the ones routes wake and the mailer', async () => {
    t = await createTestApp();
    expect(WORKERS.map((w) => w.name)).toEqual([
      'mail outbox',
      'bulk uploads',
      'course copy and delete jobs',
      'report cards (SF9 of a section)',
      'portfolio exports (ZIP)',
      'quiz sweep',
      'grade recompute',
      'notifications (due soon, digests)',
      'real-time event prune',
      'message mail',
      'activity rollup and prune',
      'announcements (start notices)',
    ]);
    expect(t.app.workers).toHaveLength(WORKERS.length);
    expect(t.app.workers).toContain(t.app.mailer);
    expect(t.app.workers).toContain(t.app.bulkWorker);
    expect(t.app.workers).toContain(t.app.courseJobWorker);
    expect(t.app.workers).toContain(t.app.reportCardWorker);
    expect(t.app.workers).toContain(t.app.activityWorker);
    expect(new Set(t.app.workers).size).toBe(WORKERS.length);
  });

  it('startWorkers starts each one once, in list order; closing the app stops each, last started first', async () => {
    t = await createTestApp();
    const calls: string[] = [];
    t.app.workers.forEach((worker, i) => {
      const name = WORKERS[i]?.name ?? '';
      const start = worker.start.bind(worker);
      const stop = worker.stop.bind(worker);
      vi.spyOn(worker, 'start').mockImplementation(async () => {
        calls.push(`start ${name}`);
        await start();
      });
      vi.spyOn(worker, 'stop').mockImplementation(async () => {
        calls.push(`stop ${name}`);
        await stop();
      });
    });
    await startWorkers(t.app);
    const names = WORKERS.map((w) => w.name);
    expect(calls).toEqual(names.map((n) => `start ${n}`));
    calls.length = 0;
    await t.close();
    t = undefined;
    expect(calls).toEqual([...names].reverse().map((n) => `stop ${n}`));
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildWeightedSetup, enter } from '../../test/gradebook-world.ts';

// Records which course's setup is read; the real reads still run. The API project shares modules
// between the files of a worker (isolate: false in vitest.config.ts): the registry is emptied first,
// so this file's imports load the services afresh, on top of the mocked repo.
const reads = vi.hoisted((): string[] => {
  vi.resetModules();
  return [];
});
vi.mock('./setup.repo.ts', async (original) => {
  const real = await original<typeof import('./setup.repo.ts')>();
  return { ...real, readSetupRecords: (...args: Parameters<typeof real.readSetupRecords>) => (reads.push(args[1]), real.readSetupRecords(...args)) };
});

describe('grade entry reads the course setup once', () => {
  const ctx = useClassWorld();
  let teacher: Agent;

  beforeAll(async () => {
    teacher = await signIn(ctx.t.app, ctx.w.teacher.username);
  });

  it('checks the value and recomputes the totals with one read of the setup', async () => {
    const { w } = ctx;
    const s = await buildWeightedSetup(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    reads.length = 0;
    const r = await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: 80 });
    expect(r.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(80, 5);
    expect(reads.filter((courseId) => courseId === s.course.id)).toHaveLength(1);
  });
});

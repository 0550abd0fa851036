import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervise } from './supervisor.ts';

/** A child that records each start, crashes on its first two starts, then stays up until SIGTERM. */
const CHILD = `
import { appendFileSync, readFileSync } from 'node:fs';
const log = process.argv[2];
appendFileSync(log, 'start ' + process.pid + ' ' + Date.now() + '\\n');
const starts = readFileSync(log, 'utf8').split('\\n').filter((l) => l.startsWith('start')).length;
if (starts === 1) process.exit(3);
if (starts === 2) throw new Error('crash');
process.on('SIGTERM', () => { appendFileSync(log, 'stopped\\n'); process.exit(0); });
setInterval(() => {}, 1000);
`;

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('supervisor', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'klase-supervisor-'));
    await writeFile(path.join(dir, 'child.mjs'), CHILD);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts a crashed child again with a growing back-off, one at a time, and stops it on request', async () => {
    const log = path.join(dir, 'starts.log');
    const messages: string[] = [];
    const sup = supervise({ script: path.join(dir, 'child.mjs'), args: [log], minBackoffMs: 200, maxBackoffMs: 2000, log: (m) => messages.push(m) });
    const lines = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((l) => l !== '');
    await until(async () => (await lines()).length === 3 && sup.pid() !== undefined);
    const starts = (await lines()).map((l) => l.split(' '));
    expect(new Set(starts.map((s) => s[1])).size).toBe(3);
    const at = starts.map((s) => Number(s[2]));
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(200);
    expect((at[2] ?? 0) - (at[1] ?? 0)).toBeGreaterThanOrEqual(400);
    expect(messages).toEqual([
      'Klase API process exited (code 3); starting it again in 0.2 s.',
      'Klase API process exited (code 1); starting it again in 0.4 s.',
    ]);
    expect(sup.pid()).toBe(Number(starts[2]?.[1]));
    expect(await sup.stop()).toBe(0);
    expect((await lines()).at(-1)).toBe('stopped');
    await new Promise((r) => setTimeout(r, 500));
    expect(sup.starts()).toBe(3);
    expect(sup.pid()).toBeUndefined();
  }, 30_000);
});

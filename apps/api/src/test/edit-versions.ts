import { expect } from 'vitest';
import type { ErrorBody } from '@klase/core/errors';
import type { Agent } from './agent.ts';

/** How to read and save one versioned record as two of its editors. */
export interface VersionedRecord {
  /** Two people who may both edit the record. */
  first: Agent;
  second: Agent;
  /** The first editor's full name, as the conflict names them. */
  firstName: string;
  /** Reads the record's current version. */
  readVersion: () => Promise<number>;
  /** `PUT` URL of the record's form. */
  url: string;
  /** A valid form body; `n` makes each save's content different. */
  body: (n: number) => Record<string, unknown>;
  /** The saved content, read back, for the body of save `n` (checks which save won). */
  savedMark?: () => Promise<unknown>;
  mark?: (n: number) => unknown;
}

const put = (agent: Agent, r: VersionedRecord, n: number, version: number, overwrite?: boolean) =>
  agent.req('PUT', r.url, { ...r.body(n), version, ...(overwrite === undefined ? {} : { overwrite }) });

/**
 * The four rules of an edit version, for one record: a save from the current version works and
 * bumps it; a save from an older one gets 409 EDIT_CONFLICT naming who saved and when; the same
 * save with `overwrite` works; of two saves from the same version at once exactly one wins.
 */
export const checkEditVersions = async (r: VersionedRecord): Promise<void> => {
  const v0 = await r.readVersion();
  const before = Date.now();

  const fresh = await put(r.first, r, 1, v0);
  expect(fresh.statusCode, fresh.body).toBe(200);
  expect(await r.readVersion()).toBe(v0 + 1);

  const stale = await put(r.second, r, 2, v0);
  expect(stale.statusCode, stale.body).toBe(409);
  const conflict = stale.json<ErrorBody>();
  expect(conflict.code).toBe('EDIT_CONFLICT');
  expect(conflict.params).toMatchObject({ name: r.firstName, version: v0 + 1 });
  const at = Date.parse(String(conflict.params?.at));
  expect(at).toBeGreaterThanOrEqual(before - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  expect(conflict.message).toContain(`${r.firstName} changed this at `);
  expect(await r.readVersion()).toBe(v0 + 1);
  if (r.savedMark && r.mark) expect(await r.savedMark()).toEqual(r.mark(1));

  const forced = await put(r.second, r, 3, v0, true);
  expect(forced.statusCode, forced.body).toBe(200);
  expect(await r.readVersion()).toBe(v0 + 2);
  if (r.savedMark && r.mark) expect(await r.savedMark()).toEqual(r.mark(3));

  const both = await Promise.all([put(r.first, r, 4, v0 + 2), put(r.second, r, 5, v0 + 2)]);
  expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  expect(await r.readVersion()).toBe(v0 + 3);
  if (r.savedMark && r.mark) {
    const winner = both[0]?.statusCode === 200 ? 4 : 5;
    expect(await r.savedMark()).toEqual(r.mark(winner));
  }
};

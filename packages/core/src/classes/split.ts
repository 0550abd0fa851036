import type { SplitBy, SplitOrder } from '../class-work/contracts.ts';

/**
 * Splits students into groups for "generate groups" (spec: by a number of groups or by a maximum
 * number of members per group, at random or alphabetically). Group sizes differ by at most one;
 * with `members`, no group is larger than `size`. Pure: the caller passes the random source, so
 * the server uses crypto randomness and tests use a fixed sequence.
 */
export interface SplitStudent {
  id: string;
  sortName: string;
}

export type SplitProblem = { kind: 'noStudents' } | { kind: 'tooManyGroups'; limit: number } | { kind: 'notPositive' };

/** How many groups a split makes, or the reason it cannot be made. */
export const groupCount = (students: number, by: SplitBy, size: number): number | SplitProblem => {
  if (!Number.isInteger(size) || size <= 0) return { kind: 'notPositive' };
  if (students === 0) return { kind: 'noStudents' };
  if (by === 'groups') return size > students ? { kind: 'tooManyGroups', limit: students } : size;
  return Math.ceil(students / size);
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Fisher–Yates with an injected `random()` in [0, 1). */
export const shuffle = <T>(items: readonly T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

export const splitStudents = <S extends SplitStudent>(
  students: readonly S[],
  opts: { by: SplitBy; size: number; order: SplitOrder; random: () => number },
): S[][] | SplitProblem => {
  const count = groupCount(students.length, opts.by, opts.size);
  if (typeof count !== 'number') return count;
  const ordered =
    opts.order === 'alphabetical'
      ? [...students].sort((a, b) => collator.compare(a.sortName, b.sortName) || a.id.localeCompare(b.id))
      : shuffle(students, opts.random);
  const base = Math.floor(ordered.length / count);
  const extra = ordered.length % count;
  const groups: S[][] = [];
  let at = 0;
  for (let g = 0; g < count; g++) {
    const take = base + (g < extra ? 1 : 0);
    groups.push(ordered.slice(at, at + take));
    at += take;
  }
  return groups;
};

/** "Group 1", "Group 2", ...: names of generated groups from a prefix. */
export const generatedNames = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix.trim()} ${i + 1}`);

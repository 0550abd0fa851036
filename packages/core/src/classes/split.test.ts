import { describe, expect, it } from 'vitest';
import { generatedNames, groupCount, shuffle, splitStudents } from './split.ts';

const students = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${String(i).padStart(2, '0')}`, sortName: `Name ${String.fromCharCode(90 - i)}` }));

const seq = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('splitStudents', () => {
  it('makes the asked number of groups with sizes differing by at most one, each student once', () => {
    const out = splitStudents(students(10), { by: 'groups', size: 3, order: 'random', random: Math.random });
    if (!Array.isArray(out)) throw new Error('expected groups');
    expect(out.map((g) => g.length)).toEqual([4, 3, 3]);
    const ids = out.flat().map((s) => s.id);
    expect(new Set(ids).size).toBe(10);
  });

  it('caps members per group and balances the rest', () => {
    const out = splitStudents(students(10), { by: 'members', size: 4, order: 'alphabetical', random: Math.random });
    if (!Array.isArray(out)) throw new Error('expected groups');
    expect(out.map((g) => g.length)).toEqual([4, 3, 3]);
    expect(out.every((g) => g.length <= 4)).toBe(true);
  });

  it('orders alphabetically by sort name when asked', () => {
    const out = splitStudents(students(4), { by: 'groups', size: 2, order: 'alphabetical', random: Math.random });
    if (!Array.isArray(out)) throw new Error('expected groups');
    expect(out.flat().map((s) => s.sortName)).toEqual(['Name W', 'Name X', 'Name Y', 'Name Z']);
  });

  it('uses the random source for random order', () => {
    const a = splitStudents(students(6), { by: 'groups', size: 2, order: 'random', random: seq([0.1, 0.9, 0.5, 0.3, 0.7]) });
    const b = splitStudents(students(6), { by: 'groups', size: 2, order: 'random', random: seq([0.1, 0.9, 0.5, 0.3, 0.7]) });
    expect(a).toEqual(b);
    expect(shuffle([1, 2, 3], seq([0])).sort()).toEqual([1, 2, 3]);
  });

  it('refuses more groups than students, zero or negative sizes and an empty class', () => {
    expect(splitStudents(students(2), { by: 'groups', size: 3, order: 'random', random: Math.random })).toEqual({ kind: 'tooManyGroups', limit: 2 });
    expect(groupCount(5, 'groups', 0)).toEqual({ kind: 'notPositive' });
    expect(groupCount(5, 'members', -2)).toEqual({ kind: 'notPositive' });
    expect(groupCount(0, 'members', 3)).toEqual({ kind: 'noStudents' });
    expect(groupCount(5, 'members', 9)).toBe(1);
  });

  it('names groups from a prefix', () => {
    expect(generatedNames(' Team ', 3)).toEqual(['Team 1', 'Team 2', 'Team 3']);
  });
});

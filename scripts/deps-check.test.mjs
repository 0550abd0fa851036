import { describe, expect, it } from 'vitest';
import { compareToBaseline, countPerRule } from './deps-check.mjs';

const v = (name, from, to) => ({ type: 'dependency', from, to, rule: { severity: 'error', name } });

describe('import boundary baseline', () => {
  it('reports a violation the baseline lacks as added, and a baseline entry that no longer occurs as gone', () => {
    const baseline = [v('web-features-apart', 'a.ts', 'b.ts'), v('no-circular', 'c.ts', 'd.ts')];
    const current = [v('no-circular', 'c.ts', 'd.ts'), v('api-sql-in-repos', 'e.ts', 'f.ts')];
    const { added, gone } = compareToBaseline(baseline, current);
    expect(added).toEqual([v('api-sql-in-repos', 'e.ts', 'f.ts')]);
    expect(gone).toEqual([v('web-features-apart', 'a.ts', 'b.ts')]);
  });

  it('tells the same edge under another rule apart', () => {
    const { added, gone } = compareToBaseline([v('web-features-apart', 'a.ts', 'b.ts')], [v('no-circular', 'a.ts', 'b.ts')]);
    expect(added).toHaveLength(1);
    expect(gone).toHaveLength(1);
  });

  it('counts per rule and lists rules without violations as zero', () => {
    expect(countPerRule(['no-circular', 'core-imports-no-app'], [v('no-circular', 'a', 'b'), v('no-circular', 'b', 'a')])).toEqual({
      'no-circular': 2,
      'core-imports-no-app': 0,
    });
  });
});

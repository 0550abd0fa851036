import { describe, expect, it } from 'vitest';
import { CELL } from '@klase/core/gradebook/views';
import { cellLocked, checkEntry, columnGroups, depedCell, gridColumns, visibleStudents } from './grid-model.ts';
import { applyEntry } from './gradebook-api.ts';
import { depedGridFixture, itemFixture, gridFixture } from './grid-test-data.ts';
import { windowOf } from './use-grid-window.ts';

const withPeriods = () => {
  const grid = gridFixture({
    periods: [
      { version: 1, id: 'q1', name: 'Quarter 1', startsOn: '2026-06-01', endsOn: '2026-08-31', weight: 50 },
      { version: 1, id: 'q2', name: 'Quarter 2', startsOn: '2026-09-01', endsOn: '2026-11-30', weight: 50 },
    ],
  });
  grid.items = grid.items.map((i) => ({ ...i, periodId: i.id === 'quiz' ? 'q2' : 'q1' }));
  return grid;
};

describe('grid columns', () => {
  it('lists the items, then category, course, period totals and the final grade', () => {
    expect(gridColumns(withPeriods(), null).map((c) => c.key)).toEqual([
      'item:quiz',
      'item:essay',
      'item:recit',
      'cat:ww',
      'cat:pt',
      'cat:root',
      'period:q1',
      'period:q2',
      'final',
    ]);
    // Without periods there is no period total and no final column.
    expect(gridColumns(gridFixture(), null).map((c) => c.key)).toEqual(['item:quiz', 'item:essay', 'item:recit', 'cat:ww', 'cat:pt', 'cat:root']);
  });

  it('shows a period’s items and its total when a period is chosen', () => {
    expect(gridColumns(withPeriods(), 'q1').map((c) => c.key)).toEqual(['item:essay', 'item:recit', 'period:q1']);
  });

  it('groups consecutive items of a category under one header', () => {
    const groups = columnGroups(gridColumns(gridFixture(), null));
    expect(groups.map((g) => [g.name, g.start, g.span])).toEqual([
      ['Written works', 0, 1],
      ['Performance tasks', 1, 2],
      [null, 3, 3],
    ]);
  });
});

describe('grid columns of a DepEd learning area', () => {
  it('shows the category totals, the four quarterly grades and the DepEd final grade, and no course total', () => {
    const columns = gridColumns(depedGridFixture(), null);
    expect(columns.map((c) => c.key)).toEqual([
      'item:quiz',
      'item:essay',
      'item:recit',
      'cat:ww',
      'cat:pt',
      'quarter:1',
      'quarter:2',
      'quarter:3',
      'quarter:4',
      'deped:final',
    ]);
    expect(columns.filter((c) => c.kind === 'total').map((c) => (c.kind === 'total' ? [c.total, c.quarter ?? null] : null))).toEqual([
      ['category', null],
      ['category', null],
      ['quarter', 1],
      ['quarter', 2],
      ['quarter', 3],
      ['quarter', 4],
      ['depedFinal', null],
    ]);
  });

  it('shows a quarter’s quarterly grade when its period is chosen', () => {
    expect(gridColumns(depedGridFixture(), 'p1').map((c) => c.key)).toEqual(['item:quiz', 'quarter:1']);
  });

  it('reads a quarter’s cell as the whole-number quarterly grade, "-" without one, and sorts by it', () => {
    const grid = depedGridFixture();
    const [, , , , , q1, q2, , , final] = gridColumns(grid, null);
    const [ana, ben] = grid.students;
    if (q1?.kind !== 'total' || q2?.kind !== 'total' || final?.kind !== 'total') throw new Error('no DepEd columns');
    expect(depedCell(ana!, q1)).toEqual({ text: '90', grade: 90, initial: 84.86, descriptor: 'outstanding' });
    expect(depedCell(ana!, q2)).toEqual({ text: '-', grade: null, initial: null, descriptor: null });
    expect(depedCell(ben!, q1).text).toBe('-');
    expect(depedCell(ana!, final).text).toBe('-');
    expect(visibleStudents(grid, { groupId: null, search: '', sort: { key: 'quarter:1', dir: 'desc' } }).map((s) => s.name)).toEqual(['Ana Cruz', 'Ben Reyes']);
    expect(visibleStudents(grid, { groupId: null, search: '', sort: { key: 'quarter:1', dir: 'asc' } }).map((s) => s.name)).toEqual(['Ana Cruz', 'Ben Reyes']);
  });

  it('takes a saved grade’s DepEd grades into the student’s row', () => {
    const deped = {
      quarters: ([1, 2, 3, 4] as const).map((quarter) => ({ quarter, initial: 90, quarterly: 93, descriptor: 'outstanding' as const })),
      final: 93,
      finalDescriptor: 'outstanding' as const,
    };
    const next = applyEntry(depedGridFixture(), { itemId: 'quiz', studentId: 'ben', value: 19, flags: 0, totals: {}, deped });
    expect(next.students[1]!.deped).toEqual(deped);
    expect(depedCell(next.students[1]!, { kind: 'total', key: 'deped:final', total: 'depedFinal', name: '' }).text).toBe('93');
  });
});

describe('students shown', () => {
  it('filters by group and name and sorts by a total, empty totals last', () => {
    const grid = gridFixture();
    expect(visibleStudents(grid, { groupId: 'g1', search: '', sort: { key: 'name', dir: 'asc' } }).map((s) => s.name)).toEqual(['Ana Cruz']);
    expect(visibleStudents(grid, { groupId: null, search: 'REY', sort: { key: 'name', dir: 'asc' } }).map((s) => s.name)).toEqual(['Ben Reyes']);
    expect(visibleStudents(grid, { groupId: null, search: '', sort: { key: 'name', dir: 'desc' } }).map((s) => s.name)).toEqual(['Ben Reyes', 'Ana Cruz']);
    expect(visibleStudents(grid, { groupId: null, search: '', sort: { key: 'cat:root', dir: 'asc' } }).map((s) => s.name)).toEqual(['Ana Cruz', 'Ben Reyes']);
  });
});

describe('checkEntry (the server’s rule)', () => {
  const quiz = itemFixture('quiz', 'Quiz', 'ww', { minGrade: 0, maxGrade: 20 });
  const scaled = itemFixture('r', 'Recitation', 'ww', { gradeType: 'scale', scaleId: 's', minGrade: 1, maxGrade: 3 });
  const scale = {
    version: 1,
    id: 's',
    name: 'Effort',
    values: ['Poor', 'Fair', 'Good'],
    description: '',
    kind: 'custom' as const,
    minGrade: 1,
    maxGrade: 3,
    usedBy: 1,
    canEdit: true,
  };

  it('takes numbers in range, comma decimals, and blank as "no grade"', () => {
    expect(checkEntry('12.5', quiz, undefined)).toEqual({ ok: true, value: 12.5 });
    expect(checkEntry('12,5', quiz, undefined)).toEqual({ ok: true, value: 12.5 });
    expect(checkEntry(' ', quiz, undefined)).toEqual({ ok: true, value: null });
    expect(checkEntry('2', scaled, scale)).toEqual({ ok: true, value: 2 });
  });

  it('refuses text, too many decimals and values out of range', () => {
    expect(checkEntry('abc', quiz, undefined)).toEqual({ ok: false, issue: { path: 'value', key: 'number' } });
    expect(checkEntry('1.234', quiz, undefined)).toMatchObject({ ok: false, issue: { key: 'twoDecimals' } });
    expect(checkEntry('20.5', quiz, undefined)).toEqual({ ok: false, issue: { path: 'value', key: 'notGreaterThan', params: { limit: 20, count: 20 } } });
    expect(checkEntry('-1', quiz, undefined)).toEqual({ ok: false, issue: { path: 'value', key: 'notLessThan', params: { limit: 0, count: 0 } } });
    expect(checkEntry('4', scaled, scale)).toMatchObject({ ok: false, issue: { key: 'notGreaterThan', params: { limit: 3 } } });
    expect(checkEntry('0', scaled, scale)).toMatchObject({ ok: false, issue: { key: 'notLessThan', params: { count: 1 } } });
    expect(checkEntry('1.5', scaled, scale)).toMatchObject({ ok: false, issue: { key: 'number' } });
  });
});

describe('windowOf', () => {
  it('renders the rows and columns in view plus the overscan', () => {
    const w = windowOf({ scrollTop: 0, scrollLeft: 0, width: 1024, height: 560 }, 60, 400);
    expect(w).toEqual({ firstRow: 0, lastRow: 16, firstColumn: 0, lastColumn: 9 });
    const far = windowOf({ scrollTop: 59 * 40, scrollLeft: 399 * 128, width: 1024, height: 560 }, 60, 400);
    expect(far.lastRow).toBe(59);
    expect(far.lastColumn).toBe(399);
    expect(far.firstRow).toBeGreaterThan(40);
  });
});

describe('cellLocked (the server’s lock rule)', () => {
  const NOW = Date.parse('2026-09-01T00:00:00Z');
  const column = (over: Parameters<typeof itemFixture>[3]) => {
    const grid = gridFixture();
    grid.items = grid.items.map((i) => (i.id === 'quiz' ? { ...i, ...over } : i));
    const col = gridColumns(grid, null).find((c) => c.key === 'item:quiz');
    if (!col) throw new Error('no quiz column');
    return col;
  };

  it('locks the cell of a locked grade or a locked item', () => {
    expect(cellLocked(column({}), 0, NOW)).toBe(false);
    expect(cellLocked(column({}), CELL.locked | CELL.overridden, NOW)).toBe(true);
    expect(cellLocked(column({ locked: true }), 0, NOW)).toBe(true);
  });

  it('locks the cell once the item’s lock date has passed, even if the grid was loaded before', () => {
    const col = column({ lockedAfter: '2026-09-01T00:00:00Z' });
    expect(cellLocked(col, 0, NOW - 1)).toBe(false);
    expect(cellLocked(col, 0, NOW)).toBe(true);
  });

  it('never locks a total', () => {
    const total = gridColumns(gridFixture(), null).find((c) => c.kind === 'total');
    expect(total && cellLocked(total, CELL.locked, NOW)).toBe(false);
  });
});

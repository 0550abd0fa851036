import { describe, expect, it } from 'vitest';
import type { ReportLine } from '@klase/core/gradebook/views';
import { reportRows } from './report-rows.ts';

const line = (kind: ReportLine['kind'], id: string, depth: number): ReportLine => ({
  kind,
  id,
  name: id,
  depth,
  value: null,
  min: 0,
  max: 10,
  percent: null,
  display: '-',
  range: '0.00–10.00',
  letter: null,
  weight: null,
  contribution: null,
  passed: null,
});

const shape = (lines: ReportLine[]) => reportRows(lines).map((r) => (r.type === 'header' ? `# ${r.line.id}` : r.line.id));

describe('reportRows', () => {
  it('puts each category header above its first member, nested ones inside their parent', () => {
    const lines = [
      line('item', 'exam', 1),
      line('item', 'q1', 2),
      line('item', 'r1', 3),
      line('category', 'recitation', 2),
      line('category', 'quizzes', 1),
      line('course', 'root', 0),
      line('period', 'p1', 0),
      line('final', 'final', 0),
    ];
    expect(shape(lines)).toEqual(['exam', '# quizzes', 'q1', '# recitation', 'r1', 'recitation', 'quizzes', 'root', 'p1', 'final']);
  });

  it('gives an empty category no header, and two categories in a row their own', () => {
    const lines = [
      line('category', 'empty', 1),
      line('item', 'a', 2),
      line('category', 'first', 1),
      line('item', 'b', 2),
      line('category', 'second', 1),
      line('course', 'root', 0),
    ];
    expect(shape(lines)).toEqual(['empty', '# first', 'a', 'first', '# second', 'b', 'second', 'root']);
  });
});

import type { DepedCourseReport, QuarterResult } from '@klase/core/deped/contracts';
import type { StudentGradeReport } from '@klase/core/gradebook/views';
import { formatNumber } from '@klase/core/gradebook/display';
import type { Phrase } from './explain-text.ts';

/**
 * The DepEd side of a student's report (issue 19). A DepEd learning area shows ONE headline, the
 * quarterly grade of the latest quarter that has one with its descriptor, then the four quarters,
 * the final grade and the remarks; the Moodle-style course total, final grade, letters and
 * contributions are not shown beside it (no competing totals). Pure, so the choices are unit-tested.
 */
export const depedOf = (report: StudentGradeReport): DepedCourseReport | null => report.deped ?? null;

export type Headline = NonNullable<DepedCourseReport['headline']>;

/** The API's headline, or (an older answer without one) the latest quarter that has a quarterly grade. */
export const headlineOf = (d: DepedCourseReport): Headline | null => {
  if (d.headline) return d.headline;
  const latest = [...d.quarters].reverse().find((q) => q.quarterly !== null && q.descriptor !== null);
  return latest ? { quarter: latest.quarter, grade: latest.quarterly!, descriptor: latest.descriptor! } : null;
};

/** The report's columns a DepEd course leaves out: letters, weights and contributions belong to the course total it does not show. */
export const DEPED_HIDDEN_COLUMNS: ReadonlySet<string> = new Set(['letter', 'weight', 'contribution']);

/** The report's lines a DepEd course keeps: the items under their category headers; no category, period, course or final totals. */
export const isDepedLine = (kind: StudentGradeReport['lines'][number]['kind']) => kind === 'item';

/** A quarter worth explaining: at least one component has a scored item. */
export const hasScores = (q: QuarterResult) => q.components.some((c) => c.items > 0);

const two = (n: number | null) => (n === null ? '-' : formatNumber(n, 2));
const plain = (n: number) => String(Math.round(n * 100) / 100);

/** "How was this calculated?" for one quarter, as phrases of the `grading` namespace (`deped.explain.*`). */
export const explainQuarter = (q: QuarterResult): { components: Phrase[]; initial: Phrase; transmuted: Phrase | null } => ({
  components: q.components.map((c): Phrase =>
    c.ps === null
      ? { key: 'deped.explain.componentEmpty', params: { component: c.component, weight: plain(c.weight) } }
      : {
          key: 'deped.explain.component',
          params: {
            component: c.component,
            weight: plain(c.weight),
            items: c.items,
            raw: plain(c.raw),
            highest: plain(c.highest),
            ps: two(c.ps),
            ws: two(c.ws),
          },
        },
  ),
  initial:
    q.initial === null
      ? { key: 'deped.explain.incomplete', params: {} }
      : { key: 'deped.explain.initial', params: { sum: q.components.map((c) => two(c.ws)).join(' + '), initial: two(q.initial) } },
  transmuted:
    q.row && q.quarterly !== null && q.initial !== null
      ? { key: 'deped.explain.transmuted', params: { initial: two(q.initial), min: two(q.row.min), grade: q.quarterly } }
      : null,
});

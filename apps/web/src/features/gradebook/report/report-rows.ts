import type { ReportLine } from '@klase/core/gradebook/views';

/**
 * The rows of a report view: the API's lines in reading order (a category's items and
 * sub-categories, then its total), with a header row naming each category above its first member,
 * so items read "under" their category. The course total needs none (the page names the course).
 * `keep` picks the lines shown (a DepEd course shows only its items, under their headers).
 */
export type ReportRow = { type: 'header'; line: ReportLine } | { type: 'line'; line: ReportLine; index: number };

export const reportRows = (lines: readonly ReportLine[], keep: (line: ReportLine) => boolean = () => true): ReportRow[] => {
  /** Index of the first member → the categories (outermost first) whose header goes before it. */
  const headersAt = new Map<number, ReportLine[]>();
  lines.forEach((line, i) => {
    if (line.kind !== 'category') return;
    let first = i;
    while (first > 0 && lines[first - 1]!.depth > line.depth && (lines[first - 1]!.kind === 'item' || lines[first - 1]!.kind === 'category')) first--;
    if (first === i) return;
    headersAt.set(first, [line, ...(headersAt.get(first) ?? [])]);
  });
  return lines.flatMap((line, index): ReportRow[] => [
    ...(headersAt.get(index) ?? []).map((h): ReportRow => ({ type: 'header', line: h })),
    ...(keep(line) ? [{ type: 'line', line, index } as const] : []),
  ]);
};

import { z } from 'zod';
import { V } from '../validation/rules.ts';
import type { DisplayType, GradeLetter } from './types.ts';

/**
 * Percentages, letters and display of grades (semantics §6) and the small related rules of §7
 * (grade to pass, rescaling). Pure; the SPA and the API format the same way.
 *
 * Rounding copies the observable behaviour described in §6: the value times 10^decimals is first
 * rounded to 15 significant digits (so 1.005 → 100.5, not 100.49999999999999) and then rounded half
 * away from zero.
 */

export const DEFAULT_DECIMALS = 2;

export const DEFAULT_LETTERS: readonly GradeLetter[] = [
  { letter: 'A', boundary: 93 },
  { letter: 'A-', boundary: 90 },
  { letter: 'B+', boundary: 87 },
  { letter: 'B', boundary: 83 },
  { letter: 'B-', boundary: 80 },
  { letter: 'C+', boundary: 77 },
  { letter: 'C', boundary: 73 },
  { letter: 'C-', boundary: 70 },
  { letter: 'D+', boundary: 67 },
  { letter: 'D', boundary: 60 },
  { letter: 'F', boundary: 0 },
];

/** Half away from zero after pre-rounding to 15 significant digits. */
export const roundGrade = (x: number, decimals = DEFAULT_DECIMALS): number => {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** decimals;
  const pre = Number((Math.abs(x) * f).toPrecision(15));
  const r = Math.round(pre) / f;
  return x < 0 && r !== 0 ? -r : r;
};

/** Fixed decimals, after `roundGrade`; never "-0.00". */
export const formatNumber = (x: number, decimals = DEFAULT_DECIMALS): string => {
  const r = roundGrade(x, decimals);
  return (r === 0 ? 0 : r).toFixed(decimals);
};

/** Scale grades are read as the nearest scale value (§6). */
const scaleValue = (g: number) => Math.round(g + 0.00001);

/** Percent of a grade in [min, max]: null when empty or min = max; the grade is clamped first. */
export const gradePercent = (g: number | null, min: number, max: number, isScale = false): number | null => {
  if (g === null || min === max) return null;
  const v = isScale ? scaleValue(g) : g;
  const c = v < min ? min : v > max ? max : v;
  return ((c - min) * 100) / (max - min);
};

/** Letters sorted by boundary, highest first; entries without a letter are dropped. */
export const sortLetters = (letters: readonly GradeLetter[]): GradeLetter[] =>
  letters.filter((l) => l.letter.trim() !== '' && Number.isFinite(l.boundary)).sort((a, b) => b.boundary - a.boundary);

/**
 * The letter of a grade: the first letter (highest boundary first) whose boundary the percentage
 * reaches. The boundary goes through the same `/100·100` as the grade, so 57 % meets a 57
 * boundary; `legacy` compares with the raw boundary. null when nothing matches (shown "-").
 */
export const gradeLetter = (g: number | null, min: number, max: number, letters: readonly GradeLetter[] = DEFAULT_LETTERS, legacy = false): string | null => {
  if (g === null || min === max) return null;
  const raw = ((g - min) / (max - min)) * 100;
  const p = raw < 0 ? 0 : raw > 100 ? 100 : raw;
  for (const l of sortLetters(letters)) {
    const b = legacy ? l.boundary : (l.boundary / 100) * 100;
    if (p >= b) return l.letter;
  }
  return null;
};

export interface LetterRow {
  letter: string;
  /** Percent from which the letter applies. */
  lowest: number;
  /** Next higher boundary minus 0.01, 100 for the top letter. */
  highest: number;
}

/** The grade-letters table (§6): each letter from its boundary to just under the next one. */
export const letterTable = (letters: readonly GradeLetter[]): LetterRow[] => {
  const sorted = sortLetters(letters);
  return sorted.map((l, i) => ({
    letter: l.letter,
    lowest: l.boundary,
    highest: i === 0 ? 100 : roundGrade(sorted[i - 1]!.boundary - 0.01, 2),
  }));
};

/** One grade letter that is kept: a letter and the percent it starts at (0..100, two decimals). */
const letterRow = z.object({
  letter: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(20, { error: V.maxLength }),
  boundary: z
    .number({ error: V.required })
    .min(0, { error: V.notLessThan })
    .max(100, { error: V.notGreaterThan })
    .refine((n) => roundGrade(n, 2) === n, { error: V.twoDecimals }),
});

/** A row as entered: a blank letter or boundary (null, absent) leaves the row out. */
const enteredRow = z.object({
  letter: z.string({ error: V.required }).nullish(),
  boundary: z.number({ error: V.required }).nullish(),
});
type EnteredRow = z.infer<typeof enteredRow>;
const isBlankRow = (r: EnteredRow): boolean => (r.letter ?? '').trim() === '' || r.boundary === null || r.boundary === undefined;

/**
 * Grade letters as entered on "update grade letters" (semantics §6, as Moodle does): rows with a
 * blank letter or boundary are left out and the rest are sorted by boundary, highest first. Each
 * kept row: a letter (≤ 20 characters) and a boundary 0..100 with at most two decimals; letters
 * (case-insensitive) and boundaries unique. Errors name the row as entered.
 */
export const gradeLettersSchema = z
  .array(enteredRow)
  .superRefine((rows, ctx) => {
    const letters = new Set<string>();
    const boundaries = new Set<number>();
    let kept = 0;
    rows.forEach((row, i) => {
      if (isBlankRow(row)) return;
      kept++;
      const parsed = letterRow.safeParse(row);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] });
      const key = row.letter!.trim().toLocaleLowerCase();
      if (letters.has(key)) ctx.addIssue({ code: 'custom', message: V.duplicateEntry, path: [i, 'letter'] });
      letters.add(key);
      if (boundaries.has(row.boundary!)) ctx.addIssue({ code: 'custom', message: V.duplicateEntry, path: [i, 'boundary'] });
      boundaries.add(row.boundary!);
    });
    if (kept === 0) ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, message: V.minItems, path: [] });
  })
  .transform((rows) =>
    rows
      .filter((r) => !isBlankRow(r))
      .map((r) => ({ letter: r.letter!.trim(), boundary: r.boundary! }))
      .sort((a, b) => b.boundary - a.boundary),
  );
export type GradeLettersInput = z.infer<typeof gradeLettersSchema>;

export interface DisplayContext {
  min: number;
  max: number;
  displayType?: DisplayType;
  decimals?: number;
  letters?: readonly GradeLetter[];
  legacyLetterBoundaries?: boolean;
  /** Scale words (value k is word k−1): Real shows the word. */
  scaleValues?: readonly string[] | null;
}

const part = (kind: 'real' | 'percentage' | 'letter', g: number, c: DisplayContext): string => {
  const decimals = c.decimals ?? DEFAULT_DECIMALS;
  if (kind === 'real') {
    if (c.scaleValues) return c.scaleValues[scaleValue(g) - 1] ?? formatNumber(g, decimals);
    return formatNumber(g, decimals);
  }
  if (kind === 'percentage') {
    const p = gradePercent(g, c.min, c.max, !!c.scaleValues);
    return p === null ? '' : `${formatNumber(p, decimals)} %`;
  }
  return gradeLetter(g, c.min, c.max, c.letters ?? DEFAULT_LETTERS, c.legacyLetterBoundaries) ?? '-';
};

const SPLIT: Record<DisplayType, ['real' | 'percentage' | 'letter', ('real' | 'percentage' | 'letter')?]> = {
  real: ['real'],
  percentage: ['percentage'],
  letter: ['letter'],
  realPercentage: ['real', 'percentage'],
  realLetter: ['real', 'letter'],
  letterReal: ['letter', 'real'],
  letterPercentage: ['letter', 'percentage'],
  percentageReal: ['percentage', 'real'],
  percentageLetter: ['percentage', 'letter'],
};

/** A grade as the reports print it: "-" when empty, "<main> (<second>)" for combined types. */
export const formatGrade = (g: number | null, c: DisplayContext): string => {
  if (g === null) return '-';
  const [main, second] = SPLIT[c.displayType ?? 'real'];
  const first = part(main, g, c);
  return second ? `${first} (${part(second, g, c)})` : first;
};

/** "min–max" with the same range as the percentage. */
export const formatRange = (min: number, max: number, decimals = DEFAULT_DECIMALS): string => `${formatNumber(min, decimals)}–${formatNumber(max, decimals)}`;

/**
 * Grade to pass (§7): null ("no pass/fail") without a grade, without a grade to pass, when it
 * equals the minimum, or for a scale item with grade to pass 0.
 */
export const isPassing = (g: number | null, gradePass: number | undefined, min: number, isScale = false): boolean | null => {
  if (g === null || gradePass === undefined || gradePass === min || (isScale && gradePass === 0)) return null;
  return g >= gradePass;
};

/** Changing a range with "rescale existing grades" (§7). */
export const rescaleGrade = (g: number, min: number, max: number, newMin: number, newMax: number): number =>
  max === min ? newMin : ((g - min) / (max - min)) * (newMax - newMin) + newMin;

import type { ChildStatus, DropReason, EmptyReason } from './types.ts';

/**
 * The buffers and result of one category's aggregation (`aggregate.ts`), apart so that the
 * methods (`methods.ts`) and the aggregation can both use them without importing each other.
 */

export type AggMode = 'real' | 'excludeHidden';

/** Child statuses by code (`AggBuf.status`). */
export const STATUSES: readonly ChildStatus[] = ['used', 'extra', 'novalue', 'dropped', 'unknown'];
export const USED = 0;
export const EXTRA = 1;
export const NOVALUE = 2;
export const DROPPED = 3;
export const UNKNOWN = 4;

export interface AggResult {
  value: number | null;
  aggregate: number | null;
  unclamped: number | null;
  clamped: boolean;
  min: number;
  max: number;
  emptyReason: EmptyReason | undefined;
  limit: { rule: 'dropLowest' | 'keepHighest'; count: number } | null;
  limitIgnored: boolean;
}

/** Inputs (g, mn, mx, out: filled by the caller) and outputs of one category's aggregation. */
export interface AggBuf {
  /** Grades; NaN = empty. */
  g: Float64Array;
  mn: Float64Array;
  mx: Float64Array;
  /** Left out before anything else (excluded/excused, hidden in the exclude-hidden view). */
  out: (DropReason | null)[];
  /** Normalised values; NaN = left out before normalising. */
  norm: Float64Array;
  /** Status codes (`STATUSES`). */
  status: Uint8Array;
  reason: (DropReason | undefined)[];
  weight: Float64Array;
  /** Natural: per-student weights (scratch). */
  u: Float64Array;
  /** Indexes of the children still in, ascending by normalised value. */
  list: number[];
  res: AggResult;
}

export const makeAggBuf = (m: number): AggBuf => ({
  g: new Float64Array(m),
  mn: new Float64Array(m),
  mx: new Float64Array(m),
  out: new Array<DropReason | null>(m).fill(null),
  norm: new Float64Array(m),
  status: new Uint8Array(m),
  reason: new Array<DropReason | undefined>(m).fill(undefined),
  weight: new Float64Array(m),
  u: new Float64Array(m),
  list: [],
  res: { value: null, aggregate: null, unclamped: null, clamped: false, min: 0, max: 0, emptyReason: undefined, limit: null, limitIgnored: false },
});

import { z } from 'zod';
import { V } from '../validation/rules.ts';

/**
 * Number fields of the gradebook forms (contracts.ts): a JSON number or a numeric string as a
 * teacher typed it ("12.5"); anything else is `number` ("Enter a number."); blank is null (the
 * optional field) or `required`. Limits answer `notGreaterThan {limit}` / `notLessThan {count}`.
 */

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
/** A number, or a numeric string as typed; blank → null (the caller decides if null is allowed). */
const numberInput = z.union([z.number(), z.string(), z.null()]).transform((v, ctx): number | null => {
  if (v === null) return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      ctx.addIssue({ code: 'custom', message: V.number });
      return z.NEVER;
    }
    return v;
  }
  const s = v.trim();
  if (s === '') return null;
  if (!NUMBER_RE.test(s)) {
    ctx.addIssue({ code: 'custom', message: V.number });
    return z.NEVER;
  }
  return Number(s);
});

export const tooBig = (ctx: z.RefinementCtx, limit: number) =>
  ctx.addIssue({ code: 'too_big', origin: 'number', maximum: limit, inclusive: true, message: V.notGreaterThan });
export const tooSmall = (ctx: z.RefinementCtx, limit: number) =>
  ctx.addIssue({ code: 'too_small', origin: 'number', minimum: limit, inclusive: true, message: V.notLessThan });

interface NumberRule {
  min?: number;
  max?: number;
  int?: boolean;
  /** At most this many decimals (2: `twoDecimals`). */
  decimals?: number;
}

const checkNumber = (n: number, rule: NumberRule, ctx: z.RefinementCtx): void => {
  if (rule.int && !Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: V.number });
  else if (rule.decimals !== undefined && Math.round(n * 10 ** rule.decimals) / 10 ** rule.decimals !== n)
    ctx.addIssue({ code: 'custom', message: V.twoDecimals });
  if (rule.min !== undefined && n < rule.min) tooSmall(ctx, rule.min);
  if (rule.max !== undefined && n > rule.max) tooBig(ctx, rule.max);
};

/** A required number (blank: `required`). */
export const numberField = (rule: NumberRule = {}) => numberInput.pipe(z.number({ error: V.required }).superRefine((n, ctx) => checkNumber(n, rule, ctx)));
/** An optional number (blank → null). */
export const optionalNumberField = (rule: NumberRule = {}) =>
  numberInput.superRefine((n, ctx) => {
    if (n !== null) checkNumber(n, rule, ctx);
  });

/** `notGreaterThan {limit}` on another field of the form (`path`). */
export const tooBigAt = (ctx: z.RefinementCtx, path: (string | number)[], limit: number) =>
  ctx.addIssue({ code: 'too_big', origin: 'number', maximum: limit, inclusive: true, path, message: V.notGreaterThan });

/** `greaterThan {count}` on another field of the form (`path`). */
export const greaterThanAt = (ctx: z.RefinementCtx, path: (string | number)[], limit: number) =>
  ctx.addIssue({ code: 'too_small', origin: 'number', minimum: limit, inclusive: false, path, message: V.greaterThan });

import type { z } from 'zod';
import type { FieldIssue } from '../errors.ts';
import { V } from './rules.ts';

const KNOWN = new Set<string>(Object.values(V));

/** Turns zod issues into field issues carrying i18n keys and their parameters. */
export const toFieldIssues = (issues: readonly z.core.$ZodIssue[]): FieldIssue[] =>
  issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const params: Record<string, string | number> = {};
    if ('minimum' in issue && issue.minimum !== undefined) params.count = Number(issue.minimum);
    if ('maximum' in issue && issue.maximum !== undefined) {
      params.count = Number(issue.maximum);
      params.limit = Number(issue.maximum);
    }
    let key: string = issue.message;
    if (!KNOWN.has(key)) {
      if (issue.code === 'invalid_type') key = V.required;
      else if (issue.code === 'too_small') key = V.minLength;
      else if (issue.code === 'too_big') key = V.maxLength;
      else key = V.invalidChoice;
    }
    return Object.keys(params).length ? { path, key, params } : { path, key };
  });

/** Map of field path to its first issue, for forms. */
export const firstIssueByPath = (issues: FieldIssue[]): Record<string, FieldIssue> => {
  const out: Record<string, FieldIssue> = {};
  for (const i of issues) if (!(i.path in out)) out[i.path] = i;
  return out;
};

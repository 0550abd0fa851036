import { useCallback } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toFieldIssues } from '@klase/core/validation/issues';
import type { FieldIssue } from '@klase/core/errors';

/** Field path to i18n issue, for the first problem of each field; empty when the values are valid. */
export const issuesOf = (schema: z.ZodType, values: unknown): Record<string, FieldIssue> => {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, FieldIssue> = {};
  for (const issue of toFieldIssues(result.error.issues)) if (!(issue.path in out)) out[issue.path] = issue;
  return out;
};

/**
 * A `validate` function for @mantine/form from one of core's zod schemas (the same schema the
 * API uses), with messages translated from the `validation` namespace.
 */
export const useZodValidate = <T>(schema: z.ZodType) => {
  const { t } = useTranslation('validation');
  return useCallback(
    (values: T): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [path, issue] of Object.entries(issuesOf(schema, values))) out[path] = t(issue.key, issue.params ?? {});
      return out;
    },
    [schema, t],
  );
};

/** Server-side field issues (400 VALIDATION) in the same shape, for `form.setErrors`. */
export const useFieldIssueMessages = () => {
  const { t } = useTranslation('validation');
  return useCallback(
    (fields: readonly FieldIssue[] | undefined): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const f of fields ?? []) if (!(f.path in out)) out[f.path] = t(f.key, f.params ?? {});
      return out;
    },
    [t],
  );
};

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rubricTotal, type RubricGrading } from '@klase/core/assignments/contracts';
import { isApiError } from '../../api/http.ts';
import { rubricComplete, sameSelections } from './rubric-table.tsx';

/**
 * The levels a teacher picks on the grading page when the assignment is graded with a rubric:
 * the running total (the grade field shows it), whether they changed since the last save, the
 * check before saving (a level for every criterion, or none to clear the grade) and the request.
 */
export const useRubricChoices = (rubric: RubricGrading | null) => {
  const { t } = useTranslation('assignments');
  const [value, setValue] = useState<Record<string, string>>(rubric?.selections ?? {});
  const [savedValue, setSavedValue] = useState<Record<string, string>>(rubric?.selections ?? {});
  const [error, setError] = useState<string | null>(null);
  const any = Object.keys(value).length > 0;
  return {
    value,
    error,
    /** The grade the levels give; null while none is chosen. */
    total: rubric && any ? rubricTotal(rubric, value) : null,
    dirty: !sameSelections(value, savedValue),
    change: (next: Record<string, string>) => {
      setValue(next);
      setError(null);
    },
    /** False (and says why) when some criteria have a level and others not. */
    check: (): boolean => {
      const ok = !rubric || !any || rubricComplete(rubric, value);
      setError(ok ? null : t('rubric.incomplete'));
      return ok;
    },
    /** The grade part of the request: the levels, or no grade when none is chosen. */
    request: () => (rubric && any ? { grade: rubricTotal(rubric, value), rubric: value } : { grade: null }),
    saved: () => setSavedValue(value),
    /** Shows a server refusal of the levels under the rubric; false for any other error. */
    serverError: (e: unknown): boolean => {
      const field = isApiError(e) ? e.fields?.find((f) => f.path === 'rubric' || f.path.startsWith('rubric.')) : undefined;
      if (!field) return false;
      setError(t(field.path === 'rubric' ? 'rubric.changed' : 'rubric.incomplete'));
      return true;
    },
  };
};

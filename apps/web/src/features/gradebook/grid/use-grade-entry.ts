import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GradeEntryFormInput } from '@klase/core/gradebook/contracts';
import type { GradebookGrid } from '@klase/core/gradebook/views';
import type { FieldIssue } from '@klase/core/errors';
import { useErrorMessage } from '../../../components/error-text.tsx';
import { isApiError } from '../../../api/http.ts';
import { announce } from '../../../components/live-announcer.tsx';
import { toastError } from '../../../lib/toasts.ts';
import { applyEntry, gradebookKeys, saveGrade } from './gradebook-api.ts';

/** A cell being saved or whose save failed: what was typed (shown meanwhile) and the error. */
export interface CellState {
  status: 'saving' | 'error';
  /** The typed text (null: a menu action, the saved value stays shown). */
  text: string | null;
  message?: string;
}

export const cellKey = (studentId: string, itemId: string) => `${studentId}:${itemId}`;

/**
 * Saves one cell: the typed value shows at once, the server's answer (the cell and the student's
 * recomputed totals) replaces it, and "Grade saved" is said in the polite live region. A failure keeps the typed value with the error on the cell and
 * in a toast.
 */
export const useGradeEntry = (courseId: string) => {
  const { t } = useTranslation(['validation', 'components']);
  const client = useQueryClient();
  const errorMessage = useErrorMessage();
  const [cells, setCells] = useState<Record<string, CellState>>({});

  const setCell = useCallback((key: string, state: CellState | null) => {
    setCells((all) => {
      if (state) return { ...all, [key]: state };
      if (!(key in all)) return all;
      const { [key]: _gone, ...rest } = all;
      return rest;
    });
  }, []);

  const issueText = useCallback((issue: FieldIssue) => t(issue.key, issue.params ?? {}), [t]);

  /** Marks a cell invalid without calling the server (the client check failed). */
  const reject = useCallback(
    (studentId: string, itemId: string, text: string, issue: FieldIssue) => {
      const message = issueText(issue);
      setCell(cellKey(studentId, itemId), { status: 'error', text, message });
      return message;
    },
    [issueText, setCell],
  );

  const save = useCallback(
    async (studentId: string, itemId: string, body: GradeEntryFormInput, text: string | null): Promise<boolean> => {
      const key = cellKey(studentId, itemId);
      setCell(key, { status: 'saving', text });
      try {
        const result = await saveGrade(courseId, itemId, studentId, body);
        client.setQueryData<GradebookGrid>(gradebookKeys.grid(courseId), (grid) => (grid ? applyEntry(grid, result) : grid));
        void client.invalidateQueries({ queryKey: gradebookKeys.history(courseId, itemId, studentId) });
        setCell(key, null);
        announce(t('components:announce.gradeSaved'));
        return true;
      } catch (e) {
        const field = isApiError(e) ? e.fields?.find((f) => f.path === 'value') : undefined;
        const message = field ? issueText(field) : errorMessage(e);
        setCell(key, { status: 'error', text, message });
        toastError(message);
        return false;
      }
    },
    [client, courseId, errorMessage, issueText, setCell, t],
  );

  const clear = useCallback((studentId: string, itemId: string) => setCell(cellKey(studentId, itemId), null), [setCell]);

  return { cells, save, reject, clear };
};

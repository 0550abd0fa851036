import { useCallback } from 'react';
import { useErrorMessage } from '../components/error-text.tsx';
import { isApiError } from '../api/http.ts';
import { useFieldIssueMessages } from './zod-form.ts';

/**
 * Maps a failed save to per-field messages: 400 field issues go to their fields, and the
 * "already exists" codes go to the field they are about. Returns the field errors and the
 * form-level message.
 */
export const useSaveErrors = (codeFields: Record<string, string>) => {
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  return useCallback(
    (e: unknown): { fields: Record<string, string>; message: string } => {
      const message = errorMessage(e);
      if (!isApiError(e)) return { fields: {}, message };
      const fields = fieldMessages(e.fields);
      const field = codeFields[e.code];
      if (field && !(field in fields)) fields[field] = message;
      return { fields, message };
    },
    [codeFields, errorMessage, fieldMessages],
  );
};

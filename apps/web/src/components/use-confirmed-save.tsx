import { useState, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useConfirm } from './confirm-dialog.tsx';
import { useSaveErrors } from './use-save-errors.ts';

/**
 * The save flow the administration forms share: ask for confirmation, run the save with a busy
 * flag, and on failure put the server's field errors under their fields (`codeFields` maps an
 * "already exists" code to its field) and its message above the form.
 */
export const useConfirmedSave = (opts: { codeFields: Record<string, string>; setErrors: (errors: Record<string, string>) => void }) => {
  const confirm = useConfirm();
  const saveErrors = useSaveErrors(opts.codeFields);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (ask: { title: string; message: string }, run: () => Promise<void>) => {
    if (!(await confirm(ask))) return;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      const found = saveErrors(e);
      opts.setErrors(found.fields);
      setError(found.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, save };
};

/** The form-level message of a failed save. */
export const SaveError = ({ error }: { error: string | null }): ReactNode =>
  error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : null;

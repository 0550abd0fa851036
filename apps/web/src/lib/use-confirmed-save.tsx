import { useState, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useConfirm } from '../components/confirm-dialog.tsx';
import { useVersionedSave } from '../components/edit-conflict.tsx';
import { useSaveErrors } from './use-save-errors.ts';

/**
 * The save flow the forms share: ask for confirmation, run the save with a busy flag, and on
 * failure put the server's field errors under their fields (`codeFields` maps an "already exists"
 * code to its field) and its message above the form. A save of a versioned record gets
 * `overwrite` (false, then true if the user chooses to overwrite someone else's newer save);
 * choosing to reload their version calls `onReload`.
 */
export const useConfirmedSave = (opts: {
  codeFields: Record<string, string>;
  setErrors: (errors: Record<string, string>) => void;
  onReload?: () => unknown;
}) => {
  const confirm = useConfirm();
  const versioned = useVersionedSave();
  const saveErrors = useSaveErrors(opts.codeFields);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (ask: { title: string; message: string }, run: (overwrite: boolean) => Promise<void>) => {
    if (!(await confirm(ask))) return;
    setBusy(true);
    setError(null);
    try {
      await versioned(run, opts.onReload);
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

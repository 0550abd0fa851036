import { useState } from 'react';
import { useConfirm, type ConfirmOptions } from '../components/confirm-dialog.tsx';
import { useErrorMessage } from '../components/error-text.tsx';
import { toastError, toastSuccess } from './toasts.ts';

/**
 * An action on a record: optionally confirmed first, then sent; a success toast (the server's
 * message when it answers one, else `success`), or the server's translated error as an error
 * toast; `after` (reloading what shows the record) runs either way. `busy` names the running
 * action so only its control shows a loader.
 */
export const useConfirmedAction = (after: () => Promise<unknown>) => {
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, opts: { ask?: ConfirmOptions; success: string; send: () => Promise<unknown> }): Promise<boolean> => {
    if (opts.ask && !(await confirm(opts.ask))) return false;
    setBusy(name);
    try {
      const answer = await opts.send();
      const said = answer && typeof answer === 'object' && 'message' in answer ? (answer as { message: unknown }).message : null;
      toastSuccess(typeof said === 'string' && said ? said : opts.success);
      return true;
    } catch (e) {
      toastError(errorMessage(e));
      return false;
    } finally {
      await after();
      setBusy(null);
    }
  };
  return { busy, run };
};

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm, type ConfirmOptions } from '../components/confirm-dialog.tsx';
import { useErrorMessage } from '../components/error-text.tsx';
import { toastError, toastSuccess } from './toasts.ts';
import { invalidateClass } from '../api/class-api.ts';

/**
 * A settings action on one class: optionally confirmed first, then sent; a success toast (the
 * server's message when it answers one, else `success`), or the
 * server's translated error as an error toast; the class reloads either way. `busy` names the
 * running action so only its control shows a loader.
 */
export const useClassAction = (classId: string) => {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
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
      await invalidateClass(queryClient, classId);
      setBusy(null);
    }
  };
  return { busy, run };
};

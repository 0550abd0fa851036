import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from './use-leave-guard.ts';

/**
 * Leaving a form with changes asks first (spec section 4: every cancel asks for confirmation):
 * Cancel, a link, and the browser's Back and Forward all meet the same "Discard changes" question
 * of the shared leave guard. Returns the Cancel action, a navigation to `to` the guard asks about.
 */
export const useConfirmedCancel = (isDirty: () => boolean, to: string) => {
  const navigate = useNavigate();
  useLeaveGuard(isDirty);
  return useCallback(async () => {
    await navigate(to);
  }, [navigate, to]);
};

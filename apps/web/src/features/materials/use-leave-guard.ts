import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog.tsx';

/**
 * While `guarded` is true, leaving the page (a link, the back button, Cancel) asks first, and
 * reloading or closing the tab gets the browser's own question. Query-only changes (`?x=`) pass.
 */
export const useLeaveGuard = (guarded: boolean) => {
  const { t } = useTranslation('common');
  const confirm = useConfirm();
  const asking = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarded && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({ title: t('discard.title'), message: t('discard.message'), confirmLabel: t('discard.confirm') }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!guarded) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [guarded]);
};

import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../components/confirm-dialog.tsx';

/**
 * While `guarded` holds (a flag, or a check asked at the moment of leaving, e.g. "the form has
 * unsaved changes"), leaving the page (a link, the back button, Cancel) asks first, and reloading
 * or closing the tab gets the browser's own question. Query-only changes (`?x=`) pass.
 */
export const useLeaveGuard = (guard: boolean | (() => boolean)) => {
  const guarded = useCallback(() => (typeof guard === 'function' ? guard() : guard), [guard]);
  const { t } = useTranslation('common');
  const confirm = useConfirm();
  const asking = useRef(false);
  // Once the user chose to leave, the way out is not asked again (a route loaded on demand can
  // make the router start the same navigation twice).
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && guarded() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    // One question per blocked navigation: the flag drops only once the router has let it go or
    // stopped it (a render while the answer is being applied must not ask again).
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void confirm({ title: t('discard.title'), message: t('discard.message'), confirmLabel: t('discard.confirm') }).then((leave) => {
      if (leave) {
        leaving.current = true;
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, confirm, t]);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (guarded()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [guarded]);
};

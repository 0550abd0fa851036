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
  // The blocked navigation already asked about: the router applies its state in a transition, so
  // a render can still show the answered navigation as blocked, and a quick second Back can block
  // again before any render showed it unblocked. Each blocked navigation has its own location
  // object, so one question per navigation, whatever the renders in between.
  const askedFor = useRef<unknown>(null);
  // Once the user chose to leave, the way out is not asked again (a route loaded on demand can
  // make the router start the same navigation twice).
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && guarded() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked' || askedFor.current === blocker.location) return;
    askedFor.current = blocker.location;
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

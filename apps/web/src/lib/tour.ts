import { TOUR_PATH, type TourState } from '@klase/core/reports/contracts';
import { apiFetch } from '../api/http.ts';
import { i18next } from '../i18n/i18n.ts';
import { getSession, setSessionState } from './session-store.ts';
import { toastError } from './toasts.ts';

/**
 * The guided tour's state (docs/decisions/0063-guided-tour.md). It lives in the session store
 * (`tour`) and every change is written to the server (`PUT TOUR_PATH`), in order: a step change
 * after a short pause (paging quickly writes once), a start, skip or finish at once (dropping a
 * step write still waiting). The tour shows while its status is `active` and the dashboard is open.
 */
export const STEP_SAVE_DELAY_MS = 400;

let chain: Promise<void> = Promise.resolve();
let pendingStep: ReturnType<typeof setTimeout> | null = null;

const write = (tour: TourState) => {
  chain = chain
    .then(() => apiFetch<void>(TOUR_PATH, { method: 'PUT', body: tour }))
    .catch(() => {
      toastError(i18next.t('common:tour.saveFailed'));
    });
  return chain;
};

const cancelPendingStep = () => {
  if (pendingStep !== null) clearTimeout(pendingStep);
  pendingStep = null;
};

const set = (tour: TourState) => setSessionState({ tour });

/** Starts (or replays) the tour from its first step. */
export const startTour = (): Promise<void> => {
  cancelPendingStep();
  const tour: TourState = { status: 'active', step: 0 };
  set(tour);
  return write(tour);
};

/** Moves to `step`; saved after STEP_SAVE_DELAY_MS without another move. */
export const setTourStep = (step: number) => {
  const current = getSession().tour;
  if (current.status !== 'active' || current.step === step) return;
  set({ status: 'active', step });
  cancelPendingStep();
  pendingStep = setTimeout(() => {
    pendingStep = null;
    void write({ status: 'active', step });
  }, STEP_SAVE_DELAY_MS);
};

const end = (status: 'skipped' | 'finished'): Promise<void> => {
  cancelPendingStep();
  const tour: TourState = { status, step: getSession().tour.step };
  set(tour);
  return write(tour);
};

/** Skip (the Skip button, Escape, or "No thanks" in the welcome dialog): it does not come back on its own. */
export const skipTour = () => end('skipped');

/** The last step's Finish. */
export const finishTour = () => end('finished');

/** Waits for the writes sent so far (tests). */
export const tourWritesSettled = (): Promise<void> => chain;

import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { paths } from '../../config/paths.ts';

const GuidedTour = lazy(() => import('../tour/guided-tour.tsx').then((m) => ({ default: m.GuidedTour })));

/**
 * Shows the guided tour while it is `active` and the dashboard is open (its steps point at the
 * dashboard and the navigation): a tour left active resumes at its step the next time the
 * dashboard opens, e.g. after the next sign-in. Its code loads only then.
 */
export const TourGate = () => {
  const { pathname } = useLocation();
  const active = useSession((s) => s.tour.status === 'active' && !s.showWelcomeDialog);
  if (!active || pathname !== paths.dashboard.to()) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour />
    </Suspense>
  );
};

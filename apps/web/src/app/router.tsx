import { createHashRouter } from 'react-router';
import { onSessionExpired } from '../api/http.ts';
import { startConnectionMonitor } from '../lib/connection.ts';
import { forgetSession } from '../lib/session.ts';
import { guardRedirect } from '../config/access.ts';
import { basePaths } from '../config/base-paths.ts';
import { metaForPath } from './root-loader.ts';
import { patchSignedInRoutes, routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createHashRouter>;

/**
 * What happens when any API call reports SESSION_EXPIRED outside a navigation: forget the
 * session and go to login (which shows "Your session has expired."), remembering where the user was.
 * During a navigation the root loader already redirects, so nothing more is done then.
 */
export const handleSessionExpired = (router: AppRouter) => {
  forgetSession({ expired: true });
  if (router.state.navigation.state !== 'idle') return;
  const { pathname, search } = router.state.location;
  const target = guardRedirect({ meta: metaForPath(routes, pathname), roleId: null, pathname, search });
  void router.navigate(target ?? basePaths.login.to(), { replace: true });
};

export const createAppRouter = (): AppRouter => {
  const router = createHashRouter(routes, { patchRoutesOnNavigation: patchSignedInRoutes });
  onSessionExpired(() => handleSessionExpired(router));
  // When the server answers again, re-run the session check (and the guards) for the current page,
  // and ask again for what the page shows.
  startConnectionMonitor({
    onRecovered: () => {
      void router.revalidate();
      // The query cache comes with the signed-in pages' code (not in the entry), so it is loaded here on demand.
      void import('../api/query-client.ts').then(({ refreshAfterReconnect }) => refreshAfterReconnect());
    },
  });
  return router;
};

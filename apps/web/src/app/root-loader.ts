import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { checkSession } from '../lib/session.ts';
import { getSession } from '../lib/session-store.ts';
import { guardRedirect, mergeMeta, type RouteMeta } from '../config/access.ts';
import { loadFeatureNamespaces } from '../i18n/i18n.ts';

/** The route meta (access, role, title) of a path, merged over its matched routes. */
export const metaForPath = (routes: RouteObject[], pathname: string): RouteMeta => mergeMeta((matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle));

/**
 * The root loader runs before EVERY navigation (the root route's `shouldRevalidate` is always
 * true): it asks the server for the session, then applies the route's access rule.
 */
export const createRootLoader =
  (getRoutes: () => RouteObject[]) =>
  async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const meta = metaForPath(getRoutes(), url.pathname);
    await checkSession(request.signal);
    const s = getSession();
    const roleId = s.status === 'authenticated' && s.profile ? s.profile.roleId : null;
    const target = guardRedirect({ meta, roleId, pathname: url.pathname, search: url.search });
    if (target && target !== `${url.pathname}${url.search}`) throw redirect(target);
    // Signed-in pages need the feature texts; the first time, they arrive with the page's code.
    if (roleId !== null) await loadFeatureNamespaces();
    return null;
  };

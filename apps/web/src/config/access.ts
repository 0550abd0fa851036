import { canOpen, type GuardedRoute } from '@klase/core/guards';
import { basePaths, safeRedirect } from './base-paths.ts';

/**
 * Who may open a route, declared on each route's `handle` and checked by the root loader before
 * every navigation (spec section 6):
 * - `visitor`: only signed-out users; a signed-in user goes to the dashboard (or back to `redirect`);
 * - `auth`: signed-in users; anonymous users go to login with `redirect` set to where they were;
 *   with `role`, others go to the not-found page (ROUTE_ROLES in core is the one table);
 * - `any`: everyone (verify-account, not-found).
 */
export type Access = 'visitor' | 'auth' | 'any';

export interface RouteMeta {
  access?: Access;
  role?: GuardedRoute;
  /** i18n key in the `shell` namespace, for the page title. */
  title?: string;
}

/** The deepest route's values win; a layout's `access` applies to all of its children. */
export const mergeMeta = (handles: readonly unknown[]): RouteMeta => {
  const out: RouteMeta = {};
  for (const h of handles) {
    if (!h || typeof h !== 'object') continue;
    const m = h as RouteMeta;
    if (m.access) out.access = m.access;
    if (m.role) out.role = m.role;
    if (m.title) out.title = m.title;
  }
  return out;
};

export interface GuardInput {
  meta: RouteMeta;
  /** Null when nobody is signed in (or the session could not be confirmed). */
  roleId: number | null;
  pathname: string;
  search: string;
}

/** Where to send the user instead, or null to let the navigation through. */
export const guardRedirect = ({ meta, roleId, pathname, search }: GuardInput): string | null => {
  const signedIn = roleId !== null;
  if (meta.access === 'visitor' && signedIn) {
    const back = safeRedirect(new URLSearchParams(search).get('redirect'));
    return back ?? basePaths.dashboard.to();
  }
  if (meta.access === 'auth' && !signedIn) {
    const here = `${pathname}${search}`;
    const back = pathname === '/' || pathname === basePaths.dashboard.pattern ? undefined : (safeRedirect(here) ?? undefined);
    return basePaths.login.to({ redirect: back });
  }
  if (meta.access === 'auth' && meta.role && roleId !== null && !canOpen(meta.role, roleId)) {
    return basePaths.notFound.to();
  }
  return null;
};

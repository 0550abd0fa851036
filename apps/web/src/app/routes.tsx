import { matchRoutes, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { RouteMeta } from '../config/access.ts';
import { lazyPage, withChunkTimeout } from './lazy-page.ts';
import { basePaths } from '../config/base-paths.ts';
import { createRootLoader } from './root-loader.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { PageLoader } from '../components/page-loader.tsx';

const meta = (m: RouteMeta): RouteMeta => m;

/** Administration (issue 3): customers, schools, users, bulk upload and the audit log. */
const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    handle: meta({ role: 'adminRead', title: 'admin:titles.admin' }),
    lazy: lazyPage(() => import('../features/admin/admin-index-page.tsx'), 'AdminIndexPage'),
  },
  {
    path: 'admin/customers',
    handle: meta({ role: 'adminCustomers', title: 'admin:titles.customers' }),
    lazy: lazyPage(() => import('../features/admin/customers-page.tsx'), 'CustomersPage'),
  },
  {
    path: 'admin/schools',
    handle: meta({ role: 'adminRead', title: 'admin:titles.schools' }),
    lazy: lazyPage(() => import('../features/admin/schools-page.tsx'), 'SchoolsPage'),
  },
  {
    path: 'admin/schools/new',
    handle: meta({ role: 'adminSchoolsManage', title: 'admin:titles.schoolNew' }),
    lazy: lazyPage(() => import('../features/admin/school-create-page.tsx'), 'SchoolCreatePage'),
  },
  {
    path: 'admin/schools/:id',
    handle: meta({ role: 'adminRead', title: 'admin:titles.school' }),
    lazy: lazyPage(() => import('../features/admin/school-details-page.tsx'), 'SchoolDetailsPage'),
  },
  {
    path: 'admin/schools/:id/edit',
    handle: meta({ role: 'adminWrite', title: 'admin:titles.schoolEdit' }),
    lazy: lazyPage(() => import('../features/admin/school-edit-page.tsx'), 'SchoolEditPage'),
  },
  {
    path: 'admin/users',
    handle: meta({ role: 'adminRead', title: 'admin:titles.users' }),
    lazy: lazyPage(() => import('../features/admin/users-page.tsx'), 'UsersPage'),
  },
  {
    path: 'admin/users/new',
    handle: meta({ role: 'adminWrite', title: 'admin:titles.userNew' }),
    lazy: lazyPage(() => import('../features/admin/user-create-page.tsx'), 'UserCreatePage'),
  },
  {
    path: 'admin/users/bulk',
    handle: meta({ role: 'adminWrite', title: 'admin:titles.bulk' }),
    lazy: lazyPage(() => import('../features/admin/bulk-upload-page.tsx'), 'BulkUploadPage'),
  },
  {
    path: 'admin/users/:id',
    handle: meta({ role: 'adminRead', title: 'admin:titles.user' }),
    lazy: lazyPage(() => import('../features/admin/user-details-page.tsx'), 'UserDetailsPage'),
  },
  {
    path: 'admin/users/:id/edit',
    handle: meta({ role: 'adminWrite', title: 'admin:titles.userEdit' }),
    lazy: lazyPage(() => import('../features/admin/user-edit-page.tsx'), 'UserEditPage'),
  },
  {
    path: 'admin/audit',
    handle: meta({ role: 'adminAudit', title: 'admin:titles.audit' }),
    lazy: lazyPage(() => import('../features/admin/audit-log-page.tsx'), 'AuditLogPage'),
  },
];

/** Messaging (issue 16): conversations, contacts, user details and settings, for the roles of a school. */
const messagingRoutes: RouteObject[] = [
  {
    path: 'messages/list/:id?',
    handle: meta({ role: 'messages', title: 'messaging:titles.messages' }),
    lazy: lazyPage(() => import('../features/messaging/messages-page.tsx'), 'MessagesPage'),
  },
  {
    path: 'messages/contacts',
    handle: meta({ role: 'messages', title: 'messaging:titles.contacts' }),
    lazy: lazyPage(() => import('../features/messaging/contacts-page.tsx'), 'ContactsPage'),
  },
  {
    path: 'messages/settings',
    handle: meta({ role: 'messages', title: 'messaging:titles.settings' }),
    lazy: lazyPage(() => import('../features/messaging/settings-page.tsx'), 'MessageSettingsPage'),
  },
  {
    path: 'messages/user-details',
    handle: meta({ role: 'messages', title: 'messaging:titles.userDetails' }),
    lazy: lazyPage(() => import('../features/messaging/user-details-page.tsx'), 'UserDetailsPage'),
  },
];

/** The app layout's route: the class and course routes are added under it when first needed. */
const APP_ROUTE_ID = 'app';

/**
 * The signed-in pages inside the app layout (navigation, user menu). The class, course,
 * catalogue, resource and assessment pages (`routes-classes.ts`) join them on demand.
 */
const appRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    handle: meta({ title: 'titles.dashboard' }),
    lazy: lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage'),
  },
  {
    path: 'account',
    lazy: lazyPage(() => import('../features/account/account-layout.tsx'), 'AccountLayout'),
    children: [
      {
        path: 'details',
        handle: meta({ title: 'titles.accountDetails' }),
        lazy: lazyPage(() => import('../features/account/details-tab.tsx'), 'DetailsTab'),
      },
      {
        path: 'child-details/:id',
        handle: meta({ role: 'childDetails', title: 'titles.childDetails' }),
        lazy: lazyPage(() => import('../features/account/child-tab.tsx'), 'ChildTab'),
      },
      {
        path: 'child/:id',
        handle: meta({ role: 'childDetails', title: 'titles.childProfile' }),
        lazy: lazyPage(() => import('../features/account/child-tab.tsx'), 'ChildTab'),
      },
      {
        path: 'parent',
        handle: meta({ role: 'parentProfile', title: 'titles.parentProfile' }),
        lazy: lazyPage(() => import('../features/account/parent-tab.tsx'), 'ParentTab'),
      },
      {
        path: 'portfolios',
        handle: meta({ role: 'ownPortfolios', title: 'titles.portfolios' }),
        lazy: lazyPage(() => import('../features/portfolios/my-portfolios-page.tsx'), 'MyPortfoliosPage', 'portfolios'),
      },
      {
        path: 'portfolios/:id',
        handle: meta({ role: 'ownPortfolios', title: 'titles.portfolio' }),
        lazy: lazyPage(() => import('../features/portfolios/portfolio-page.tsx'), 'PortfolioPage', 'portfolios'),
      },
    ],
  },
  {
    path: 'account/change-password',
    handle: meta({ title: 'titles.changePassword' }),
    lazy: lazyPage(() => import('../features/account/change-password-page.tsx'), 'ChangePasswordPage'),
  },
  {
    path: 'account/edit',
    handle: meta({ role: 'accountEditBlocked', title: 'titles.accountEdit' }),
    lazy: lazyPage(() => import('../features/account/account-edit-page.tsx'), 'AccountEditPage'),
  },
  ...messagingRoutes,
  {
    path: 'calendar',
    handle: meta({ role: 'calendar', title: 'calendar:titles.calendar' }),
    lazy: lazyPage(() => import('../features/calendar/calendar-page.tsx'), 'CalendarPage', 'calendar'),
  },
  {
    path: 'notifications/list',
    handle: meta({ title: 'notifications:titles.list' }),
    lazy: lazyPage(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
  },
  {
    path: 'notifications/settings',
    handle: meta({ title: 'notifications:titles.settings' }),
    lazy: lazyPage(() => import('../features/notifications/notification-settings-page.tsx'), 'NotificationSettingsPage'),
  },
  {
    path: 'reports',
    handle: meta({ role: 'reports', title: 'reports:titles.reports' }),
    lazy: lazyPage(() => import('../features/reports/reports-page.tsx'), 'ReportsPage', 'reports'),
  },
  {
    path: 'school/grading-policy',
    handle: meta({ role: 'gradingPolicy', title: 'grading:titles.policy' }),
    lazy: lazyPage(() => import('../features/grading/grading-policy-page.tsx'), 'GradingPolicyPage', 'grading'),
  },
  {
    path: 'announcements',
    handle: meta({ role: 'announcementsManage', title: 'announcements:titles.manage' }),
    lazy: lazyPage(() => import('../features/announcements/announcements-page.tsx'), 'AnnouncementsPage'),
  },
  {
    path: 'admin/outbox',
    handle: meta({ role: 'outbox', title: 'titles.outbox' }),
    lazy: lazyPage(() => import('../features/admin/outbox-page.tsx'), 'OutboxPage'),
  },
  {
    lazy: lazyPage(() => import('../features/admin/admin-layout.tsx'), 'AdminLayout'),
    children: adminRoutes,
  },
];

/**
 * The route tree (spec section 2). Every page and layout below the root is lazy-loaded, so the
 * login route ships only its own code; the class and course routes load on demand
 * (`patchSignedInRoutes`). Access rules sit in `handle` and are applied by the root loader before
 * each navigation.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    loader: createRootLoader(() => routes),
    shouldRevalidate: () => true,
    children: [
      { index: true, handle: meta({ access: 'auth' }), loader: () => redirect(basePaths.dashboard.to()) },
      {
        lazy: lazyPage(() => import('./layouts/visitor-layout.tsx'), 'VisitorLayout'),
        children: [
          {
            path: 'account',
            handle: meta({ access: 'visitor' }),
            children: [
              { index: true, loader: () => redirect(basePaths.login.to()) },
              { path: 'login', handle: meta({ title: 'titles.login' }), lazy: lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
              {
                path: 'forgot-password',
                handle: meta({ title: 'titles.forgotPassword' }),
                lazy: lazyPage(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
              },
              {
                lazy: lazyPage(() => import('./layouts/feature-providers.tsx'), 'FeatureProviders'),
                children: [
                  {
                    path: 'activation',
                    handle: meta({ title: 'titles.activation' }),
                    lazy: lazyPage(() => import('../features/auth/activation-page.tsx'), 'ActivationPage'),
                  },
                  {
                    path: 'set-password',
                    handle: meta({ title: 'titles.setPassword' }),
                    lazy: lazyPage(() => import('../features/auth/set-password-page.tsx'), 'SetPasswordPage'),
                  },
                  {
                    path: 'reset-password',
                    handle: meta({ title: 'titles.resetPassword' }),
                    lazy: lazyPage(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
                  },
                ],
              },
              {
                path: 'invalid-activation',
                handle: meta({ title: 'titles.invalidLink' }),
                lazy: lazyPage(() => import('../features/auth/invalid-link-page.tsx'), 'InvalidActivationPage'),
              },
              {
                path: 'invalid-reset-password',
                handle: meta({ title: 'titles.invalidLink' }),
                lazy: lazyPage(() => import('../features/auth/invalid-link-page.tsx'), 'InvalidResetPasswordPage'),
              },
            ],
          },
          {
            lazy: lazyPage(() => import('./layouts/feature-providers.tsx'), 'FeatureProviders'),
            children: [
              {
                path: 'account/verify-account',
                handle: meta({ access: 'any', title: 'titles.verifyAccount' }),
                lazy: lazyPage(() => import('../features/auth/verify-account-page.tsx'), 'VerifyAccountPage'),
              },
            ],
          },
          {
            path: 'not-found',
            handle: meta({ access: 'any', title: 'titles.notFound' }),
            lazy: lazyPage(() => import('../features/errors/not-found-page.tsx'), 'NotFoundPage'),
          },
          {
            path: '*',
            handle: meta({ access: 'any', title: 'titles.notFound' }),
            lazy: lazyPage(() => import('../features/errors/not-found-page.tsx'), 'NotFoundPage'),
          },
        ],
      },
      {
        lazy: lazyPage(() => import('./layouts/visitor-layout.tsx'), 'PublicLayout'),
        children: [
          {
            lazy: lazyPage(() => import('./layouts/feature-providers.tsx'), 'FeatureProviders'),
            children: [
              {
                path: 'shared/portfolios/:token',
                handle: meta({ access: 'any', title: 'titles.sharedPortfolio' }),
                lazy: lazyPage(() => import('../features/portfolios/shared-portfolio-page.tsx'), 'SharedPortfolioPage', 'portfolios'),
              },
            ],
          },
        ],
      },
      {
        handle: meta({ access: 'auth' }),
        lazy: lazyPage(() => import('./layouts/feature-providers.tsx'), 'FeatureProviders'),
        children: [
          {
            id: APP_ROUTE_ID,
            lazy: lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout'),
            children: appRoutes,
          },
        ],
      },
    ],
  },
];

let signedInRoutes: Promise<RouteObject[]> | null = null;

/**
 * Loads the class and course routes once and adds them to `appRoutes`, so `routes` (read by the
 * root loader's guard and the page titles) knows them from then on. A failed load (network or
 * timeout: ChunkLoadError, shown with a retry) is tried again on the next navigation.
 */
export const loadSignedInRoutes = (): Promise<RouteObject[]> => {
  signedInRoutes ??= withChunkTimeout(() => import('./routes-classes.ts')).then(
    ({ classRoutes, courseRoutes }) => {
      const added = [...classRoutes, ...courseRoutes];
      appRoutes.push(...added);
      return added;
    },
    (error: unknown) => {
      signedInRoutes = null;
      throw error;
    },
  );
  return signedInRoutes;
};

/** Whether, in the routes known so far, only the catch-all (not-found) takes this path. */
const onlyCatchAllTakes = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';

/**
 * React Router's `patchRoutesOnNavigation`, called before navigating to a path it may not fully
 * know (one with a catch-all or dynamic segment), deep links and reloads included: a path only the
 * catch-all takes may be a class or course page, so their routes load and are patched under the
 * app layout before the root loader checks access. Once loaded, they are patched again on such
 * navigations (React Router skips the routes it already has), in case the first one was cancelled.
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!signedInRoutes && !onlyCatchAllTakes(path)) return;
  patch(APP_ROUTE_ID, await loadSignedInRoutes());
};

import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { RouteMeta } from './access.ts';
import { lazyPage } from './lazy-page.ts';
import { paths } from './paths.ts';
import { createRootLoader } from './root-loader.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { PageLoader } from './layouts/page-loader.tsx';

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

/**
 * The shared-catalogue marker is not a course id: element pages under it answer not-found (spec
 * section 2); the catalogue has its own `rex-courses` routes.
 */
const SHARED_COURSES_MARKER = 'rex-courses';
const sharedCourseGuard = ({ params }: LoaderFunctionArgs) => (params.courseId === SHARED_COURSES_MARKER ? redirect(paths.notFound.to()) : null);

/** Class pages (issue 4): everything under `#/classes/:id` renders inside the class layout's tabs. */
const classChildRoutes: RouteObject[] = [
  { index: true, loader: ({ params }) => redirect(paths.classCourses.to(params.id ?? '')) },
  {
    path: 'courses',
    handle: meta({ title: 'classes:titles.courses' }),
    lazy: lazyPage(() => import('../features/classes/class-courses-tab.tsx'), 'ClassCoursesTab'),
  },
  {
    path: 'courses/:courseId',
    handle: meta({ role: 'courses', title: 'courses:titles.course' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/courses/course-layout.tsx'), 'CourseLayout'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classCourse.to(params.id ?? '', params.courseId ?? '')) },
      { path: 'course', lazy: lazyPage(() => import('../features/courses/course-tab.tsx'), 'CourseTab') },
      {
        path: 'course/student-mode',
        handle: meta({ title: 'courses:titles.studentMode' }),
        lazy: lazyPage(() => import('../features/materials/student-mode-tab.tsx'), 'StudentModeTab'),
      },
    ],
  },
  {
    path: 'courses/:courseId/element/:elementId',
    handle: meta({ role: 'courses', title: 'courses:titles.element' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/materials/element-page.tsx'), 'ElementPage'),
  },
  {
    path: 'courses/:courseId/element/:elementId/student-mode',
    handle: meta({ role: 'courses', title: 'courses:titles.studentMode' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/materials/element-page.tsx'), 'ElementStudentModePage'),
  },
  {
    path: 'courses/:courseId/create-material/:sectionId/:materialName',
    handle: meta({ role: 'courseManage', title: 'courses:titles.createMaterial' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/materials/material-form-page.tsx'), 'MaterialCreatePage'),
  },
  {
    path: 'courses/:courseId/update-material/:materialId',
    handle: meta({ role: 'courseManage', title: 'courses:titles.updateMaterial' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/materials/material-form-page.tsx'), 'MaterialEditPage'),
  },
  {
    path: 'class-list',
    handle: meta({ role: 'classListStudents', title: 'classList:titles.classList' }),
    lazy: lazyPage(() => import('../features/class-list/class-list-layout.tsx'), 'ClassListLayout'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classStudents.to(params.id ?? '')) },
      {
        path: 'students',
        handle: meta({ title: 'classList:titles.students' }),
        lazy: lazyPage(() => import('../features/class-list/students-tab.tsx'), 'StudentsTab'),
      },
      {
        path: 'groups',
        handle: meta({ role: 'classListGroups', title: 'classList:titles.groups' }),
        lazy: lazyPage(() => import('../features/class-list/groups-tab.tsx'), 'GroupsTab'),
      },
    ],
  },
  {
    path: 'class-list/create-group',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.createGroup' }),
    lazy: lazyPage(() => import('../features/class-list/group-form-page.tsx'), 'GroupCreatePage'),
  },
  {
    path: 'class-list/group/:groupId/edit',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.editGroup' }),
    lazy: lazyPage(() => import('../features/class-list/group-form-page.tsx'), 'GroupEditPage'),
  },
  {
    path: 'class-list/group/:groupId',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.group' }),
    lazy: lazyPage(() => import('../features/class-list/group-page.tsx'), 'GroupPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classGroup.to(params.id ?? '', params.groupId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-list/group-page.tsx'), 'GroupAboutTab') },
      { path: 'portfolio', lazy: lazyPage(() => import('../features/class-list/portfolio-tab.tsx'), 'PortfolioTab') },
    ],
  },
  {
    path: 'class-list/student/:studentId',
    handle: meta({ role: 'classStudentPage', title: 'classList:titles.student' }),
    lazy: lazyPage(() => import('../features/class-list/student-page.tsx'), 'StudentPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classStudent.to(params.id ?? '', params.studentId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-list/student-page.tsx'), 'StudentAboutTab') },
      { path: 'grade', lazy: lazyPage(() => import('../features/class-list/student-grade-tab.tsx'), 'StudentGradeTab') },
      { path: 'portfolios', lazy: lazyPage(() => import('../features/class-list/portfolio-tab.tsx'), 'PortfolioTab') },
      {
        path: 'change-password',
        handle: meta({ role: 'classStudentPassword' }),
        lazy: lazyPage(() => import('../features/class-list/student-password-tab.tsx'), 'StudentPasswordTab'),
      },
    ],
  },
  {
    path: 'class-list/teacher/:teacherId',
    handle: meta({ role: 'classes', title: 'classList:titles.teacher' }),
    lazy: lazyPage(() => import('../features/class-list/teacher-page.tsx'), 'TeacherPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classTeacher.to(params.id ?? '', params.teacherId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-list/teacher-page.tsx'), 'TeacherAboutTab') },
      { path: 'portfolio', lazy: lazyPage(() => import('../features/class-list/portfolio-tab.tsx'), 'PortfolioTab') },
    ],
  },
  {
    path: 'class-progress',
    handle: meta({ role: 'classProgress', title: 'classList:titles.progress' }),
    lazy: lazyPage(() => import('../features/class-list/progress-page.tsx'), 'ClassProgressPage'),
  },
  {
    path: 'class-progress/details',
    handle: meta({ role: 'classProgress', title: 'classList:titles.progressDetails' }),
    lazy: lazyPage(() => import('../features/class-list/progress-details-page.tsx'), 'ProgressDetailsPage'),
  },
  {
    path: 'class-materials',
    handle: meta({ title: 'classList:titles.materials' }),
    lazy: lazyPage(() => import('../features/class-list/class-materials-page.tsx'), 'ClassMaterialsPage'),
  },
  {
    path: 'settings',
    handle: meta({ role: 'classSettings', title: 'classes:titles.settings' }),
    lazy: lazyPage(() => import('../features/classes/class-settings-tab.tsx'), 'ClassSettingsTab'),
  },
];

const courseRoutes: RouteObject[] = [
  {
    path: 'courses',
    handle: meta({ role: 'courses', title: 'courses:titles.myCourses' }),
    lazy: lazyPage(() => import('../features/courses/my-courses-page.tsx'), 'MyCoursesPage'),
  },
  {
    path: 'materials',
    handle: meta({ role: 'myMaterials', title: 'courses:titles.myMaterials' }),
    lazy: lazyPage(() => import('../features/materials/my-materials-page.tsx'), 'MyMaterialsPage'),
  },
];

const classRoutes: RouteObject[] = [
  {
    path: 'classes',
    handle: meta({ role: 'classes', title: 'classes:titles.classes' }),
    lazy: lazyPage(() => import('../features/classes/classes-page.tsx'), 'ClassesPage'),
  },
  {
    path: 'classes/new',
    handle: meta({ role: 'classCreate', title: 'classes:titles.create' }),
    lazy: lazyPage(() => import('../features/classes/class-create-page.tsx'), 'ClassCreatePage'),
  },
  {
    // Any signed-in user may open an invitation: the page explains who can join.
    path: 'classes/join/:token',
    handle: meta({ title: 'classes:titles.join' }),
    lazy: lazyPage(() => import('../features/classes/join-invitation-page.tsx'), 'JoinInvitationPage'),
  },
  {
    path: 'classes/:id',
    handle: meta({ role: 'classes', title: 'classes:titles.class' }),
    lazy: lazyPage(() => import('../features/classes/class-layout.tsx'), 'ClassLayout'),
    children: classChildRoutes,
  },
];

/**
 * The route tree (spec section 2). Every page and layout below the root is lazy-loaded, so the
 * login route ships only its own code. Access rules sit in `handle` and are applied by the root
 * loader before each navigation.
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
      { index: true, handle: meta({ access: 'auth' }), loader: () => redirect(paths.dashboard.to()) },
      {
        lazy: lazyPage(() => import('./layouts/visitor-layout.tsx'), 'VisitorLayout'),
        children: [
          {
            path: 'account',
            handle: meta({ access: 'visitor' }),
            children: [
              { index: true, loader: () => redirect(paths.login.to()) },
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
        handle: meta({ access: 'auth' }),
        lazy: lazyPage(() => import('./layouts/feature-providers.tsx'), 'FeatureProviders'),
        children: [
          {
            lazy: lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout'),
            children: [
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
                    handle: meta({ title: 'titles.portfolios' }),
                    lazy: lazyPage(() => import('../features/account/portfolios-tab.tsx'), 'PortfoliosTab'),
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
              {
                path: 'admin/outbox',
                handle: meta({ role: 'outbox', title: 'titles.outbox' }),
                lazy: lazyPage(() => import('../features/admin/outbox-page.tsx'), 'OutboxPage'),
              },
              {
                lazy: lazyPage(() => import('../features/admin/admin-layout.tsx'), 'AdminLayout'),
                children: adminRoutes,
              },
              ...classRoutes,
              ...courseRoutes,
            ],
          },
        ],
      },
    ],
  },
];

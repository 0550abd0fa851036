import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { RouteMeta } from '../config/access.ts';
import { lazyPage } from './lazy-page.ts';
import { paths } from '../config/paths.ts';

/**
 * The class, course, catalogue, resource and assessment routes (issues 4 to 6). Not in the entry
 * chunk: `routes.tsx` loads this module and adds them under the app layout the first time a path
 * needs them (`patchSignedInRoutes`).
 */

const meta = (m: RouteMeta): RouteMeta => m;

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
    lazy: lazyPage(() => import('./pages/class-courses-tab.tsx'), 'ClassCoursesTab'),
  },
  {
    path: 'courses/rex-courses/all/:categoryId?',
    handle: meta({ role: 'catalogueBrowse', title: 'catalogueBrowse:titles.browse' }),
    lazy: lazyPage(() => import('../features/catalogue/class-catalogue-page.tsx'), 'ClassCataloguePage'),
  },
  {
    path: 'courses/rex-courses/:courseId',
    handle: meta({ role: 'catalogueBrowse', title: 'catalogue:titles.course' }),
    lazy: lazyPage(() => import('./pages/class-catalogue-course-page.tsx'), 'ClassCatalogueCoursePage'),
  },
  {
    path: 'courses/rex-courses/:courseId/element/:elementId',
    handle: meta({ role: 'catalogueBrowse', title: 'catalogue:titles.element' }),
    lazy: lazyPage(() => import('./pages/class-catalogue-course-page.tsx'), 'ClassCatalogueElementPage'),
  },
  {
    path: 'courses/:courseId',
    handle: meta({ role: 'courses', title: 'courses:titles.course' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/courses/course-layout.tsx'), 'CourseLayout'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classCourse.to(params.id ?? '', params.courseId ?? '')) },
      { path: 'course', lazy: lazyPage(() => import('./pages/course-tab.tsx'), 'CourseTab') },
      {
        path: 'course/student-mode',
        handle: meta({ title: 'courses:titles.studentMode' }),
        lazy: lazyPage(() => import('../features/materials/student-mode-tab.tsx'), 'StudentModeTab'),
      },
      // Gradebook (issue 7)
      {
        path: 'grade-book',
        handle: meta({ role: 'gradeBook', title: 'gradeBook:titles.gradeBook' }),
        lazy: lazyPage(() => import('../features/gradebook/grade-book-tab.tsx'), 'GradeBookTab'),
      },
      {
        path: 'grade',
        handle: meta({ role: 'gradeOwn', title: 'gradeReport:titles.grade' }),
        lazy: lazyPage(() => import('../features/gradebook/grade-tab.tsx'), 'GradeTab'),
      },
      // Discussions (issue 18)
      {
        path: 'discussions',
        handle: meta({ role: 'discussions', title: 'discussions:titles.discussions' }),
        lazy: lazyPage(() => import('../features/discussions/discussions-tab.tsx'), 'DiscussionsTab', 'discussions'),
      },
      {
        path: 'discussions/:postId',
        handle: meta({ role: 'discussions', title: 'discussions:titles.post' }),
        lazy: lazyPage(() => import('../features/discussions/post-page.tsx'), 'PostPage', 'discussions'),
      },
      {
        path: 'grade-setup/:tab',
        handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.gradeSetup' }),
        lazy: lazyPage(() => import('../features/gradebook/grade-setup-tab.tsx'), 'GradeSetupTab'),
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
  // Assessments (issue 6)
  {
    path: 'courses/:courseId/quiz-settings/:materialId',
    handle: meta({ role: 'assessmentManage', title: 'quizzes:titles.settings' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/quizzes/quiz-settings-page.tsx'), 'QuizSettingsPage'),
  },
  {
    path: 'courses/:courseId/quiz/:materialId/attempt/:attemptId',
    handle: meta({ role: 'quizTake', title: 'quizzes:titles.attempt' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/quizzes/attempt-page.tsx'), 'AttemptPage'),
  },
  {
    path: 'courses/:courseId/quiz/:materialId/attempt/:attemptId/result',
    handle: meta({ role: 'quizResult', title: 'quizzes:titles.result' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/quizzes/attempt-result-page.tsx'), 'AttemptResultPage'),
  },
  {
    path: 'courses/:courseId/quiz-results/:materialId',
    handle: meta({ role: 'assessmentReview', title: 'quizzes:titles.results' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/quizzes/quiz-results-page.tsx'), 'QuizResultsPage'),
  },
  {
    path: 'courses/:courseId/assignment-settings/:materialId',
    handle: meta({ role: 'assessmentManage', title: 'assignments:titles.settings' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/assignments/assignment-settings-page.tsx'), 'AssignmentSettingsPage'),
  },
  {
    path: 'courses/:courseId/submissions/:materialId',
    handle: meta({ role: 'assessmentReview', title: 'assignments:titles.submissions' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/assignments/submissions-page.tsx'), 'SubmissionsPage'),
  },
  {
    path: 'courses/:courseId/submissions/:materialId/student/:studentId',
    handle: meta({ role: 'assessmentReview', title: 'assignments:titles.submission' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/assignments/submission-page.tsx'), 'SubmissionPage'),
  },
  {
    path: 'courses/:courseId/activity-grades/:materialId',
    handle: meta({ role: 'assessmentReview', title: 'assignments:titles.activityGrades' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/assignments/activity-grades-page.tsx'), 'ActivityGradesPage'),
  },
  // Gradebook setup forms (issue 7): full pages of a class course, for its teachers
  {
    path: 'courses/:courseId/grade-setup/scales/add-scale',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.addScale' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/scale-form-page.tsx'), 'ScaleAddPage'),
  },
  {
    path: 'courses/:courseId/scales/:scaleId/edit',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.editScale' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/scale-form-page.tsx'), 'ScaleEditPage'),
  },
  {
    path: 'courses/:courseId/scales/:scaleId',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.scale' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/scale-page.tsx'), 'ScalePage'),
  },
  {
    path: 'courses/:courseId/categories/add-item',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.addItem' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/item-form-page.tsx'), 'ItemAddPage'),
  },
  {
    path: 'courses/:courseId/items/:itemId/edit',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.editItem' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/item-form-page.tsx'), 'ItemEditPage'),
  },
  {
    path: 'courses/:courseId/categories/add',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.addCategory' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/category-form-page.tsx'), 'CategoryAddPage'),
  },
  {
    path: 'courses/:courseId/categories/:categoryId/edit',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.editCategory' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/category-form-page.tsx'), 'CategoryEditPage'),
  },
  {
    path: 'courses/:courseId/gradeLetters/update',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.updateLetters' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/letters-form-page.tsx'), 'GradeLettersPage'),
  },
  {
    path: 'courses/:courseId/rubrics/create',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.createRubric' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/rubric-form-page.tsx'), 'RubricCreatePage'),
  },
  {
    path: 'courses/:courseId/rubrics/:rubricId/edit',
    handle: meta({ role: 'gradeSetup', title: 'gradeSetup:titles.editRubric' }),
    loader: sharedCourseGuard,
    lazy: lazyPage(() => import('../features/gradebook/rubric-form-page.tsx'), 'RubricEditPage'),
  },
  {
    path: 'class-list',
    handle: meta({ role: 'classListStudents', title: 'classList:titles.classList' }),
    lazy: lazyPage(() => import('../features/class-work/class-list-layout.tsx'), 'ClassListLayout'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classStudents.to(params.id ?? '')) },
      {
        path: 'students',
        handle: meta({ title: 'classList:titles.students' }),
        lazy: lazyPage(() => import('../features/class-work/students-tab.tsx'), 'StudentsTab'),
      },
      {
        path: 'groups',
        handle: meta({ role: 'classListGroups', title: 'classList:titles.groups' }),
        lazy: lazyPage(() => import('../features/class-work/groups-tab.tsx'), 'GroupsTab'),
      },
    ],
  },
  {
    path: 'class-list/create-group',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.createGroup' }),
    lazy: lazyPage(() => import('../features/class-work/group-form-page.tsx'), 'GroupCreatePage'),
  },
  {
    path: 'class-list/group/:groupId/edit',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.editGroup' }),
    lazy: lazyPage(() => import('../features/class-work/group-form-page.tsx'), 'GroupEditPage'),
  },
  {
    path: 'class-list/group/:groupId',
    handle: meta({ role: 'classListGroups', title: 'classList:titles.group' }),
    lazy: lazyPage(() => import('../features/class-work/group-page.tsx'), 'GroupPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classGroup.to(params.id ?? '', params.groupId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-work/group-page.tsx'), 'GroupAboutTab') },
      { path: 'portfolio', lazy: lazyPage(() => import('../features/portfolios/owner-portfolio-tabs.tsx'), 'GroupPortfolioTab', 'portfolios') },
    ],
  },
  {
    path: 'class-list/student/:studentId',
    handle: meta({ role: 'classStudentPage', title: 'classList:titles.student' }),
    lazy: lazyPage(() => import('../features/class-work/student-page.tsx'), 'StudentPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classStudent.to(params.id ?? '', params.studentId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-work/student-page.tsx'), 'StudentAboutTab', 'grading') },
      { path: 'grade', lazy: lazyPage(() => import('./pages/student-grade-tab.tsx'), 'StudentGradeTab') },
      { path: 'portfolios', lazy: lazyPage(() => import('../features/portfolios/owner-portfolio-tabs.tsx'), 'StudentPortfoliosTab', 'portfolios') },
      {
        path: 'change-password',
        handle: meta({ role: 'classStudentPassword' }),
        lazy: lazyPage(() => import('../features/class-work/student-password-tab.tsx'), 'StudentPasswordTab'),
      },
    ],
  },
  {
    path: 'class-list/teacher/:teacherId',
    handle: meta({ role: 'classes', title: 'classList:titles.teacher' }),
    lazy: lazyPage(() => import('../features/class-work/teacher-page.tsx'), 'TeacherPage'),
    children: [
      { index: true, loader: ({ params }) => redirect(paths.classTeacher.to(params.id ?? '', params.teacherId ?? '')) },
      { path: 'about', lazy: lazyPage(() => import('../features/class-work/teacher-page.tsx'), 'TeacherAboutTab') },
      { path: 'portfolio', lazy: lazyPage(() => import('../features/portfolios/owner-portfolio-tabs.tsx'), 'TeacherPortfolioTab', 'portfolios') },
    ],
  },
  {
    path: 'class-progress',
    handle: meta({ role: 'classProgress', title: 'classList:titles.progress' }),
    lazy: lazyPage(() => import('../features/class-work/progress-page.tsx'), 'ClassProgressPage'),
  },
  {
    path: 'class-progress/details',
    handle: meta({ role: 'classProgress', title: 'classList:titles.progressDetails' }),
    lazy: lazyPage(() => import('../features/class-work/progress-details-page.tsx'), 'ProgressDetailsPage'),
  },
  {
    path: 'class-attendance',
    handle: meta({ role: 'classProgress', title: 'grading:learners.attendance.title' }),
    lazy: lazyPage(() => import('../features/learners/attendance-page.tsx'), 'AttendancePage', 'grading'),
  },
  {
    path: 'class-observed-values',
    handle: meta({ role: 'classProgress', title: 'grading:learners.observed.title' }),
    lazy: lazyPage(() => import('../features/learners/observed-values-page.tsx'), 'ObservedValuesPage', 'grading'),
  },
  {
    path: 'class-materials',
    handle: meta({ title: 'classList:titles.materials' }),
    lazy: lazyPage(() => import('../features/class-work/class-materials-page.tsx'), 'ClassMaterialsPage'),
  },
  // SF9 report cards and honors (issue 19): the same people as the class progress.
  {
    path: 'report-cards',
    handle: meta({ role: 'classProgress', title: 'grading:reportCards.title' }),
    lazy: lazyPage(() => import('../features/report-cards/report-cards-tab.tsx'), 'ReportCardsTab', 'grading'),
  },
  {
    path: 'settings',
    handle: meta({ role: 'classSettings', title: 'classes:titles.settings' }),
    lazy: lazyPage(() => import('../features/classes/class-settings-tab.tsx'), 'ClassSettingsTab'),
  },
];

export const courseRoutes: RouteObject[] = [
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
  {
    path: 'courses/available',
    handle: meta({ role: 'catalogueBrowse', title: 'catalogueBrowse:titles.available' }),
    lazy: lazyPage(() => import('../features/catalogue/available-courses-page.tsx'), 'AvailableCoursesPage'),
  },
  {
    path: 'catalogue',
    handle: meta({ role: 'catalogue', title: 'catalogue:titles.catalogue' }),
    lazy: lazyPage(() => import('../features/catalogue/catalogue-page.tsx'), 'CataloguePage'),
  },
  {
    path: 'catalogue/courses/:courseId',
    handle: meta({ role: 'catalogue', title: 'catalogue:titles.course' }),
    lazy: lazyPage(() => import('./pages/catalogue-course-page.tsx'), 'CatalogueCoursePage'),
  },
  {
    path: 'catalogue/courses/:courseId/element/:elementId',
    handle: meta({ role: 'catalogue', title: 'catalogue:titles.element' }),
    lazy: lazyPage(() => import('./pages/catalogue-course-page.tsx'), 'CatalogueElementPage'),
  },
  {
    path: 'catalogue/courses/:courseId/create-material/:sectionId/:materialName',
    handle: meta({ role: 'catalogue', title: 'courses:titles.createMaterial' }),
    lazy: lazyPage(() => import('./pages/catalogue-course-page.tsx'), 'CatalogueMaterialCreatePage'),
  },
  {
    path: 'catalogue/courses/:courseId/update-material/:materialId',
    handle: meta({ role: 'catalogue', title: 'courses:titles.updateMaterial' }),
    lazy: lazyPage(() => import('./pages/catalogue-course-page.tsx'), 'CatalogueMaterialEditPage'),
  },
  {
    path: 'resources',
    handle: meta({ role: 'resources', title: 'resources:titles.resources' }),
    lazy: lazyPage(() => import('../features/resources/resources-page.tsx'), 'ResourcesPage'),
  },
];

export const classRoutes: RouteObject[] = [
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

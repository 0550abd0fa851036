/**
 * The typed route registry: every link and redirect in the SPA comes from here, so no component
 * builds `#/...` strings by hand. `pattern` is what the router matches; the functions build hrefs
 * (router paths, without the leading `#`). Its first part, `basePaths` (sign-in, account, dashboard,
 * not-found), lives in `base-paths.ts`, which the entry chunk and the sign-in pages import instead,
 * so the login route does not carry the feature pages' paths.
 */

import { basePaths, q, seg } from './base-paths.ts';

export { safeRedirect, VISITOR_PATTERNS } from './base-paths.ts';

/** The grade-setup tabs (spec section 2). `rubrics` is ours: rubrics need a home too. */
export const GRADE_SETUP_TABS = ['categories', 'gradingPeriods', 'scales', 'gradeLetters', 'final-grade-setting', 'rubrics'] as const;
export type GradeSetupTab = (typeof GRADE_SETUP_TABS)[number];

export const paths = {
  ...basePaths,

  // Administration
  adminOutbox: { pattern: '/admin/outbox', to: () => '/admin/outbox' },
  admin: { pattern: '/admin', to: () => '/admin' },
  adminCustomers: { pattern: '/admin/customers', to: () => '/admin/customers' },
  adminSchools: { pattern: '/admin/schools', to: () => '/admin/schools' },
  adminSchoolNew: { pattern: '/admin/schools/new', to: () => '/admin/schools/new' },
  adminSchool: { pattern: '/admin/schools/:id', to: (id: string) => `/admin/schools/${seg(id)}` },
  adminSchoolEdit: { pattern: '/admin/schools/:id/edit', to: (id: string) => `/admin/schools/${seg(id)}/edit` },
  adminUsers: {
    pattern: '/admin/users',
    /** `schoolId`: start with the users of one school. */
    to: (opts: { schoolId?: string } = {}) => `/admin/users${q({ schoolId: opts.schoolId })}`,
  },
  adminUserNew: { pattern: '/admin/users/new', to: () => '/admin/users/new' },
  adminUsersBulk: {
    pattern: '/admin/users/bulk',
    /** `job`: the bulk-upload job being followed, kept in the URL so a reload keeps following it. */
    to: (opts: { job?: string } = {}) => `/admin/users/bulk${q({ job: opts.job })}`,
  },
  adminUser: { pattern: '/admin/users/:id', to: (id: string) => `/admin/users/${seg(id)}` },
  adminUserEdit: { pattern: '/admin/users/:id/edit', to: (id: string) => `/admin/users/${seg(id)}/edit` },
  adminAudit: { pattern: '/admin/audit', to: () => '/admin/audit' },

  // Reports (issue 21)
  reports: {
    pattern: '/reports',
    /** `classId`: the class reported on; `tab`: the open report. */
    to: (opts: { classId?: string; tab?: string } = {}) => `/reports${q({ classId: opts.classId, tab: opts.tab })}`,
  },

  // Calendar (issue 17)
  calendar: { pattern: '/calendar', to: () => '/calendar' },

  // Notifications (issue 16)
  notificationsList: { pattern: '/notifications/list', to: () => '/notifications/list' },
  notificationsSettings: { pattern: '/notifications/settings', to: () => '/notifications/settings' },

  // Classes (issue 4)
  classes: {
    pattern: '/classes',
    /** `childId`: a parent's selected child; `archived`: show archived classes. */
    to: (opts: { childId?: string; archived?: boolean } = {}) => `/classes${q({ childId: opts.childId, archived: opts.archived ? '1' : undefined })}`,
  },
  classNew: { pattern: '/classes/new', to: () => '/classes/new' },
  classJoin: { pattern: '/classes/join/:token', to: (token: string) => `/classes/join/${seg(token)}` },
  class: { pattern: '/classes/:id', to: (id: string) => `/classes/${seg(id)}` },
  classCourses: { pattern: '/classes/:id/courses', to: (id: string) => `/classes/${seg(id)}/courses` },
  classList: { pattern: '/classes/:id/class-list', to: (id: string) => `/classes/${seg(id)}/class-list` },
  classStudents: { pattern: '/classes/:id/class-list/students', to: (id: string) => `/classes/${seg(id)}/class-list/students` },
  classGroups: { pattern: '/classes/:id/class-list/groups', to: (id: string) => `/classes/${seg(id)}/class-list/groups` },
  classGroupNew: { pattern: '/classes/:id/class-list/create-group', to: (id: string) => `/classes/${seg(id)}/class-list/create-group` },
  classGroup: {
    pattern: '/classes/:id/class-list/group/:groupId',
    to: (id: string, groupId: string, tab: 'about' | 'portfolio' = 'about') => `/classes/${seg(id)}/class-list/group/${seg(groupId)}/${tab}`,
  },
  classGroupEdit: {
    pattern: '/classes/:id/class-list/group/:groupId/edit',
    to: (id: string, groupId: string) => `/classes/${seg(id)}/class-list/group/${seg(groupId)}/edit`,
  },
  classStudent: {
    pattern: '/classes/:id/class-list/student/:studentId',
    to: (id: string, studentId: string, tab: 'about' | 'grade' | 'portfolios' | 'change-password' = 'about') =>
      `/classes/${seg(id)}/class-list/student/${seg(studentId)}/${tab}`,
  },
  classTeacher: {
    pattern: '/classes/:id/class-list/teacher/:teacherId',
    to: (id: string, teacherId: string, tab: 'about' | 'portfolio' = 'about') => `/classes/${seg(id)}/class-list/teacher/${seg(teacherId)}/${tab}`,
  },
  classAttendance: { pattern: '/classes/:id/class-attendance', to: (id: string) => `/classes/${seg(id)}/class-attendance` },
  classObservedValues: { pattern: '/classes/:id/class-observed-values', to: (id: string) => `/classes/${seg(id)}/class-observed-values` },
  classProgress: { pattern: '/classes/:id/class-progress', to: (id: string) => `/classes/${seg(id)}/class-progress` },
  classProgressDetails: {
    pattern: '/classes/:id/class-progress/details',
    to: (id: string, studentId: string) => `/classes/${seg(id)}/class-progress/details${q({ studentId })}`,
  },
  classMaterials: { pattern: '/classes/:id/class-materials', to: (id: string) => `/classes/${seg(id)}/class-materials` },
  classReportCards: { pattern: '/classes/:id/report-cards', to: (id: string) => `/classes/${seg(id)}/report-cards` },
  classSettings: { pattern: '/classes/:id/settings', to: (id: string) => `/classes/${seg(id)}/settings` },

  // Courses (issue 5)
  myCourses: {
    pattern: '/courses',
    /** My Courses; `view`: grid (default) or list. */
    to: (opts: { view?: 'grid' | 'list' } = {}) => `/courses${q({ view: opts.view })}`,
  },
  myMaterials: { pattern: '/materials', to: () => '/materials' },
  classCourse: {
    pattern: '/classes/:id/courses/:courseId',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/course`,
  },
  classCourseStudentMode: {
    pattern: '/classes/:id/courses/:courseId/course/student-mode',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/course/student-mode`,
  },
  classCourseElement: {
    pattern: '/classes/:id/courses/:courseId/element/:elementId',
    /** `materialId`: the material opened inside the element; `studentMode`: the teacher's preview. */
    to: (id: string, courseId: string, elementId: string, opts: { materialId?: string; studentMode?: boolean } = {}) =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/element/${seg(elementId)}${opts.studentMode ? '/student-mode' : ''}${q({ material: opts.materialId })}`,
  },
  classMaterialNew: {
    pattern: '/classes/:id/courses/:courseId/create-material/:sectionId/:materialName',
    to: (id: string, courseId: string, sectionId: string, type: string) =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/create-material/${seg(sectionId)}/${seg(type)}`,
  },
  classMaterialEdit: {
    pattern: '/classes/:id/courses/:courseId/update-material/:materialId',
    to: (id: string, courseId: string, materialId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/update-material/${seg(materialId)}`,
  },

  // Assessments (issue 6), full pages of a class course
  classQuizSettings: {
    pattern: '/classes/:id/courses/:courseId/quiz-settings/:materialId',
    /** `tab`: settings (default) or questions. */
    to: (id: string, courseId: string, materialId: string, tab?: 'questions') =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/quiz-settings/${seg(materialId)}${q({ tab })}`,
  },
  classAssignmentSettings: {
    pattern: '/classes/:id/courses/:courseId/assignment-settings/:materialId',
    to: (id: string, courseId: string, materialId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/assignment-settings/${seg(materialId)}`,
  },
  classSubmissions: {
    pattern: '/classes/:id/courses/:courseId/submissions/:materialId',
    to: (id: string, courseId: string, materialId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/submissions/${seg(materialId)}`,
  },
  classSubmission: {
    pattern: '/classes/:id/courses/:courseId/submissions/:materialId/student/:studentId',
    to: (id: string, courseId: string, materialId: string, studentId: string) =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/submissions/${seg(materialId)}/student/${seg(studentId)}`,
  },
  classActivityGrades: {
    pattern: '/classes/:id/courses/:courseId/activity-grades/:materialId',
    to: (id: string, courseId: string, materialId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/activity-grades/${seg(materialId)}`,
  },
  // Gradebook (issue 7): the course's grade tabs and the grade-setup forms
  classGradeBook: {
    pattern: '/classes/:id/courses/:courseId/grade-book',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/grade-book`,
  },
  classGrade: {
    pattern: '/classes/:id/courses/:courseId/grade',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/grade`,
  },
  classGradeSetup: {
    pattern: '/classes/:id/courses/:courseId/grade-setup/:tab',
    to: (id: string, courseId: string, tab: GradeSetupTab = 'categories') => `/classes/${seg(id)}/courses/${seg(courseId)}/grade-setup/${seg(tab)}`,
  },
  classScaleAdd: {
    pattern: '/classes/:id/courses/:courseId/grade-setup/scales/add-scale',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/grade-setup/scales/add-scale`,
  },
  classScaleEdit: {
    pattern: '/classes/:id/courses/:courseId/scales/:scaleId/edit',
    to: (id: string, courseId: string, scaleId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/scales/${seg(scaleId)}/edit`,
  },
  classScale: {
    pattern: '/classes/:id/courses/:courseId/scales/:scaleId',
    to: (id: string, courseId: string, scaleId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/scales/${seg(scaleId)}`,
  },
  classGradeItemAdd: {
    pattern: '/classes/:id/courses/:courseId/categories/add-item',
    /** `categoryId`: the category to put the new item in. */
    to: (id: string, courseId: string, categoryId?: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/categories/add-item${q({ category: categoryId })}`,
  },
  classGradeItemEdit: {
    pattern: '/classes/:id/courses/:courseId/items/:itemId/edit',
    to: (id: string, courseId: string, itemId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/items/${seg(itemId)}/edit`,
  },
  classGradeCategoryAdd: {
    pattern: '/classes/:id/courses/:courseId/categories/add',
    /** `parentId`: the category to create it in (default the course). */
    to: (id: string, courseId: string, parentId?: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/categories/add${q({ parent: parentId })}`,
  },
  classGradeCategoryEdit: {
    pattern: '/classes/:id/courses/:courseId/categories/:categoryId/edit',
    to: (id: string, courseId: string, categoryId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/categories/${seg(categoryId)}/edit`,
  },
  classGradeLettersUpdate: {
    pattern: '/classes/:id/courses/:courseId/gradeLetters/update',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/gradeLetters/update`,
  },
  classRubricCreate: {
    pattern: '/classes/:id/courses/:courseId/rubrics/create',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/rubrics/create`,
  },
  classRubricEdit: {
    pattern: '/classes/:id/courses/:courseId/rubrics/:rubricId/edit',
    to: (id: string, courseId: string, rubricId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/rubrics/${seg(rubricId)}/edit`,
  },
  // Discussions (issue 18): the course's discussions tab and a post
  classDiscussions: {
    pattern: '/classes/:id/courses/:courseId/discussions',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/discussions`,
  },
  classDiscussionPost: {
    pattern: '/classes/:id/courses/:courseId/discussions/:postId',
    to: (id: string, courseId: string, postId: string) => `/classes/${seg(id)}/courses/${seg(courseId)}/discussions/${seg(postId)}`,
  },
  classQuizAttempt: {
    pattern: '/classes/:id/courses/:courseId/quiz/:materialId/attempt/:attemptId',
    to: (id: string, courseId: string, materialId: string, attemptId: string) =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/quiz/${seg(materialId)}/attempt/${seg(attemptId)}`,
  },
  classQuizAttemptResult: {
    pattern: '/classes/:id/courses/:courseId/quiz/:materialId/attempt/:attemptId/result',
    to: (id: string, courseId: string, materialId: string, attemptId: string) =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/quiz/${seg(materialId)}/attempt/${seg(attemptId)}/result`,
  },
  classQuizResults: {
    pattern: '/classes/:id/courses/:courseId/quiz-results/:materialId',
    /** `tab`: results (default) or statistics. */
    to: (id: string, courseId: string, materialId: string, tab?: 'statistics') =>
      `/classes/${seg(id)}/courses/${seg(courseId)}/quiz-results/${seg(materialId)}${q({ tab })}`,
  },

  // The catalogue (issue 5): the rex admin builds it under `#/catalogue`; teachers browse it from a class.
  coursesAvailable: { pattern: '/courses/available', to: () => '/courses/available' },
  catalogue: {
    pattern: '/catalogue',
    /** `category`: the chosen category. */
    to: (opts: { category?: string } = {}) => `/catalogue${q({ category: opts.category })}`,
  },
  catalogueCourse: { pattern: '/catalogue/courses/:courseId', to: (courseId: string) => `/catalogue/courses/${seg(courseId)}` },
  catalogueCourseElement: {
    pattern: '/catalogue/courses/:courseId/element/:elementId',
    to: (courseId: string, elementId: string, opts: { materialId?: string } = {}) =>
      `/catalogue/courses/${seg(courseId)}/element/${seg(elementId)}${q({ material: opts.materialId })}`,
  },
  catalogueMaterialNew: {
    pattern: '/catalogue/courses/:courseId/create-material/:sectionId/:materialName',
    to: (courseId: string, sectionId: string, type: string) => `/catalogue/courses/${seg(courseId)}/create-material/${seg(sectionId)}/${seg(type)}`,
  },
  catalogueMaterialEdit: {
    pattern: '/catalogue/courses/:courseId/update-material/:materialId',
    to: (courseId: string, materialId: string) => `/catalogue/courses/${seg(courseId)}/update-material/${seg(materialId)}`,
  },
  classCatalogue: {
    pattern: '/classes/:id/courses/rex-courses/all/:categoryId?',
    to: (id: string, categoryId?: string) => `/classes/${seg(id)}/courses/rex-courses/all${categoryId ? `/${seg(categoryId)}` : ''}`,
  },
  classCatalogueCourse: {
    pattern: '/classes/:id/courses/rex-courses/:courseId',
    to: (id: string, courseId: string) => `/classes/${seg(id)}/courses/rex-courses/${seg(courseId)}`,
  },
  classCatalogueElement: {
    pattern: '/classes/:id/courses/rex-courses/:courseId/element/:elementId',
    to: (id: string, courseId: string, elementId: string, opts: { materialId?: string } = {}) =>
      `/classes/${seg(id)}/courses/rex-courses/${seg(courseId)}/element/${seg(elementId)}${q({ material: opts.materialId })}`,
  },

  // The school's resource library (issue 5)
  resources: { pattern: '/resources', to: () => '/resources' },

  // Messaging (issue 16)
  messages: {
    pattern: '/messages/list/:id?',
    /** `id`: the open conversation; `at`: a message to show (a search result). */
    to: (id?: string, opts: { at?: string } = {}) => `/messages/list${id ? `/${seg(id)}` : ''}${q({ at: opts.at })}`,
  },
  messageContacts: { pattern: '/messages/contacts', to: () => '/messages/contacts' },
  messageSettings: { pattern: '/messages/settings', to: () => '/messages/settings' },
  messageUser: { pattern: '/messages/user-details', to: (id: string) => `/messages/user-details${q({ id })}` },

  // The school's grading policy (issue 19)
  gradingPolicy: { pattern: '/school/grading-policy', to: () => '/school/grading-policy' },

  // Announcements (issue 18): the ones a teacher or school administrator manages
  announcements: { pattern: '/announcements', to: () => '/announcements' },
} as const;

export type PathName = keyof typeof paths;

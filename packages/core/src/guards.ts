import { ROLE, type RoleId } from './roles.ts';

/**
 * The route guard table shared by the SPA (which hides and redirects) and the API (which
 * enforces the same role lists through route policies). A route not listed is open to every
 * signed-in user. Spec section 6.
 */
export const ROUTE_ROLES = {
  /** The course's grade-book tab (spec: roles 3 and 5): the grader grid for teachers, a student's own grades for a student. */
  gradeBook: [ROLE.teacher, ROLE.student],
  classListStudents: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent],
  classListGroups: [ROLE.teacher],
  parentProfile: [ROLE.parent],
  childDetails: [ROLE.parent],
  /** One's own portfolios (issue 20): students and teachers keep them; others read them where they appear. */
  ownPortfolios: [ROLE.teacher, ROLE.student],
  outbox: [ROLE.admin],
  administration: [ROLE.admin, ROLE.rexAdmin, ROLE.schoolAdmin],
  /** Customers: platform administrators only (list, create, edit, enable, disable). */
  adminCustomers: [ROLE.admin, ROLE.rexAdmin],
  /** Read schools and users (lsg: those of its customer, read-only; school admin: their school). */
  adminRead: [ROLE.admin, ROLE.rexAdmin, ROLE.schoolAdmin, ROLE.lsg],
  /** Change schools and users, bulk upload, export (school admin: their school only). */
  adminWrite: [ROLE.admin, ROLE.rexAdmin, ROLE.schoolAdmin],
  /** Create schools, enable and disable them: platform administrators. */
  adminSchoolsManage: [ROLE.admin, ROLE.rexAdmin],
  /** The audit log (school admin: their school's entries). */
  adminAudit: [ROLE.admin, ROLE.rexAdmin, ROLE.schoolAdmin],
  /** `#/classes` and a class's pages: members of classes and school administrators. */
  classes: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin],
  /** Create classes (a teacher's own, or any class of the school for its administrator). */
  classCreate: [ROLE.teacher, ROLE.schoolAdmin],
  /** Class settings: name, teachers, access code and link, archive (teachers of the class, school admin). */
  classSettings: [ROLE.teacher, ROLE.schoolAdmin],
  /** Join a class with an access code or invitation link. */
  classJoin: [ROLE.student],
  /** Class progress and a student's page in the class list (teachers, assistants, school admin). */
  classProgress: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin],
  classStudentPage: [ROLE.teacher, ROLE.assistantTeacher],
  /** Set a generated password or send a reset link to a student (spec: teachers). */
  classStudentPassword: [ROLE.teacher],
  /** My Courses (`#/courses`) and a course's pages: class members. */
  courses: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent],
  /** Create and edit courses, elements and materials (teachers of the class). */
  courseManage: [ROLE.teacher],
  /** `#/materials`: a teacher's materials across courses. */
  myMaterials: [ROLE.teacher, ROLE.assistantTeacher],
  /**
   * The course API (details, elements, materials, journey): class members plus the rex admin, who
   * builds catalogue courses with the same routes. The course access check decides per course.
   */
  courseApi: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.rexAdmin],
  /** Changes through the course API: teachers of the class, the rex admin for catalogue courses. */
  courseApiManage: [ROLE.teacher, ROLE.rexAdmin],
  /** `#/catalogue`: the rex admin builds the catalogue (categories, catalogue courses). */
  catalogue: [ROLE.rexAdmin],
  /** A class's `courses/rex-courses/...` pages and `#/courses/available`: teachers browse and copy. */
  catalogueBrowse: [ROLE.teacher],
  /** `#/resources`: everyone of a school reads the library. */
  resources: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin],
  /** Add files and links to the library (teachers, school admin); the uploader or a school admin edits and removes. */
  resourcesWrite: [ROLE.teacher, ROLE.schoolAdmin],
  /** Issue 6: set up assignments and quizzes, grade submissions and activities (teachers of the class). */
  assessmentManage: [ROLE.teacher],
  /**
   * Issue 13: grade submissions, activities and quiz essays (teachers and assistants of the class:
   * an assistant grades like a non-editing teacher; setup and the grade book stay the teachers').
   */
  assessmentGrade: [ROLE.teacher, ROLE.assistantTeacher],
  /** Issue 6: read submissions, quiz results and statistics (teachers and assistants of the class). */
  assessmentReview: [ROLE.teacher, ROLE.assistantTeacher],
  /** Issue 6: take a quiz (enrolled students). */
  quizTake: [ROLE.student],
  /** Issue 6: a quiz attempt's result (the student, their parents, staff of the class). */
  quizResult: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent],
  /** Account edit has a block-roles list in the spec; it is empty. */
  /** Issue 7: grade setup (categories, periods, scales, letters, final grade, rubrics) and grade entry: teachers of the class. */
  gradeSetup: [ROLE.teacher],
  /** Issue 7: the course's grade tab: a student's own grades, a parent's child's. */
  gradeOwn: [ROLE.student, ROLE.parent],
  /** Issue 7: the gradebook API's reads (the course access check decides per course and student). */
  gradeRead: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin],
  /** Issue 16: messaging is for accounts of a school (platform roles have none). */
  messages: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin],
  /** Issue 17: `#/calendar` and the calendar API are for accounts of a school (time zone, events). */
  calendar: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin],
  /** Issue 18: a course's discussions tab (teachers and assistants moderate; parents read when allowed). */
  discussions: [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent],
  /** Issue 18: `#/announcements`, announce to classes and courses (school admin: also the school). */
  announcementsManage: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin],
  /** Issue 19: `#/school/grading-policy`, the school's grading policy (the school administrator edits, staff read). */
  gradingPolicy: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin],
  /** Issue 21: `#/reports` (class, material and student reports, charts, at-risk students); the lsg reads only. */
  reports: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin, ROLE.lsg],
  /** Issue 21: message at-risk students and their parents from the reports (not the read-only lsg). */
  reportsMessage: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin],
  accountEditBlocked: [],
} as const satisfies Record<string, readonly RoleId[]>;

export type GuardedRoute = keyof typeof ROUTE_ROLES;

export const canOpen = (route: GuardedRoute, roleId: number): boolean => {
  if (route === 'accountEditBlocked') return !(ROUTE_ROLES.accountEditBlocked as readonly number[]).includes(roleId);
  return (ROUTE_ROLES[route] as readonly number[]).includes(roleId);
};

/** Navigation entries each role sees in the app shell. */
export const NAV_BY_ROLE: Record<RoleId, readonly string[]> = {
  [ROLE.admin]: ['dashboard', 'administration', 'outbox'],
  [ROLE.teacher]: ['dashboard', 'classes', 'courses', 'materials', 'calendar', 'announcements', 'messages', 'resources', 'reports'],
  [ROLE.assistantTeacher]: ['dashboard', 'classes', 'courses', 'calendar', 'announcements', 'messages', 'resources', 'reports'],
  [ROLE.student]: ['dashboard', 'classes', 'courses', 'calendar', 'messages', 'resources', 'portfolios'],
  [ROLE.parent]: ['dashboard', 'children', 'classes', 'calendar', 'messages', 'resources'],
  [ROLE.schoolAdmin]: ['dashboard', 'administration', 'classes', 'gradingPolicy', 'calendar', 'announcements', 'messages', 'resources', 'reports'],
  [ROLE.lsg]: ['dashboard', 'administration', 'reports'],
  [ROLE.rexAdmin]: ['dashboard', 'administration', 'catalogue'],
};

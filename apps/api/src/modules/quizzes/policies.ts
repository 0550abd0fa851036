import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import type { Policy } from '../../platform/types.ts';

/** Who may call the quiz routes (the quiz access check then decides the relationship). */

/** Teachers of the class set quizzes up and grade (assistants: 403 from the access check). */
export const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentManage };
/** Teachers and assistants of the class grade answers by hand (issue 13). */
export const graders: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentGrade };
/** Teachers and assistants of the class read settings, questions, the bank, results and statistics. */
export const staff: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentReview };
/** Enrolled students take quizzes. */
export const takers: Policy = { access: 'roles', roles: ROUTE_ROLES.quizTake };
/** The quiz page: students, and parents of an enrolled child. */
export const studentsAndParents: Policy = { access: 'roles', roles: [ROLE.student, ROLE.parent] };
/** Attempts and results: the student, parents (results), staff of the class. */
export const attemptReaders: Policy = { access: 'roles', roles: ROUTE_ROLES.quizResult };

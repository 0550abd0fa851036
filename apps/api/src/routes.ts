import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminUsersRoutes } from './modules/admin/users/admin-users.routes.ts';
import { auditRoutes } from './modules/admin/audit/audit.routes.ts';
import { classWorkRoutes } from './modules/class-work/class-work.routes.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { bulkRoutes } from './modules/admin/bulk/bulk.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { courseJobsRoutes } from './modules/courses/jobs/course-jobs.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { resourcesRoutes } from './modules/resources/resources.routes.ts';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.ts';
import { quizzesRoutes } from './modules/quizzes/quizzes.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes.ts';
import { classRecordRoutes } from './modules/class-record/class-record.routes.ts';
import { gradingPolicyRoutes } from './modules/grading-policy/grading-policy.routes.ts';
import { reportCardsRoutes } from './modules/report-cards/report-cards.routes.ts';
import { gradebookSetupRoutes } from './modules/gradebook/setup/gradebook-setup.routes.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { discussionsRoutes } from './modules/discussions/discussions.routes.ts';
import { announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { customersRoutes } from './modules/admin/customers/customers.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { outboxRoutes } from './modules/admin/outbox/outbox.routes.ts';
import { photosRoutes } from './modules/account/photos.routes.ts';
import { schoolsRoutes } from './modules/admin/schools/schools.routes.ts';
import { usersRoutes } from './modules/admin/users/users.routes.ts';
import { portfoliosRoutes } from './modules/portfolios/portfolios.routes.ts';
import { classLearnersRoutes, learnerProfileRoutes } from './modules/learners/learners.routes.ts';
import { activityRoutes } from './modules/reports/activity.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';

/** Every module and its URL prefix: grep here to find any route. */
export const MODULES = [
  { prefix: '/api/health', plugin: healthRoutes },
  { prefix: '/api/auth', plugin: authRoutes },
  { prefix: '/api/account', plugin: accountRoutes },
  { prefix: '/api/users', plugin: usersRoutes },
  { prefix: '/api/photos', plugin: photosRoutes },
  { prefix: '/api/admin/outbox', plugin: outboxRoutes },
  { prefix: '/api/admin/customers', plugin: customersRoutes },
  { prefix: '/api/admin/schools', plugin: schoolsRoutes },
  { prefix: '/api/admin/users', plugin: adminUsersRoutes },
  { prefix: '/api/admin/audit', plugin: auditRoutes },
  { prefix: '/api/admin', plugin: bulkRoutes },
  { prefix: '/api/classes', plugin: classesRoutes },
  { prefix: '/api/classes', plugin: classWorkRoutes },
  { prefix: '/api/classes', plugin: classLearnersRoutes },
  { prefix: '/api/learners', plugin: learnerProfileRoutes },
  { prefix: '/api', plugin: coursesRoutes },
  { prefix: '/api', plugin: materialsRoutes },
  { prefix: '/api', plugin: courseJobsRoutes },
  { prefix: '/api/catalogue', plugin: catalogueRoutes },
  { prefix: '/api/resources', plugin: resourcesRoutes },
  { prefix: '/api', plugin: assignmentsRoutes },
  { prefix: '/api', plugin: quizzesRoutes },
  { prefix: '/api/dashboard', plugin: dashboardRoutes },
  { prefix: '/api', plugin: gradebookSetupRoutes },
  { prefix: '/api', plugin: gradebookRoutes },
  { prefix: '/api', plugin: classRecordRoutes },
  { prefix: '/api', plugin: gradingPolicyRoutes },
  { prefix: '/api', plugin: reportCardsRoutes },
  { prefix: '/api/messages', plugin: messagingRoutes },
  { prefix: '/api/notifications', plugin: notificationsRoutes },
  { prefix: '/api', plugin: discussionsRoutes },
  { prefix: '/api/announcements', plugin: announcementsRoutes },
  { prefix: '/api/calendar', plugin: calendarRoutes },
  { prefix: '/api', plugin: portfoliosRoutes },
  { prefix: '/api/reports', plugin: reportsRoutes },
  { prefix: '/api/activity', plugin: activityRoutes },
] as const;

export const registerModules = async (app: FastifyInstance): Promise<void> => {
  for (const m of MODULES) await app.register(m.plugin, { prefix: m.prefix });
};

import * as tenancy from './schema/tenancy.ts';
import * as users from './schema/users.ts';
import * as sessions from './schema/sessions.ts';
import * as platform from './schema/platform.ts';
import * as admin from './schema/admin.ts';
import * as classes from './schema/classes.ts';
import * as courses from './schema/courses.ts';
import * as courseJobs from './schema/course-jobs.ts';
import * as resources from './schema/resources.ts';
import * as assessments from './schema/assessments.ts';
import * as gradebook from './schema/gradebook.ts';
import * as messaging from './schema/messaging.ts';
import * as notifications from './schema/notifications.ts';
import * as discussions from './schema/discussions.ts';
import * as announcements from './schema/announcements.ts';
import * as calendar from './schema/calendar.ts';
import * as deped from './schema/deped.ts';
import * as portfolios from './schema/portfolios.ts';
import * as activity from './schema/activity.ts';

/** Every table, for drizzle's typed client. */
export const schema = {
  ...tenancy,
  ...users,
  ...sessions,
  ...platform,
  ...admin,
  ...classes,
  ...courses,
  ...courseJobs,
  ...resources,
  ...assessments,
  ...gradebook,
  ...messaging,
  ...notifications,
  ...discussions,
  ...announcements,
  ...calendar,
  ...deped,
  ...portfolios,
  ...activity,
};
export type Schema = typeof schema;

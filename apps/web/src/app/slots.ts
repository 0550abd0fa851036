import { loadRouteNamespace } from '../i18n/i18n.ts';
import { fillSlots, type SlotLoaders } from '../lib/slots.ts';

/** What one feature shows inside another's page (lib/slots.ts), each loaded when first shown. */
export const appSlotLoaders: SlotLoaders = {
  assignmentPanel: () => import('../features/assignments/assignment-panel.tsx').then((m) => m.AssignmentPanel),
  activityPanel: () => import('../features/assignments/activity-panel.tsx').then((m) => m.ActivityPanel),
  quizPanel: () => import('../features/quizzes/quiz-panel.tsx').then((m) => m.QuizPanel),
  announcementsBox: () => import('../features/announcements/announcements-box.tsx').then((m) => m.AnnouncementsBox),
  upcomingEvents: () =>
    Promise.all([import('../features/calendar/upcoming-events-card.tsx'), loadRouteNamespace('calendar')]).then(([m]) => m.UpcomingEventsCard),
  childReportCards: () =>
    Promise.all([import('../features/report-cards/child-report-cards.tsx'), loadRouteNamespace('grading')]).then(([m]) => m.ChildReportCards),
  childGrades: () => import('../features/dashboard/work-lists.tsx').then((m) => m.RecentGradesCard),
  childPortfolios: () =>
    Promise.all([import('../features/portfolios/child-portfolios.tsx'), loadRouteNamespace('portfolios')]).then(([m]) => m.ChildPortfolios),
  learnerFieldsPanel: () =>
    Promise.all([import('../features/learners/learner-fields-panel.tsx'), loadRouteNamespace('grading')]).then(([m]) => m.LearnerFieldsPanel),
  adviserLine: () => Promise.all([import('../features/learners/adviser-line.tsx'), loadRouteNamespace('grading')]).then(([m]) => m.AdviserLine),
};

fillSlots(appSlotLoaders);

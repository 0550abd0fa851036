import { fillSlots } from '../lib/slots.ts';

/** What one feature shows inside another's page (lib/slots.ts), each loaded when first shown. */
fillSlots({
  assignmentPanel: () => import('../features/assignments/assignment-panel.tsx').then((m) => m.AssignmentPanel),
  activityPanel: () => import('../features/assignments/activity-panel.tsx').then((m) => m.ActivityPanel),
  quizPanel: () => import('../features/quizzes/quiz-panel.tsx').then((m) => m.QuizPanel),
});

/**
 * The UI namespaces (one JSON file per locale under `locales/<locale>/<ns>.json`). Kept apart from
 * i18n.ts so the build (vite.config.ts groups the text chunks by them) reads them without i18next.
 */
export const BASE_NAMESPACES = ['common', 'components', 'account', 'shell'] as const;
export const FEATURE_NAMESPACES = [
  'admin',
  'classes',
  'classList',
  'classWork',
  'courses',
  'materials',
  'catalogue',
  'catalogueBrowse',
  'resources',
  'assignments',
  'quizzes',
  'dashboard',
  'gradeSetup',
  'gradeBook',
  'gradeReport',
  'messaging',
  'notifications',
  'announcements',
] as const;
/**
 * Namespaces of pages few visits need, loaded with those pages (`loadRouteNamespace`, from the
 * route's `lazy` or the slot that shows a part of them), not with every signed-in page.
 */
export const ROUTE_NAMESPACES = ['calendar', 'discussions', 'grading', 'portfolios', 'reports'] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

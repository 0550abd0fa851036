import { ROLE } from '@klase/core/roles';
import { navItemsFor } from '../nav-items.ts';

/**
 * One step of the guided tour: its texts are `common:tour.steps.<key>.title` and `.text`, and it
 * points at the element whose `data-tour` attribute is `target`. A navigation step (`nav`, the
 * entry's key) is part of the tour only when the role has that entry; on a phone, where the
 * navigation is behind the burger, it points at the burger instead.
 */
export interface TourStep {
  key: string;
  target: string;
  nav?: string;
  /** Where to point when `target` is hidden (the help menu is in the account menu on a phone). */
  fallback?: string;
}

/** What a step list may depend on besides the role. */
export interface TourContext {
  roleId: number;
  hasChildren: boolean;
}

export const BURGER_TARGET = 'nav-burger';

const nav = (key: string, textKey = key): TourStep => ({ key: textKey, target: `nav-${key}`, nav: key });
const at = (target: string, key: string): TourStep => ({ key, target });

const HELP: TourStep = { ...at('help', 'help'), fallback: 'user-menu' };
const ACCOUNT = at('user-menu', 'account');

const TEACHER: readonly TourStep[] = [
  at('pending-submissions', 'pending'),
  nav('classes'),
  nav('courses', 'coursesTeacher'),
  nav('messages'),
  nav('calendar'),
  at('notifications', 'notifications'),
  nav('reports'),
  ACCOUNT,
  HELP,
];

const STUDENT: readonly TourStep[] = [
  at('whats-due', 'whatsDue'),
  nav('classes', 'classesStudent'),
  nav('courses', 'coursesStudent'),
  nav('calendar'),
  nav('messages'),
  nav('account', 'portfolios'),
  HELP,
];

const PARENT = (hasChildren: boolean): TourStep[] => [
  ...(hasChildren ? [at('child-switcher', 'childSwitcher')] : []),
  at('whats-due', 'whatsDueChild'),
  nav('children'),
  nav('messages'),
  nav('calendar'),
  HELP,
];

const SCHOOL_ADMIN: readonly TourStep[] = [
  nav('administration', 'schoolAdministration'),
  nav('classes', 'classesSchool'),
  nav('gradingPolicy'),
  nav('reports'),
  nav('calendar'),
  HELP,
];

const PLATFORM: readonly TourStep[] = [nav('administration', 'platformAdministration'), nav('outbox'), nav('catalogue'), nav('reports'), ACCOUNT, HELP];

const listFor = ({ roleId, hasChildren }: TourContext): readonly TourStep[] => {
  switch (roleId) {
    case ROLE.teacher:
    case ROLE.assistantTeacher:
      return TEACHER;
    case ROLE.student:
      return STUDENT;
    case ROLE.parent:
      return PARENT(hasChildren);
    case ROLE.schoolAdmin:
      return SCHOOL_ADMIN;
    default:
      return PLATFORM;
  }
};

/** The role's steps: navigation steps only for entries the role has (so indexes are the same on every visit). */
export const tourStepsFor = (ctx: TourContext): TourStep[] => {
  const entries = new Set(navItemsFor(ctx.roleId).map((i) => i.key));
  return listFor(ctx).filter((s) => !s.nav || entries.has(s.nav));
};

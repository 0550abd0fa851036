import type { ComponentType } from 'react';
import {
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconCalendar,
  IconChartBar,
  IconChartLine,
  IconDashboard,
  IconFiles,
  IconFolders,
  IconSchool,
  IconMail,
  IconMessages,
  IconUserCircle,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import { NAV_BY_ROLE, canOpen, type GuardedRoute } from '@klase/core/guards';
import { isRoleId } from '@klase/core/roles';
import { paths } from '../config/paths.ts';

export interface NavItem {
  key: string;
  /** i18n key in the `shell` namespace. */
  label: string;
  to: string;
  /** Path prefixes under which the entry shows as the current page. */
  prefixes: readonly string[];
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** The guard of the destination: a role that may not open it does not see the entry. */
  role?: GuardedRoute;
}

/**
 * The screens that exist today for the entries of NAV_BY_ROLE (core keeps the per-role table).
 * Entries whose screens later issues build (classes, courses, calendar, messages...) have no
 * destination here and are therefore not shown: no link leads to a placeholder.
 */
const DESTINATIONS: Record<string, Omit<NavItem, 'key'>> = {
  dashboard: { label: 'nav.dashboard', to: paths.dashboard.to(), prefixes: ['/dashboard'], icon: IconDashboard },
  administration: {
    label: 'admin:nav.administration',
    to: paths.admin.to(),
    prefixes: ['/admin/customers', '/admin/schools', '/admin/users', '/admin/audit'],
    icon: IconBuildingCommunity,
  },
  classes: { label: 'nav.classes', to: paths.classes.to(), prefixes: ['/classes'], icon: IconSchool, role: 'classes' },
  courses: { label: 'nav.courses', to: paths.myCourses.to(), prefixes: ['/courses'], icon: IconBook, role: 'courses' },
  catalogue: { label: 'nav.catalogue', to: paths.catalogue.to(), prefixes: ['/catalogue'], icon: IconBooks, role: 'catalogue' },
  resources: { label: 'nav.resources', to: paths.resources.to(), prefixes: ['/resources'], icon: IconFolders, role: 'resources' },
  materials: { label: 'nav.materials', to: paths.myMaterials.to(), prefixes: ['/materials'], icon: IconFiles, role: 'myMaterials' },
  calendar: { label: 'nav.calendar', to: paths.calendar.to(), prefixes: ['/calendar'], icon: IconCalendar, role: 'calendar' },
  gradingPolicy: {
    label: 'nav.gradingPolicy',
    to: paths.gradingPolicy.to(),
    prefixes: ['/school/grading-policy'],
    icon: IconChartBar,
    role: 'gradingPolicy',
  },
  messages: { label: 'messaging:nav.messages', to: paths.messages.to(), prefixes: ['/messages'], icon: IconMessages, role: 'messages' },
  announcements: {
    label: 'announcements:nav.announcements',
    to: paths.announcements.to(),
    prefixes: ['/announcements'],
    icon: IconSpeakerphone,
    role: 'announcementsManage',
  },
  reports: { label: 'nav.reports', to: paths.reports.to(), prefixes: ['/reports'], icon: IconChartLine, role: 'reports' },
  outbox: { label: 'nav.outbox', to: paths.adminOutbox.to(), prefixes: ['/admin/outbox'], icon: IconMail },
  children: {
    label: 'nav.children',
    to: paths.accountParent.to(),
    prefixes: ['/account/parent', '/account/child/', '/account/child-details/'],
    icon: IconUsers,
  },
};

/** Every signed-in user has an account area, so it is added to each role's list. */
const ACCOUNT: NavItem = { key: 'account', label: 'nav.account', to: paths.accountDetails.to(), prefixes: ['/account/'], icon: IconUserCircle };

export const navItemsFor = (roleId: number): NavItem[] => {
  const keys = isRoleId(roleId) ? NAV_BY_ROLE[roleId] : ['dashboard'];
  const items = keys.flatMap((key) => {
    const d = DESTINATIONS[key];
    return d && (!d.role || canOpen(d.role, roleId)) ? [{ key, ...d }] : [];
  });
  return [...items, ACCOUNT];
};

/** The entry for the current page: the first whose prefix matches (account last, as the catch-all). */
export const activeNavKey = (items: readonly NavItem[], pathname: string): string | undefined =>
  items.find((i) => i.prefixes.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`)))?.key;

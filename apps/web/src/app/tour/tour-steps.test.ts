import { describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { placeDialog } from './tour-position.ts';
import { tourStepsFor } from './tour-steps.ts';

const keys = (roleId: number, hasChildren = false) => tourStepsFor({ roleId, hasChildren }).map((s) => `${s.key}@${s.target}`);

describe('tourStepsFor: one tour per role, pointing at parts the role has', () => {
  it('a teacher: pending work, classes, courses and grade book, messages, calendar, notifications, reports, account, help', () => {
    expect(keys(ROLE.teacher)).toEqual([
      'pending@pending-submissions',
      'classes@nav-classes',
      'coursesTeacher@nav-courses',
      'messages@nav-messages',
      'calendar@nav-calendar',
      'notifications@notifications',
      'reports@nav-reports',
      'account@user-menu',
      'help@help',
    ]);
  });

  it('an assistant teacher gets the teacher tour', () => {
    expect(keys(ROLE.assistantTeacher)).toEqual(keys(ROLE.teacher));
  });

  it("a student: What's Due, classes, courses and materials, calendar, messages, portfolios (in My account), help", () => {
    expect(keys(ROLE.student)).toEqual([
      'whatsDue@whats-due',
      'classesStudent@nav-classes',
      'coursesStudent@nav-courses',
      'calendar@nav-calendar',
      'messages@nav-messages',
      'portfolios@nav-account',
      'help@help',
    ]);
  });

  it('a parent: the child switcher (only with children), the child dashboard, my children, messages, calendar, help', () => {
    expect(keys(ROLE.parent, true)).toEqual([
      'childSwitcher@child-switcher',
      'whatsDueChild@whats-due',
      'children@nav-children',
      'messages@nav-messages',
      'calendar@nav-calendar',
      'help@help',
    ]);
    expect(keys(ROLE.parent, false)[0]).toBe('whatsDueChild@whats-due');
  });

  it('a school administrator: school and users, classes, grading policy, reports, calendar, help', () => {
    expect(keys(ROLE.schoolAdmin)).toEqual([
      'schoolAdministration@nav-administration',
      'classesSchool@nav-classes',
      'gradingPolicy@nav-gradingPolicy',
      'reports@nav-reports',
      'calendar@nav-calendar',
      'help@help',
    ]);
  });

  it('platform roles: administration, then the entries each has (outbox, catalogue, reports for the lsg), account, help', () => {
    expect(keys(ROLE.admin)).toEqual(['platformAdministration@nav-administration', 'outbox@nav-outbox', 'account@user-menu', 'help@help']);
    expect(keys(ROLE.rexAdmin)).toEqual(['platformAdministration@nav-administration', 'catalogue@nav-catalogue', 'account@user-menu', 'help@help']);
    expect(keys(ROLE.lsg)).toEqual(['platformAdministration@nav-administration', 'reports@nav-reports', 'account@user-menu', 'help@help']);
  });

  it('navigation steps fall back to the burger; the help step to the user menu', () => {
    const steps = tourStepsFor({ roleId: ROLE.teacher, hasChildren: false });
    expect(steps.find((s) => s.key === 'classes')).toMatchObject({ nav: 'classes' });
    expect(steps.find((s) => s.key === 'help')).toMatchObject({ fallback: 'user-menu' });
  });
});

describe('placeDialog', () => {
  const dialog = { width: 300, height: 150 };
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 360, height: 740 };

  it('goes right of a target on the left of the screen (the navigation)', () => {
    expect(placeDialog({ top: 100, left: 10, width: 220, height: 40 }, dialog, desktop)).toEqual({ top: 100, left: 242 });
  });

  it('goes below a target elsewhere, kept on screen', () => {
    expect(placeDialog({ top: 10, left: 1200, width: 40, height: 40 }, dialog, desktop)).toEqual({ top: 62, left: 972 });
    expect(placeDialog({ top: 10, left: 4, width: 40, height: 40 }, { width: 344, height: 150 }, phone)).toEqual({ top: 62, left: 8 });
  });

  it('goes above a target near the bottom, and to the bottom edge for a target taller than the screen', () => {
    expect(placeDialog({ top: 600, left: 500, width: 200, height: 100 }, dialog, desktop)).toEqual({ top: 438, left: 500 });
    expect(placeDialog({ top: 50, left: 500, width: 200, height: 900 }, dialog, desktop)).toEqual({ top: 642, left: 500 });
  });

  it('is centred without a target', () => {
    expect(placeDialog(null, dialog, desktop)).toEqual({ top: 325, left: 490 });
  });
});

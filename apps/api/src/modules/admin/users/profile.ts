import type { ChildEntry, Profile } from '@klase/core/auth/contracts';
import { DEFAULT_LOCALE, LOCALES, THEMES, type Locale, type Theme } from '@klase/core/constants';
import { cleanChildName } from '@klase/core/status';
import { fullName as coreFullName } from '@klase/core/admin/users';
import type { UserRow } from '../../../platform/rows.ts';

const asLocale = (v: string): Locale => ((LOCALES as readonly string[]).includes(v) ? (v as Locale) : DEFAULT_LOCALE);
const asTheme = (v: string): Theme => ((THEMES as readonly string[]).includes(v) ? (v as Theme) : 'light');

/** The Profile answer of a user row: only the fields the contract names. */
export const toProfile = (u: UserRow, schoolName: string | null): Profile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  emailVerified: u.email !== null && u.emailVerifiedAt !== null,
  pendingEmail: u.pendingEmail,
  roleId: u.roleId,
  salutation: u.salutation,
  firstName: u.firstName,
  middleName: u.middleName,
  lastName: u.lastName,
  suffix: u.suffix,
  employeeNumber: u.employeeNumber,
  gradeLevel: u.gradeLevel,
  section: u.section,
  schoolId: u.schoolId,
  schoolName,
  language: asLocale(u.language),
  theme: asTheme(u.theme),
  hasPhoto: u.photoKey !== null,
  photoVersion: u.photoVersion,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

/** A linked child's full name: core's `fullName` rule, the word "none" stripped (spec section 3). */
export const fullName = (u: Pick<UserRow, 'firstName' | 'middleName' | 'lastName' | 'suffix'>): string => cleanChildName(coreFullName(u));

export const toChildEntry = (u: UserRow): ChildEntry => ({
  id: u.id,
  name: cleanChildName(`${u.firstName} ${u.lastName}`),
  username: u.username,
});

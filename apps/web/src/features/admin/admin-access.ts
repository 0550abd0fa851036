import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';

/**
 * Who does what in the administration area (issue 3), from core's ROUTE_ROLES. Platform
 * administrators (1 admin, 12 rex admin) manage everything; a school administrator (10) manages
 * their own school and its users; the lsg role (11) reads the schools and users of its customer
 * and never sees a write action. The server enforces the same rules on every request; these only
 * decide what the SPA shows.
 */
export const isPlatformAdmin = (roleId: number): boolean => roleId === ROLE.admin || roleId === ROLE.rexAdmin;

export const isSchoolAdmin = (roleId: number): boolean => roleId === ROLE.schoolAdmin;

/** Create, edit, activate/deactivate, link/unlink, bulk upload, export. */
export const canWriteAdmin = (roleId: number): boolean => canOpen('adminWrite', roleId);

/** Create schools, enable and disable them. */
export const canManageSchools = (roleId: number): boolean => canOpen('adminSchoolsManage', roleId);

/** The administration sections a role sees, in order. */
export type AdminSection = 'customers' | 'schools' | 'users' | 'bulk' | 'audit';

export const adminSectionsFor = (roleId: number): AdminSection[] => {
  const out: AdminSection[] = [];
  if (canOpen('adminCustomers', roleId)) out.push('customers');
  if (canOpen('adminRead', roleId)) out.push('schools', 'users');
  if (canOpen('adminWrite', roleId)) out.push('bulk');
  if (canOpen('adminAudit', roleId)) out.push('audit');
  return out;
};

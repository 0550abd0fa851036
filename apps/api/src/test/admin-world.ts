import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../platform/rows.ts';
import { buildCustomer, buildSchool, buildUser, uniq } from './factories.ts';

/**
 * Two customers, each with a school and a school administrator, a teacher in the first school,
 * a platform admin and the lsg of the first customer. Every call builds new rows.
 */
export const buildAdminWorld = async (db: Db) => {
  const customerA = await buildCustomer(db);
  const customerB = await buildCustomer(db);
  const schoolA = await buildSchool(db, { customerId: customerA.id });
  const schoolB = await buildSchool(db, { customerId: customerB.id });
  const user = (opts: { roleId: (typeof ROLE)[keyof typeof ROLE]; schoolId?: string; customerId?: string }): Promise<UserRow> =>
    buildUser(db, { username: uniq('u'), ...opts });
  return {
    customerA,
    customerB,
    schoolA,
    schoolB,
    admin: await user({ roleId: ROLE.admin }),
    rexAdmin: await user({ roleId: ROLE.rexAdmin }),
    lsgA: await user({ roleId: ROLE.lsg, customerId: customerA.id }),
    schoolAdminA: await user({ roleId: ROLE.schoolAdmin, schoolId: schoolA.id }),
    schoolAdminB: await user({ roleId: ROLE.schoolAdmin, schoolId: schoolB.id }),
    teacherA: await user({ roleId: ROLE.teacher, schoolId: schoolA.id }),
    teacherB: await user({ roleId: ROLE.teacher, schoolId: schoolB.id }),
  };
};

export type AdminWorld = Awaited<ReturnType<typeof buildAdminWorld>>;

/** A valid school form for a customer, with fresh unique code and DepEd ID. */
export const schoolFormFor = (customerId: string, extra: Record<string, unknown> = {}) => ({
  customerId,
  code: uniq('SC').toUpperCase(),
  name: 'Mabini Elementary School',
  depedSchoolId: String(100000 + Math.floor(Math.random() * 899999)),
  sector: 'public',
  schoolYearFrom: 2025,
  schoolYearTo: 2026,
  address: '12 Mabini Street',
  city: 'Batangas City',
  barangay: 'Poblacion',
  province: 'Batangas',
  region: 'CALABARZON',
  country: 'Philippines',
  zipCode: '4200',
  lmsUrl: 'https://lms.mabini.edu.ph',
  websiteUrl: 'https://mabini.edu.ph',
  enabled: true,
  requireParentAccount: false,
  ...extra,
});

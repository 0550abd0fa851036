import { count } from 'drizzle-orm';
import { ROLE, type RoleId } from '@klase/core/roles';
import { hashPassword } from '../platform/password-hash.ts';
import type { Db } from './client.ts';
import { customers, schools } from './schema/tenancy.ts';
import { parentStudents, users } from './schema/users.ts';

export const DEMO_PASSWORD = 'Klase#2026';
const DOMAIN = 'rizal-nhs.edu.ph';

interface DemoUser {
  username: string;
  roleId: RoleId;
  salutation?: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  gradeLevel?: string;
  section?: string;
  employeeNumber?: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', roleId: ROLE.admin, salutation: 'Mr.', firstName: 'Ramon', lastName: 'Reyes' },
  { username: 'rexadmin', roleId: ROLE.rexAdmin, salutation: 'Ms.', firstName: 'Carmela', lastName: 'Aquino' },
  { username: 'lsg', roleId: ROLE.lsg, salutation: 'Mr.', firstName: 'Emilio', middleName: 'Luna', lastName: 'Aguinaldo' },
  { username: 'schooladmin', roleId: ROLE.schoolAdmin, salutation: 'Mrs.', firstName: 'Liza', lastName: 'Mendoza', employeeNumber: 'RNHS-0001' },
  { username: 'teacher1', roleId: ROLE.teacher, salutation: 'Ms.', firstName: 'Maria Clara', lastName: 'Santos', employeeNumber: 'RNHS-0101' },
  { username: 'teacher2', roleId: ROLE.teacher, salutation: 'Mr.', firstName: 'Andres', lastName: 'Bautista', employeeNumber: 'RNHS-0102' },
  { username: 'assistant1', roleId: ROLE.assistantTeacher, salutation: 'Ms.', firstName: 'Gabriela', lastName: 'Silang', employeeNumber: 'RNHS-0201' },
  { username: 'student1', roleId: ROLE.student, firstName: 'Jose Rizal', lastName: 'Dela Cruz', gradeLevel: 'Grade 7', section: 'Sampaguita' },
  { username: 'student2', roleId: ROLE.student, firstName: 'Ana', middleName: 'Reyes', lastName: 'Dela Cruz', gradeLevel: 'Grade 9', section: 'Narra' },
  { username: 'student3', roleId: ROLE.student, firstName: 'Miguel', lastName: 'Villanueva', gradeLevel: 'Grade 7', section: 'Sampaguita' },
  { username: 'student4', roleId: ROLE.student, firstName: 'Isabel', lastName: 'Garcia', gradeLevel: 'Grade 8', section: 'Ilang-Ilang' },
  { username: 'student5', roleId: ROLE.student, firstName: 'Paolo', lastName: 'Ramos', gradeLevel: 'Grade 10', section: 'Mabini' },
  { username: 'student6', roleId: ROLE.student, firstName: 'Katrina', lastName: 'Torres', gradeLevel: 'Grade 8', section: 'Ilang-Ilang' },
  { username: 'parent1', roleId: ROLE.parent, salutation: 'Mrs.', firstName: 'Teresa', lastName: 'Dela Cruz' },
  { username: 'parent2', roleId: ROLE.parent, salutation: 'Mr.', firstName: 'Roberto', lastName: 'Villanueva' },
  { username: 'parent3', roleId: ROLE.parent, salutation: 'Mrs.', firstName: 'Lourdes', lastName: 'Garcia' },
];

const LINKS: readonly [string, string][] = [
  ['parent1', 'student1'],
  ['parent1', 'student2'],
  ['parent2', 'student3'],
  ['parent3', 'student4'],
];

export const isEmptyDatabase = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
};

/** Seeds the demo customer, school and accounts; does nothing unless the database has no users. */
export const seedDemo = async (db: Db): Promise<boolean> => {
  if (!(await isEmptyDatabase(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({ name: 'Demo Customer', contactName: 'Ramon Reyes', contactEmail: `admin@${DOMAIN}` })
      .returning();
    if (!customer) throw new Error('seed: customer not created');
    const [school] = await tx
      .insert(schools)
      .values({
        customerId: customer.id,
        code: 'RNHS',
        name: 'Rizal National High School',
        depedSchoolId: '305312',
        sector: 'public',
        schoolYearFrom: 2025,
        schoolYearTo: 2026,
        address: '1 Rizal Avenue',
        city: 'Quezon City',
        barangay: 'Bagong Pag-asa',
        province: 'Metro Manila',
        region: 'NCR',
        country: 'Philippines',
        zipCode: '1105',
        enabled: true,
        requireParentAccount: false,
      })
      .returning();
    if (!school) throw new Error('seed: school not created');
    const now = new Date();
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => {
          const platform = u.roleId === ROLE.admin || u.roleId === ROLE.rexAdmin || u.roleId === ROLE.lsg;
          return {
            schoolId: platform ? null : school.id,
            customerId: u.roleId === ROLE.admin || u.roleId === ROLE.rexAdmin ? null : customer.id,
            username: u.username,
            email: `${u.username}@${DOMAIN}`,
            emailVerifiedAt: now,
            passwordHash,
            roleId: u.roleId,
            salutation: u.salutation ?? null,
            firstName: u.firstName,
            middleName: u.middleName ?? null,
            lastName: u.lastName,
            employeeNumber: u.employeeNumber ?? null,
            gradeLevel: u.gradeLevel ?? null,
            section: u.section ?? null,
            active: true,
            activatedAt: now,
          };
        }),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = (name: string) => {
      const id = inserted.find((r) => r.username === name)?.id;
      if (!id) throw new Error(`seed: ${name} missing`);
      return id;
    };
    await tx.insert(parentStudents).values(LINKS.map(([p, s]) => ({ parentId: idOf(p), studentId: idOf(s), schoolId: school.id })));
  });
  return true;
};

/** Printed by the server after a seed: who can sign in. */
export const demoAccountsTable = (): string => {
  const rows = DEMO_USERS.map((u) => `  ${u.username.padEnd(12)} role ${String(u.roleId).padEnd(3)} ${u.firstName} ${u.lastName}`);
  return [`Demo accounts (password ${DEMO_PASSWORD}):`, ...rows].join('\n');
};

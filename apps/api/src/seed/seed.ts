import { count } from 'drizzle-orm';
import { generatedNames, splitStudents } from '@klase/core/classes/split';
import { ROLE, type RoleId } from '@klase/core/roles';
import { hashPassword } from '../platform/password-hash.ts';
import type { Db } from '../db/client.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../db/schema/classes.ts';
import { customers, schools } from '../db/schema/tenancy.ts';
import { parentStudents, users } from '../db/schema/users.ts';
import { seedDemoAssessments } from './seed-assessments.ts';
import { seedDemoGradebook } from './seed-gradebook.ts';
import { seedDemoDeped } from './seed-deped.ts';
import { seedDemoMessaging } from './seed-messaging.ts';
import { seedDemoNotifications } from './seed-notifications.ts';
import { seedDemoDiscussions } from './seed-discussions.ts';
import { seedDemoAnnouncements } from './seed-announcements.ts';
import { seedDemoCalendar } from './seed-calendar.ts';
import { seedDemoLearners } from './seed-learners.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { seedDemoCourses } from './seed-courses.ts';
import { seedDemoActivity } from './seed-activity.ts';

export const DEMO_PASSWORD = 'Klase#2026';
const DOMAIN = 'rizal-nhs.edu.ph';
const DOMAIN2 = 'siis.edu.ph';

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

/** The second customer's school (San Isidro Integrated School), so isolation can be seen and tested. */
export const DEMO_USERS_2: readonly DemoUser[] = [
  { username: 'schooladmin2', roleId: ROLE.schoolAdmin, salutation: 'Mr.', firstName: 'Rodrigo', lastName: 'Macaraeg', employeeNumber: 'SIIS-0001' },
  { username: 'teacher3', roleId: ROLE.teacher, salutation: 'Mrs.', firstName: 'Perla', middleName: 'Dizon', lastName: 'Navarro', employeeNumber: 'SIIS-0101' },
  { username: 'student7', roleId: ROLE.student, firstName: 'Marisol', lastName: 'Pangilinan', gradeLevel: 'Grade 5', section: 'Masipag' },
  { username: 'student8', roleId: ROLE.student, firstName: 'Crisanto', lastName: 'Lacson', gradeLevel: 'Grade 6', section: 'Matiyaga' },
  { username: 'parent4', roleId: ROLE.parent, salutation: 'Mrs.', firstName: 'Luzviminda', lastName: 'Pangilinan' },
];

const LINKS_2: readonly [string, string][] = [['parent4', 'student7']];

const LINKS: readonly [string, string][] = [
  ['parent1', 'student1'],
  ['parent1', 'student2'],
  ['parent2', 'student3'],
  ['parent3', 'student4'],
];

/** A demo class: teachers and students by username; fixed codes so the README can name them. */
interface DemoClass {
  name: string;
  gradeLevel: string;
  section: string;
  description: string;
  accessCode: string;
  inviteToken: string;
  teachers: readonly string[];
  students: readonly string[];
  /** Manual groups: name and member usernames. */
  groups?: readonly { name: string; description: string; members: readonly string[] }[];
  /** One generated set: `size` groups, alphabetical. */
  generated?: { prefix: string; size: number };
}

export const DEMO_CLASSES: readonly DemoClass[] = [
  {
    name: 'Grade 7 - Sampaguita',
    gradeLevel: 'Grade 7',
    section: 'Sampaguita',
    description: 'Homeroom and Science for Grade 7 - Sampaguita.',
    accessCode: 'SAMPA7G',
    inviteToken: 'demo-sampaguita-invitation',
    teachers: ['teacher1', 'assistant1'],
    students: ['student1', 'student2', 'student3', 'student4', 'student5', 'student6'],
    groups: [
      { name: 'Reading Circle', description: 'Reads one Filipino short story a week.', members: ['student1', 'student3'] },
      { name: 'Science Club', description: 'Plans the school science fair booth.', members: ['student2', 'student4', 'student6'] },
    ],
    generated: { prefix: 'Lab Team', size: 3 },
  },
  {
    name: 'Grade 8 - Narra',
    gradeLevel: 'Grade 8',
    section: 'Narra',
    description: 'Mathematics for Grade 8 - Narra.',
    accessCode: 'NARRA8K',
    inviteToken: 'demo-narra-invitation',
    teachers: ['teacher1', 'teacher2'],
    students: ['student1', 'student4', 'student6'],
    groups: [{ name: 'Math Olympiad', description: 'Practice for the division math contest.', members: ['student1', 'student6'] }],
  },
  {
    name: 'Grade 10 - Mabini',
    gradeLevel: 'Grade 10',
    section: 'Mabini',
    description: 'Araling Panlipunan for Grade 10 - Mabini.',
    accessCode: 'MABNQ2X',
    inviteToken: 'demo-mabini-invitation',
    teachers: ['teacher2'],
    students: ['student2', 'student5'],
  },
];

/** San Isidro's class: its code answers "another school" to Rizal's students. */
export const DEMO_CLASSES_2: readonly DemoClass[] = [
  {
    name: 'Grade 5 - Masipag',
    gradeLevel: 'Grade 5',
    section: 'Masipag',
    description: 'English for Grade 5 - Masipag.',
    accessCode: 'MASPG5T',
    inviteToken: 'demo-masipag-invitation',
    teachers: ['teacher3'],
    students: ['student7', 'student8'],
  },
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
    const idOf = await insertDemoUsers(tx, passwordHash, { schoolId: school.id, customerId: customer.id, domain: DOMAIN }, DEMO_USERS, LINKS);
    await insertDemoClasses(tx, school, DEMO_CLASSES, idOf);
    await seedDemoCourses(tx);
    await seedCatalogue(tx, idOf('rexadmin'));
    await seedDemoAssessments(tx);
    await seedDemoGradebook(tx);
    await seedDemoDeped(tx);
    await seedDemoMessaging(tx, school.id);
    await seedDemoNotifications(tx);

    const [customer2] = await tx
      .insert(customers)
      .values({ name: 'Bagong Pag-asa Learning Corp.', contactName: 'Rodrigo Macaraeg', contactEmail: `schooladmin2@${DOMAIN2}` })
      .returning();
    if (!customer2) throw new Error('seed: second customer not created');
    const [school2] = await tx
      .insert(schools)
      .values({
        customerId: customer2.id,
        code: 'SIIS',
        name: 'San Isidro Integrated School',
        depedSchoolId: '305999',
        sector: 'private',
        schoolYearFrom: 2025,
        schoolYearTo: 2026,
        address: '45 Mabini Street',
        city: 'Lipa City',
        barangay: 'San Isidro',
        province: 'Batangas',
        region: 'CALABARZON',
        country: 'Philippines',
        zipCode: '4217',
        websiteUrl: 'https://siis.edu.ph',
        enabled: true,
        requireParentAccount: false,
      })
      .returning();
    if (!school2) throw new Error('seed: second school not created');
    const idOf2 = await insertDemoUsers(tx, passwordHash, { schoolId: school2.id, customerId: customer2.id, domain: DOMAIN2 }, DEMO_USERS_2, LINKS_2);
    await insertDemoClasses(tx, school2, DEMO_CLASSES_2, idOf2);
    await seedDemoDiscussions(tx);
    await seedDemoAnnouncements(tx);
    await seedDemoCalendar(tx);
    await seedDemoLearners(tx);
    await seedDemoActivity(tx);
  });
  return true;
};

/**
 * Inserts active demo accounts of one school (platform roles get no school) and their parent
 * links; answers a lookup of the new ids by username.
 */
const insertDemoUsers = async (
  tx: Db,
  passwordHash: string,
  place: { schoolId: string; customerId: string; domain: string },
  list: readonly DemoUser[],
  links: readonly [string, string][],
): Promise<(username: string) => string> => {
  const now = new Date();
  const inserted = await tx
    .insert(users)
    .values(
      list.map((u) => {
        const platform = u.roleId === ROLE.admin || u.roleId === ROLE.rexAdmin || u.roleId === ROLE.lsg;
        return {
          schoolId: platform ? null : place.schoolId,
          customerId: u.roleId === ROLE.admin || u.roleId === ROLE.rexAdmin ? null : place.customerId,
          username: u.username,
          email: `${u.username}@${place.domain}`,
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
  await tx.insert(parentStudents).values(links.map(([p, s]) => ({ parentId: idOf(p), studentId: idOf(s), schoolId: place.schoolId })));
  return idOf;
};

type GroupValues = Omit<typeof classGroups.$inferInsert, 'classId'> & { members: readonly string[] };

/** The demo's "Last, First M." sort key, as the class list builds it. */
const sortNameOf = (username: string): string => {
  const u = [...DEMO_USERS, ...DEMO_USERS_2].find((p) => p.username === username);
  if (!u) throw new Error(`seed: ${username} missing`);
  return `${u.lastName}, ${u.firstName}${u.middleName ? ` ${u.middleName[0]}.` : ''}`;
};

/** The manual groups of a demo class and its generated set (alphabetical split into `size` groups). */
const groupsOf = (c: DemoClass): GroupValues[] => {
  const manual = (c.groups ?? []).map((g) => ({ name: g.name, description: g.description, type: 'manual' as const, members: g.members }));
  if (!c.generated) return manual;
  const { prefix, size } = c.generated;
  const split = splitStudents(
    c.students.map((id) => ({ id, sortName: sortNameOf(id) })),
    { by: 'groups', size, order: 'alphabetical', random: Math.random },
  );
  if (!Array.isArray(split)) throw new Error(`seed: cannot split ${c.name}`);
  const names = generatedNames(prefix, split.length);
  const generated = split.map((members, i) => ({
    name: names[i] ?? prefix,
    type: 'generated' as const,
    splitBy: 'groups' as const,
    splitSize: size,
    splitOrder: 'alphabetical' as const,
    members: members.map((m) => m.id),
  }));
  return [...manual, ...generated];
};

/** Classes of one school in its school year, with teachers, enrolled students and groups. */
const insertDemoClasses = async (
  tx: Db,
  school: { id: string; schoolYearFrom: number | null; schoolYearTo: number | null },
  list: readonly DemoClass[],
  idOf: (username: string) => string,
): Promise<void> => {
  const from = school.schoolYearFrom ?? 2025;
  for (const c of list) {
    const creator = idOf(c.teachers[0] ?? '');
    const [cls] = await tx
      .insert(classes)
      .values({
        schoolId: school.id,
        name: c.name,
        gradeLevel: c.gradeLevel,
        section: c.section,
        schoolYearFrom: from,
        schoolYearTo: school.schoolYearTo ?? from + 1,
        description: c.description,
        accessCode: c.accessCode,
        inviteToken: c.inviteToken,
        createdBy: creator,
        updatedBy: creator,
      })
      .returning();
    if (!cls) throw new Error(`seed: class ${c.name} not created`);
    await tx.insert(classTeachers).values(c.teachers.map((u, position) => ({ classId: cls.id, userId: idOf(u), position })));
    await tx.insert(classStudents).values(c.students.map((u) => ({ classId: cls.id, studentId: idOf(u), joinedVia: 'teacher' as const, addedBy: creator })));
    for (const { members, ...values } of groupsOf(c)) {
      const [group] = await tx
        .insert(classGroups)
        .values({ ...values, classId: cls.id, createdBy: creator, updatedBy: creator })
        .returning();
      if (!group) throw new Error(`seed: group ${values.name} not created`);
      await tx.insert(classGroupMembers).values(members.map((u) => ({ groupId: group.id, classId: cls.id, studentId: idOf(u) })));
    }
  }
};

/** Printed by the server after a seed: who can sign in. */
export const demoAccountsTable = (): string => {
  const line = (u: DemoUser) => `  ${u.username.padEnd(12)} role ${String(u.roleId).padEnd(3)} ${u.firstName} ${u.lastName}`;
  return [
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    '  Rizal National High School (Demo Customer)',
    ...DEMO_USERS.map(line),
    '  San Isidro Integrated School (Bagong Pag-asa Learning Corp.)',
    ...DEMO_USERS_2.map(line),
    'Demo classes (access code, teachers):',
    ...[...DEMO_CLASSES, ...DEMO_CLASSES_2].map((c) => `  ${c.name.padEnd(22)} ${c.accessCode}  ${c.teachers.join(', ')}`),
  ].join('\n');
};

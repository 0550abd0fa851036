/**
 * Fixture accounts for the browser tests, added to a freshly seeded PGlite folder before the
 * server starts (PGlite is one process). One account per Playwright project and purpose, so the
 * desktop and phone runs never change each other's data:
 *   e2e.reset.<project>    active teacher; the forgot/reset test changes its password
 *   e2e.pending.<project>  a parent not activated yet, linked to two students, with the activation
 *                          mail in the outbox (queued by the same service user management uses)
 *   e2e.expire.<project>   active student; the expiry test changes its password from elsewhere
 *   e2e.prefs.<project>    active teacher; the preferences test changes its language and theme
 * Administration (e2e/tests/admin.spec.ts), also one set per project:
 *   customer "E2E Customer <project>" with school E2E-CUST-<PROJECT> and its teacher
 *     e2e.custteacher.<project>; the platform administrator disables and re-enables the customer
 *   school E2E-BULK-<PROJECT> (demo customer) with its administrator e2e.sadmin.<project>, who
 *     bulk-uploads users into it and exports them
 * Classes (e2e/tests/classes.spec.ts), also one set per project, in the demo school:
 *   teacher e2e.classteacher.<project> (no classes yet: the test creates one), student
 *   e2e.joiner.<project> (joins with the access code), e2e.linkjoiner.<project> (joins through the
 *   invitation link after signing in) and classmates e2e.mate1..3.<project> (added by the teacher;
 *   mate1 gets a generated password)
 * Courses (e2e/tests/courses.spec.ts), one set per project: class "E2E Courses <project>" taught by
 *   e2e.courseteacher.<project> with student e2e.walker.<project> enrolled; the teacher builds a
 *   course in it and the student walks its journey
 * Catalogue (e2e/tests/catalogue.spec.ts), one set per project: teacher e2e.catteacher.<project> with
 *   the empty class "E2E Catalogue <project>"; the teacher adds a demo catalogue course to it
 * Assessments (e2e/tests/assessments.spec.ts), one set per project: class "E2E Assessments <project>"
 *   taught by e2e.gradeteacher.<project> with student e2e.submitter.<project> (whose parent is
 *   e2e.submitparent.<project>); one course with the assignment "Essay: my hometown" (due in three
 *   days, text and files) and one with the published "Timed quiz" (10 minutes, two attempts,
 *   answers after submitting) of three questions
 * Gradebook (e2e/tests/gradebook.spec.ts), one set per project: class "E2E Gradebook <project>"
 *   taught by e2e.gbteacher.<project> with students e2e.gbstudent.<project> and e2e.gbmate.<project>
 *   and the published course "Science 8 <project>" without graded materials: the teacher sets its
 *   gradebook up from nothing
 * Keyboard (e2e/tests/keyboard.spec.ts), one set per project: class "E2E Keyboard <project>" taught
 *   by e2e.kbteacher.<project> with students e2e.kbstudent.<project> and e2e.kbmate.<project>; the
 *   assignment "Keyboard essay" (due in three days, text only), the quiz "Keyboard quiz" (two
 *   questions, no time limit) and the course "Keyboard grades <project>" whose gradebook has the
 *   category "Recitation" with the manual item "Oral recitation" (out of 10)
 * Everyday use (e2e/tests/everyday.spec.ts), one set per project: student e2e.polish.<project> in
 *   class "E2E Polish <project>" (teacher e2e.polishteacher.<project>) with the course "Polish course
 *   <project>" of three materials in order, the first due on Dec 4, 2030 8:00 AM Manila time; the
 *   student changes its language, taps a locked stop and leaves a form with changes
 * Discussions (e2e/tests/discussions.spec.ts), one set per project: teacher
 *   e2e.discteacher.<project> and student e2e.discstudent.<project> in class "E2E Discussions
 *   <project>" with the published course "Talk course <project>"; the test posts, pins and comments
 * Offline use (e2e/tests/offline.spec.ts), one set per project: student e2e.offline.<project> in
 *   class "E2E Offline <project>" (teacher e2e.offteacher.<project>) with a course whose first
 *   stop is the page "Water cycle" and whose second is the quiz "Offline quiz" (two questions, no
 *   time limit); the student reads the page, then reads it and answers the quiz without a network
 * DepEd grading (e2e/tests/deped.spec.ts), one set per project: class "E2E DepEd <project>" taught
 *   by e2e.depteacher.<project> with student e2e.depstudent.<project> and the published course
 *   "English 7 <project>"; the teacher makes it a DepEd learning area and enters WW/PT/QA scores
 * Usage: DATA_DIR=... tsx apps/api/src/test/e2e-fixtures.ts
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { ROLE, type RoleId } from '@klase/core/roles';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDemo } from '../seed/seed.ts';
import { seedDemoResources } from '../seed/seed-resources.ts';
import { courseMaterials } from '../db/schema/courses.ts';
import { customers, schools } from '../db/schema/tenancy.ts';
import { parentStudents, users } from '../db/schema/users.ts';
import { ctxOf } from '../platform/app-context.ts';
import { sendActivation } from '../modules/auth/auth.service.ts';
import { buildClass, buildCourse, enrol } from './class-factories.ts';
import { buildGraded } from './assessment-factories.ts';
import { buildUser } from './factories.ts';
import { buildGradeItem, buildGradebookCourse } from './gradebook-factories.ts';
import { addQuizQuestions, buildQuizCourse, sampleQuestions, setQuizSettings } from './quiz-factories.ts';

const PROJECTS = ['desktop', 'phone'] as const;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
type GradedSettings = NonNullable<Parameters<typeof buildGraded>[1]['settings']>;

/** An assignment due in three days, in a course of its own in the class. */
const buildEssay = (db: Db, where: { schoolId: string; classId: string }, name: string, maxPoints: number, settings: GradedSettings) =>
  buildGraded(db, { ...where, name, dueAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000), maxPoints, settings });

const main = async () => {
  const config = loadConfig(process.env);
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') });
  await migrateDatabase(database);
  await seedDemo(database.db);
  const app = await buildApp(config, { database });
  await seedDemoResources(database.db, app.storage);
  try {
    const db = database.db;
    const [school] = await db.select().from(schools).where(eq(schools.code, 'RNHS'));
    if (!school) throw new Error('demo school missing');
    const byName = async (username: string) => {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!u) throw new Error(`${username} missing`);
      return u.id;
    };
    for (const project of PROJECTS) {
      const email = (kind: string) => `e2e.${kind}.${project}@e2e.klase.test`;
      /** An active account of the demo school named e2e.<kind>.<project>. */
      const person = (roleId: RoleId, kind: string, firstName: string, lastName: string) =>
        buildUser(db, { schoolId: school.id, roleId, username: `e2e.${kind}.${project}`, email: email(kind), firstName, lastName });
      await person(ROLE.teacher, 'reset', 'Rosa', 'Lim');
      await person(ROLE.student, 'expire', 'Dante', 'Cruz');
      await person(ROLE.teacher, 'prefs', 'Luz', 'Ocampo');
      await person(ROLE.student, 'lockme', 'Lito', 'Bautista');
      const parent = await buildUser(db, {
        schoolId: school.id,
        roleId: ROLE.parent,
        username: `e2e.pending.${project}`,
        email: email('pending'),
        password: null,
        active: false,
        activated: false,
        firstName: 'Nena',
        lastName: 'Flores',
      });
      const kids = project === 'desktop' ? ['student5', 'student6'] : ['student3', 'student4'];
      for (const kid of kids) await db.insert(parentStudents).values({ parentId: parent.id, studentId: await byName(kid), schoolId: school.id });
      await sendActivation(ctxOf(app), parent.id);

      const up = project.toUpperCase();
      const depedBase = project === 'desktop' ? 900100 : 900200;
      const [customer] = await db
        .insert(customers)
        .values({ name: `E2E Customer ${project}`, contactName: 'Ella Santos', contactEmail: email('customer') })
        .returning();
      if (!customer) throw new Error('e2e customer not created');
      const [custSchool] = await db
        .insert(schools)
        .values({
          customerId: customer.id,
          code: `E2E-CUST-${up}`,
          name: `E2E Customer School ${project}`,
          depedSchoolId: String(depedBase + 1),
          city: 'Pasig',
          province: 'Metro Manila',
          region: 'NCR',
        })
        .returning();
      if (!custSchool) throw new Error('e2e customer school not created');
      await buildUser(db, {
        schoolId: custSchool.id,
        roleId: ROLE.teacher,
        username: `e2e.custteacher.${project}`,
        email: email('custteacher'),
        firstName: 'Tomas',
        lastName: 'Reyes',
      });
      const [bulkSchool] = await db
        .insert(schools)
        .values({
          customerId: school.customerId,
          code: `E2E-BULK-${up}`,
          name: `E2E Bulk School ${project}`,
          depedSchoolId: String(depedBase + 2),
          city: 'Makati',
          province: 'Metro Manila',
          region: 'NCR',
        })
        .returning();
      if (!bulkSchool) throw new Error('e2e bulk school not created');
      await buildUser(db, {
        schoolId: bulkSchool.id,
        roleId: ROLE.schoolAdmin,
        username: `e2e.sadmin.${project}`,
        email: email('sadmin'),
        firstName: 'Marites',
        lastName: 'Domingo',
      });

      await person(ROLE.teacher, 'classteacher', 'Corazon', 'Villanueva');
      await person(ROLE.student, 'joiner', 'Jomar', 'Aquino');
      await person(ROLE.student, 'linkjoiner', 'Lorna', 'Esguerra');
      const mates = [
        ['Bea', 'Bautista'],
        ['Carlo', 'Castro'],
        ['Dina', 'Dizon'],
      ] as const;
      for (const [i, [firstName, lastName]] of mates.entries()) {
        await buildUser(db, {
          schoolId: school.id,
          roleId: ROLE.student,
          username: `e2e.mate${i + 1}.${project}`,
          email: email(`mate${i + 1}`),
          firstName,
          lastName,
        });
      }

      const courseTeacher = await person(ROLE.teacher, 'courseteacher', 'Teresita', 'Navarro');
      const walker = await person(ROLE.student, 'walker', 'Wilfredo', 'Padilla');
      const courseClass = await buildClass(db, { schoolId: school.id, teachers: [courseTeacher], name: `E2E Courses ${project}` });
      await enrol(db, courseClass.id, [walker]);

      const catTeacher = await person(ROLE.teacher, 'catteacher', 'Ligaya', 'Manalo');
      await buildClass(db, { schoolId: school.id, teachers: [catTeacher], name: `E2E Catalogue ${project}` });

      const gradeTeacher = await person(ROLE.teacher, 'gradeteacher', 'Rogelio', 'Salvador');
      const submitter = await person(ROLE.student, 'submitter', 'Sofia', 'Mercado');
      const submitParent = await person(ROLE.parent, 'submitparent', 'Perla', 'Mercado');
      await db.insert(parentStudents).values({ parentId: submitParent.id, studentId: submitter.id, schoolId: school.id });
      const gradeClass = await buildClass(db, { schoolId: school.id, teachers: [gradeTeacher], name: `E2E Assessments ${project}` });
      await enrol(db, gradeClass.id, [submitter]);
      await buildEssay(db, { schoolId: school.id, classId: gradeClass.id }, 'Essay: my hometown', 20, { submissionType: 'both', maxFiles: 3, maxFileMb: 5 });
      const { quiz } = await buildQuizCourse(db, { schoolId: school.id, classId: gradeClass.id, name: 'Timed quiz' });
      await setQuizSettings(db, quiz.id, { timeLimitMinutes: 10, attemptsAllowed: 2, showAnswers: 'afterSubmit' }, gradeTeacher.id);
      await addQuizQuestions(db, quiz.id, sampleQuestions('multipleChoice', 'trueFalse', 'shortAnswer'), gradeTeacher.id);

      const gbTeacher = await person(ROLE.teacher, 'gbteacher', 'Amparo', 'Galang');
      const gbStudent = await person(ROLE.student, 'gbstudent', 'Gloria', 'Bernal');
      const gbMate = await person(ROLE.student, 'gbmate', 'Ramon', 'Yap');
      const gbClass = await buildClass(db, { schoolId: school.id, teachers: [gbTeacher], name: `E2E Gradebook ${project}` });
      await enrol(db, gbClass.id, [gbStudent, gbMate]);
      await buildCourse(db, { schoolId: school.id, classId: gbClass.id, name: `Science 8 ${project}`, materials: 3 });

      const depTeacher = await person(ROLE.teacher, 'depteacher', 'Rosario', 'Dizon');
      const depStudent = await person(ROLE.student, 'depstudent', 'Andres', 'Villanueva');
      const depClass = await buildClass(db, { schoolId: school.id, teachers: [depTeacher], name: `E2E DepEd ${project}` });
      await enrol(db, depClass.id, [depStudent]);
      await buildCourse(db, { schoolId: school.id, classId: depClass.id, name: `English 7 ${project}`, materials: 1 });

      const kbTeacher = await person(ROLE.teacher, 'kbteacher', 'Kristine', 'Bautista');
      const kbStudent = await person(ROLE.student, 'kbstudent', 'Karlo', 'Abad');
      const kbMate = await person(ROLE.student, 'kbmate', 'Mika', 'Zamora');
      const kbClass = await buildClass(db, { schoolId: school.id, teachers: [kbTeacher], name: `E2E Keyboard ${project}` });
      await enrol(db, kbClass.id, [kbStudent, kbMate]);
      await buildEssay(db, { schoolId: school.id, classId: kbClass.id }, 'Keyboard essay', 10, { submissionType: 'text' });
      const kb = await buildQuizCourse(db, { schoolId: school.id, classId: kbClass.id, name: 'Keyboard quiz' });
      await setQuizSettings(db, kb.quiz.id, { timeLimitMinutes: null, attemptsAllowed: 2, showAnswers: 'afterSubmit' }, kbTeacher.id);
      await addQuizQuestions(db, kb.quiz.id, sampleQuestions('multipleChoice', 'trueFalse'), kbTeacher.id);
      const kbGrades = await buildGradebookCourse(db, {
        schoolId: school.id,
        classId: kbClass.id,
        name: `Keyboard grades ${project}`,
        categories: ['Recitation'],
      });
      await buildGradeItem(db, { courseId: kbGrades.course.id, categoryId: kbGrades.categories[0]!.id, name: 'Oral recitation', maxGrade: 10 });
      const polishTeacher = await person(ROLE.teacher, 'polishteacher', 'Perla', 'Ramos');
      const polishStudent = await person(ROLE.student, 'polish', 'Paolo', 'Reyes');
      const polishClass = await buildClass(db, { schoolId: school.id, teachers: [polishTeacher], name: `E2E Polish ${project}` });
      await enrol(db, polishClass.id, [polishStudent]);
      const polish = await buildCourse(db, { schoolId: school.id, classId: polishClass.id, name: `Polish course ${project}`, materials: 3 });
      const first = polish.materials[0];
      if (!first) throw new Error('polish material missing');
      await db
        .update(courseMaterials)
        .set({ dueAt: new Date('2030-12-04T08:00:00+08:00') })
        .where(eq(courseMaterials.id, first.id));

      const discTeacher = await person(ROLE.teacher, 'discteacher', 'Dolores', 'Aquino');
      const discStudent = await person(ROLE.student, 'discstudent', 'Dante', 'Bautista');
      const discClass = await buildClass(db, { schoolId: school.id, teachers: [discTeacher], name: `E2E Discussions ${project}` });
      await enrol(db, discClass.id, [discStudent]);
      await buildCourse(db, { schoolId: school.id, classId: discClass.id, name: `Talk course ${project}`, materials: 1 });

      const offTeacher = await person(ROLE.teacher, 'offteacher', 'Olivia', 'Torres');
      const offStudent = await person(ROLE.student, 'offline', 'Oscar', 'Lim');
      const offClass = await buildClass(db, { schoolId: school.id, teachers: [offTeacher], name: `E2E Offline ${project}` });
      await enrol(db, offClass.id, [offStudent]);
      const off = await buildQuizCourse(db, { schoolId: school.id, classId: offClass.id, name: 'Offline quiz', afterPage: true });
      if (!off.page) throw new Error('offline page missing');
      await db
        .update(courseMaterials)
        .set({ name: 'Water cycle', contentHtml: '<p>Water evaporates, condenses into clouds and falls as rain.</p>' })
        .where(eq(courseMaterials.id, off.page.id));
      await setQuizSettings(db, off.quiz.id, { timeLimitMinutes: null, attemptsAllowed: 2, showAnswers: 'afterSubmit' }, offTeacher.id);
      await addQuizQuestions(db, off.quiz.id, sampleQuestions('multipleChoice', 'shortAnswer'), offTeacher.id);
    }
  } finally {
    await app.close();
    await database.close();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { classes } from '../db/schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

/** The demo courses of the Rizal classes (issue 5), added by `seedDemo` and safe to run again; the catalogue's are in seed-catalogue.ts. */

type DemoMaterialType = 'page' | 'link' | 'video' | 'assignment' | 'quiz' | 'activity';

interface DemoMaterial {
  name: string;
  type: DemoMaterialType;
  /** Page: its (already clean) HTML; link and video: the address; graded types: the instructions. */
  body: string;
  /** Graded types: due this many days after seeding. */
  dueInDays?: number;
  maxPoints?: number;
}

/** A published demo course of a Rizal class: its elements in order, and how many of its first materials demo students finished. */
interface DemoCourse {
  className: string;
  teacher: string;
  name: string;
  code: string;
  gradeLevel: string;
  subject: string;
  description: string;
  elements: readonly { name: string; type: 'basic' | 'lesson'; materials: readonly DemoMaterial[] }[];
  progress: Readonly<Record<string, number>>;
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    className: 'Grade 7 - Sampaguita',
    teacher: 'teacher1',
    name: 'Science 7: Living Things',
    code: 'SCI7',
    gradeLevel: 'Grade 7',
    subject: 'Science',
    description: 'Cells, the living things around the school, and how they depend on each other.',
    elements: [
      {
        name: 'Cells, the units of life',
        type: 'lesson',
        materials: [
          {
            name: 'What is a cell?',
            type: 'page',
            body: '<h2>What is a cell?</h2><p>Every living thing is made of one or more cells. A cell takes in food, grows, and makes new cells.</p><ul><li>Plant cells have a cell wall and chloroplasts.</li><li>Animal cells have neither.</li></ul>',
          },
          { name: 'A tour of the cell', type: 'video', body: 'https://www.khanacademy.org/science/biology/structure-of-a-cell' },
          { name: 'Cell (biology) reference', type: 'link', body: 'https://en.wikipedia.org/wiki/Cell_(biology)' },
        ],
      },
      {
        name: 'Ecosystems around us',
        type: 'lesson',
        materials: [
          {
            name: 'Food chains in a rice field',
            type: 'page',
            body: '<h2>Food chains in a rice field</h2><p>Rice plants make food from sunlight. Snails and insects eat the plants, frogs eat the insects, and herons eat the frogs.</p><p>Remove one link and the whole field changes.</p>',
          },
          {
            name: 'Draw a plant cell and an animal cell',
            type: 'assignment',
            body: '<p>Draw both cells on one page and label five parts of each.</p>',
            dueInDays: 7,
            maxPoints: 20,
          },
        ],
      },
      {
        name: 'Check your understanding',
        type: 'basic',
        materials: [{ name: 'Cells and ecosystems quiz', type: 'quiz', body: '<p>Ten questions on cells and food chains.</p>', dueInDays: 10, maxPoints: 25 }],
      },
    ],
    progress: { student1: 3, student2: 1, student3: 2 },
  },
  {
    className: 'Grade 8 - Narra',
    teacher: 'teacher1',
    name: 'Mathematics 8: Linear Equations',
    code: 'MATH8',
    gradeLevel: 'Grade 8',
    subject: 'Mathematics',
    description: 'Slopes, lines and systems of two linear equations.',
    elements: [
      {
        name: 'Slope and intercept',
        type: 'lesson',
        materials: [
          {
            name: 'Reading a linear graph',
            type: 'page',
            body: '<h2>Reading a linear graph</h2><p>In <code>y = mx + b</code>, <strong>m</strong> is how steep the line is and <strong>b</strong> is where it crosses the y-axis.</p>',
          },
          { name: 'Slope-intercept form', type: 'video', body: 'https://www.khanacademy.org/math/algebra' },
          { name: 'Graphing calculator', type: 'link', body: 'https://www.geogebra.org/graphing' },
        ],
      },
      {
        name: 'Systems of equations',
        type: 'lesson',
        materials: [
          {
            name: 'Solving by substitution',
            type: 'page',
            body: '<h2>Solving by substitution</h2><ol><li>Solve one equation for one variable.</li><li>Put that into the other equation.</li><li>Solve, then find the other variable.</li></ol>',
          },
          {
            name: 'Board work: solve in pairs',
            type: 'activity',
            body: '<p>Solve the three systems on the board with your seatmate and explain one to the class.</p>',
            maxPoints: 10,
          },
        ],
      },
    ],
    progress: { student1: 2 },
  },
  {
    className: 'Grade 10 - Mabini',
    teacher: 'teacher2',
    name: 'Araling Panlipunan 10: Contemporary Issues',
    code: 'AP10',
    gradeLevel: 'Grade 10',
    subject: 'Araling Panlipunan',
    description: 'Climate, disasters and migration as Filipino families live them.',
    elements: [
      {
        name: 'Climate change and disaster readiness',
        type: 'lesson',
        materials: [
          {
            name: 'Typhoons and our barangay',
            type: 'page',
            body: '<h2>Typhoons and our barangay</h2><p>About twenty typhoons enter the Philippine area every year. Know your evacuation centre and keep a go-bag ready.</p>',
          },
          { name: 'PAGASA weather updates', type: 'link', body: 'https://www.pagasa.dost.gov.ph/' },
          { name: 'Disaster readiness quiz', type: 'quiz', body: '<p>Fifteen questions on warnings and preparation.</p>', dueInDays: 5, maxPoints: 15 },
        ],
      },
      {
        name: 'Migration and overseas work',
        type: 'lesson',
        materials: [
          {
            name: 'Why families move',
            type: 'page',
            body: '<h2>Why families move</h2><p>Work, school and safety lead many families to move to the city or abroad.</p>',
          },
          {
            name: 'Interview a family member',
            type: 'assignment',
            body: '<p>Ask a relative who moved for work about the move and write one page.</p>',
            dueInDays: 14,
            maxPoints: 30,
          },
        ],
      },
    ],
    progress: { student2: 2 },
  },
];

const materialValues = (m: DemoMaterial, now: Date) => {
  if (m.type === 'page') return { contentHtml: m.body };
  if (m.type === 'link' || m.type === 'video') return { url: m.body, description: '' };
  return { instructions: m.body, maxPoints: m.maxPoints ?? 100, dueAt: m.dueInDays ? new Date(now.getTime() + m.dueInDays * 86_400_000) : null };
};

export type DemoContent = Pick<DemoCourse, 'name' | 'code' | 'gradeLevel' | 'subject' | 'description' | 'elements'>;

/** Inserts a published course (of a class, or of the catalogue) with its published elements and materials in order; answers its material ids in path order. */
export const insertPublishedCourse = async (
  db: Db,
  c: DemoContent & { schoolId: string | null; classId: string | null; categoryId: string | null },
  authorId: string | null,
  now: Date,
): Promise<{ id: string; materialIds: string[] }> => {
  const stamp = { createdBy: authorId, updatedBy: authorId };
  const [course] = await db
    .insert(courses)
    .values({
      ...stamp,
      schoolId: c.schoolId,
      classId: c.classId,
      categoryId: c.categoryId,
      name: c.name,
      code: c.code,
      description: c.description,
      gradeLevel: c.gradeLevel,
      subject: c.subject,
      published: true,
    })
    .returning({ id: courses.id });
  if (!course) throw new Error(`seed: course ${c.name} not created`);
  const materialIds: string[] = [];
  for (const [position, e] of c.elements.entries()) {
    const [element] = await db
      .insert(courseElements)
      .values({ ...stamp, courseId: course.id, name: e.name, type: e.type, position, published: true })
      .returning({ id: courseElements.id });
    if (!element) throw new Error(`seed: element ${e.name} not created`);
    const rows = await db
      .insert(courseMaterials)
      .values(
        e.materials.map((m, i) => ({
          ...stamp,
          ...materialValues(m, now),
          courseId: course.id,
          elementId: element.id,
          name: m.name,
          type: m.type,
          position: i,
          published: true,
        })),
      )
      .returning({ id: courseMaterials.id });
    materialIds.push(...rows.map((r) => r.id));
  }
  return { id: course.id, materialIds };
};

/**
 * Adds the demo courses to the Rizal classes (found by name) with published elements and
 * materials and the demo students' first completions. A course already in its class (by name) is
 * left alone, so this can run again. Answers how many courses it added.
 */
export const seedDemoCourses = async (db: Db): Promise<number> => {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, 'RNHS')).limit(1);
  if (!school) return 0;
  const usernames = [...new Set(DEMO_COURSES.flatMap((c) => [c.teacher, ...Object.keys(c.progress)]))];
  const people = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames));
  const idOf = (name: string) => people.find((p) => p.username === name)?.id ?? null;
  const now = new Date();
  let added = 0;
  for (const c of DEMO_COURSES) {
    const [cls] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, school.id), eq(classes.name, c.className)))
      .limit(1);
    const teacherId = idOf(c.teacher);
    if (!cls || !teacherId) continue;
    const taken = await db.$count(courses, and(eq(courses.classId, cls.id), sql`lower(${courses.name}) = ${c.name.toLowerCase()}`));
    if (taken > 0) continue;
    const course = await insertPublishedCourse(db, { ...c, schoolId: school.id, classId: cls.id, categoryId: null }, teacherId, now);
    const materialIds = course.materialIds;
    // Each student finished the first materials in order (the course is sequential), a day apart.
    for (const [username, done] of Object.entries(c.progress)) {
      const studentId = idOf(username);
      if (!studentId || done === 0) continue;
      const finished = materialIds.slice(0, done).map((materialId, i) => {
        const at = new Date(now.getTime() - (done - i) * 86_400_000);
        return { materialId, studentId, firstAccessAt: at, lastAccessAt: at, completedAt: at, timeSpentSeconds: 300 + 120 * i };
      });
      await db.insert(materialProgress).values(finished).onConflictDoNothing();
    }
    added += 1;
  }
  return added;
};

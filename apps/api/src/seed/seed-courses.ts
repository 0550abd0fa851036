import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { classes } from '../db/schema/classes.ts';
import { catalogueCategories, courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

/** The demo courses of the Rizal classes and the demo catalogue (issue 5), added by `seedDemo` and safe to run again. */

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

type DemoContent = Pick<DemoCourse, 'name' | 'code' | 'gradeLevel' | 'subject' | 'description' | 'elements'>;

/** Inserts a published course (of a class, or of the catalogue) with its published elements and materials in order; answers its material ids in path order. */
const insertPublishedCourse = async (
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

// ---------------------------------------------------------------------------------------------
// The catalogue (rex admin): two categories with one published course each, for every school.

export const CATALOGUE_CATEGORIES = [
  { name: 'Science', description: 'Earth and life science courses for Grades 7 to 10, ready to add to a class.' },
  { name: 'Mathematics', description: 'Number sense, measurement, algebra and geometry courses for Grades 7 to 10.' },
] as const;

export const CATALOGUE_COURSES: readonly (DemoContent & { category: (typeof CATALOGUE_CATEGORIES)[number]['name'] })[] = [
  {
    category: 'Science',
    name: 'Science 8: Earthquakes and Faults',
    code: 'CAT-SCI8-EQ',
    gradeLevel: 'Grade 8',
    subject: 'Science',
    description: 'Why the Philippines has so many earthquakes, how they are measured, and how a family gets ready for the next one.',
    elements: [
      {
        name: 'How earthquakes happen',
        type: 'lesson',
        materials: [
          {
            name: 'Faults and plate movement',
            type: 'page',
            body:
              '<h2>Faults and plate movement</h2><p>The Philippines sits between the Philippine Sea Plate and the Eurasian Plate. The plates push against each other a few centimetres every year. Rock bends until it breaks along a crack called a <strong>fault</strong>, and the energy it releases shakes the ground: an earthquake.</p>' +
              '<ul><li>The <strong>focus</strong> is the point underground where the rock breaks.</li><li>The <strong>epicenter</strong> is the point on the surface right above the focus.</li><li>The Philippine Fault Zone runs about 1,200 km from Luzon to Mindanao; the West Valley Fault crosses Metro Manila.</li></ul>' +
              '<p>An <em>active</em> fault is one that has moved in the last 10,000 years and can move again.</p>',
          },
          {
            name: 'Magnitude and intensity',
            type: 'page',
            body:
              '<h2>Magnitude and intensity</h2><p><strong>Magnitude</strong> is the energy an earthquake releases, measured by instruments; one earthquake has one magnitude. <strong>Intensity</strong> is how strongly the shaking is felt in one place; it is higher near the epicenter and lower far away.</p>' +
              '<p>PHIVOLCS reports intensity with the PHIVOLCS Earthquake Intensity Scale, from I (scarcely perceptible) to X (completely devastating). At intensity V, hanging objects swing strongly and some dishes fall; at VII, people find it hard to stand.</p>',
          },
          { name: 'Plate tectonics video lessons', type: 'video', body: 'https://www.khanacademy.org/science/cosmology-and-astronomy/earth-history-topic' },
          { name: 'PHIVOLCS earthquake information', type: 'link', body: 'https://www.phivolcs.dost.gov.ph/' },
        ],
      },
      {
        name: 'Getting ready',
        type: 'lesson',
        materials: [
          {
            name: 'Duck, cover and hold',
            type: 'page',
            body:
              '<h2>Duck, cover and hold</h2><ol><li><strong>Duck</strong> down on your hands and knees.</li><li><strong>Cover</strong> your head and neck under a sturdy table or desk.</li><li><strong>Hold</strong> on to it until the shaking stops.</li></ol>' +
              '<p>Stay away from windows, shelves and hanging objects. When the shaking stops, walk out calmly to the open evacuation area your school or barangay has marked, and wait for the head count.</p>' +
              '<p>A <strong>go-bag</strong> holds water, ready-to-eat food, a flashlight, a whistle, a first-aid kit, copies of important papers and a list of emergency numbers.</p>',
          },
          {
            name: 'Our family earthquake plan',
            type: 'assignment',
            body: '<p>With your family, agree on a meeting place, list three emergency numbers, and check what your go-bag still needs. Write the plan on one page and have a parent or guardian sign it.</p>',
            maxPoints: 20,
          },
        ],
      },
      {
        name: 'Check your understanding',
        type: 'basic',
        materials: [
          { name: 'Earthquakes quiz', type: 'quiz', body: '<p>Fifteen questions on faults, magnitude, intensity and earthquake drills.</p>', maxPoints: 15 },
        ],
      },
    ],
  },
  {
    category: 'Mathematics',
    name: 'Mathematics 7: Measurement',
    code: 'CAT-MATH7-MS',
    gradeLevel: 'Grade 7',
    subject: 'Mathematics',
    description: 'The metric system, converting between units, and measuring real things at home, in the market and in the classroom.',
    elements: [
      {
        name: 'The metric system',
        type: 'lesson',
        materials: [
          {
            name: 'Metric units we use every day',
            type: 'page',
            body:
              '<h2>Metric units we use every day</h2><p>The metric system measures length in <strong>metres</strong>, mass in <strong>grams</strong> and capacity in <strong>litres</strong>. Prefixes tell how many: <em>kilo</em> means 1,000, <em>centi</em> means one hundredth and <em>milli</em> means one thousandth.</p>' +
              '<ul><li>A kilo of rice is 1 kilogram = 1,000 grams.</li><li>A big bottle of softdrinks holds 1.5 litres = 1,500 millilitres.</li><li>A jeepney route of 12 kilometres is 12,000 metres.</li></ul>',
          },
          {
            name: 'Converting units',
            type: 'page',
            body:
              '<h2>Converting units</h2><p>Going to a <strong>smaller</strong> unit, multiply; going to a <strong>larger</strong> unit, divide. Each step between milli, centi, (no prefix) and kilo is a power of 10.</p>' +
              '<p>Example: 2.5 m = 2.5 × 100 = 250 cm. Example: 750 g = 750 ÷ 1,000 = 0.75 kg.</p><p>Check your answer: a smaller unit always gives a bigger number.</p>',
          },
          { name: 'Units of measurement video lessons', type: 'video', body: 'https://www.khanacademy.org/math/pre-algebra' },
          { name: 'Metric system reference', type: 'link', body: 'https://en.wikipedia.org/wiki/Metric_system' },
        ],
      },
      {
        name: 'Measuring around us',
        type: 'lesson',
        materials: [
          {
            name: 'Reading a market scale',
            type: 'page',
            body: '<h2>Reading a market scale</h2><p>A dial scale at the palengke shows kilograms in big numbers and smaller marks in between. If there are 10 marks between 0 and 1 kg, each mark is 100 g. A needle three marks past 2 shows 2.3 kg.</p>',
          },
          {
            name: 'Measure the classroom',
            type: 'activity',
            body: '<p>In groups of four, measure the length and width of the classroom with a tape measure, write both in metres and in centimetres, and compute the floor area in square metres.</p>',
            maxPoints: 10,
          },
        ],
      },
      {
        name: 'Check your understanding',
        type: 'basic',
        materials: [
          { name: 'Measurement quiz', type: 'quiz', body: '<p>Twenty questions on metric prefixes, conversions and reading scales.</p>', maxPoints: 20 },
        ],
      },
    ],
  },
];

/**
 * The demo catalogue: the categories of CATALOGUE_CATEGORIES and the published catalogue courses
 * of CATALOGUE_COURSES, made by the rex admin. Categories and courses already there (by name,
 * whatever the case) are left alone, so this can run again. Answers how many courses it added.
 */
export const seedCatalogue = async (db: Db, rexAdminId: string | null): Promise<number> => {
  const categoryIds = new Map<string, string>();
  for (const c of CATALOGUE_CATEGORIES) {
    const [found] = await db
      .select({ id: catalogueCategories.id })
      .from(catalogueCategories)
      .where(sql`lower(${catalogueCategories.name}) = ${c.name.toLowerCase()}`)
      .limit(1);
    const [made] = found
      ? [found]
      : await db
          .insert(catalogueCategories)
          .values({ ...c, createdBy: rexAdminId, updatedBy: rexAdminId })
          .returning({ id: catalogueCategories.id });
    if (!made) throw new Error(`seed: category ${c.name} not created`);
    categoryIds.set(c.name, made.id);
  }
  const now = new Date();
  let added = 0;
  for (const c of CATALOGUE_COURSES) {
    const taken = await db.$count(courses, and(isNull(courses.classId), sql`lower(${courses.name}) = ${c.name.toLowerCase()}`));
    if (taken > 0) continue;
    await insertPublishedCourse(db, { ...c, schoolId: null, classId: null, categoryId: categoryIds.get(c.category) ?? null }, rexAdminId, now);
    added += 1;
  }
  return added;
};

import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { catalogueCategories, courses } from '../db/schema/courses.ts';
import { insertPublishedCourse, type DemoContent } from './seed-courses.ts';

/** The demo catalogue (rex admin): two categories with one published course each, for every school. Safe to run again. */
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

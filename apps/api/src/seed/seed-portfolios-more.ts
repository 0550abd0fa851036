import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { classGroups, classes } from '../db/schema/classes.ts';
import { portfolioItems, portfolios } from '../db/schema/portfolios.ts';
import { users } from '../db/schema/users.ts';

/**
 * The other two kinds of owner in the demo (issue 20): the Reading Circle of Grade 7 - Sampaguita
 * (student1 and student3) keeps a published group portfolio, and teacher1 a published teaching
 * portfolio, so the class list's group and teacher tabs and student1's "My groups' portfolios" show
 * something at once. Added when missing (found by owner and title), never twice.
 */

export const DEMO_GROUP_PORTFOLIO_TITLE = 'Reading Circle: stories we loved';
export const DEMO_TEACHER_PORTFOLIO_TITLE = 'Teaching Science 7 this year';
const GROUP = { className: 'Grade 7 - Sampaguita', name: 'Reading Circle', author: 'student1' };

const userOf = async (db: Db, username: string) =>
  (await db.select({ id: users.id, schoolId: users.schoolId }).from(users).where(eq(users.username, username)))[0] ?? null;

type ItemValues = Omit<typeof portfolioItems.$inferInsert, 'portfolioId' | 'createdBy' | 'position'>;

/** Inserts a published portfolio with its items unless one with this owner and title exists; 1 when added. */
const addOnce = async (
  db: Db,
  owner: { schoolId: string; ownerKind: 'group' | 'teacher'; ownerUserId: string | null; groupId: string | null; authorId: string },
  values: { title: string; description: string },
  items: readonly ItemValues[],
): Promise<number> => {
  const mine = owner.groupId ? eq(portfolios.groupId, owner.groupId) : eq(portfolios.ownerUserId, owner.ownerUserId ?? '');
  const [existing] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(mine, eq(portfolios.title, values.title)));
  if (existing) return 0;
  const { authorId, ...who } = owner;
  const [p] = await db
    .insert(portfolios)
    .values({ ...who, ...values, published: true, createdBy: authorId, updatedBy: authorId })
    .returning({ id: portfolios.id });
  if (!p) throw new Error(`seed: portfolio ${values.title}`);
  await db.insert(portfolioItems).values(items.map((item, position) => ({ ...item, portfolioId: p.id, createdBy: authorId, position })));
  return 1;
};

const groupPortfolio = async (db: Db): Promise<number> => {
  const author = await userOf(db, GROUP.author);
  const [group] = await db
    .select({ id: classGroups.id, schoolId: classes.schoolId })
    .from(classGroups)
    .innerJoin(classes, eq(classes.id, classGroups.classId))
    .where(and(eq(classes.name, GROUP.className), eq(classGroups.name, GROUP.name)));
  if (!author || !group) return 0;
  return addOnce(
    db,
    { schoolId: group.schoolId, ownerKind: 'group', ownerUserId: null, groupId: group.id, authorId: author.id },
    { title: DEMO_GROUP_PORTFOLIO_TITLE, description: 'One Filipino short story a week: what we read and what we talked about.' },
    [
      {
        kind: 'reflection',
        title: 'Week 3: "May Day Eve"',
        bodyHtml:
          '<p>We argued about whether the mirror shows the future or only what Agueda wants to see. We agreed that the ending is sad because the <em>promise</em> did not last.</p>',
      },
      { kind: 'link', title: 'Our reading list', url: 'https://en.wikipedia.org/wiki/Philippine_literature_in_English' },
    ],
  );
};

const teacherPortfolio = async (db: Db): Promise<number> => {
  const teacher = await userOf(db, 'teacher1');
  if (!teacher?.schoolId) return 0;
  return addOnce(
    db,
    { schoolId: teacher.schoolId, ownerKind: 'teacher', ownerUserId: teacher.id, groupId: null, authorId: teacher.id },
    { title: DEMO_TEACHER_PORTFOLIO_TITLE, description: 'How my Grade 7 classes learned science by measuring their own school.' },
    [
      {
        kind: 'reflection',
        title: 'Why we measure the school',
        bodyHtml: '<p>Students remember a slope they walked up. This year every unit starts outside the classroom: ramps, the water tank, the garden.</p>',
      },
      { kind: 'link', title: 'DepEd K to 12 Science curriculum guide', url: 'https://www.deped.gov.ph/k-to-12/about/k-to-12-basic-education-curriculum/' },
    ],
  );
};

/** The demo group and teacher portfolios; how many were added. */
export const seedMoreDemoPortfolios = async (db: Db): Promise<number> => (await groupPortfolio(db)) + (await teacherPortfolio(db));

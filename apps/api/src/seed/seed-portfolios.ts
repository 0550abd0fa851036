import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { submissions } from '../db/schema/assessments.ts';
import { courseMaterials } from '../db/schema/courses.ts';
import { portfolioItems, portfolios } from '../db/schema/portfolios.ts';
import { users } from '../db/schema/users.ts';
import type { FileStorage } from '../platform/storage.ts';
import { seedMoreDemoPortfolios } from './seed-portfolios-more.ts';
import { tinyPdf } from './seed-resources.ts';

/**
 * The demo portfolio (issue 20): student1 (Rizal NHS) has a published portfolio with one item of
 * each kind: a small PDF, a reflection, a link, and their returned, graded work with the grade and
 * the teacher's feedback included. Written after the assessments (it points to student1's graded
 * submission) and with the storage (the file), like the library's demo files; safe on every start:
 * it adds the portfolio when missing and writes its file again when the stored bytes went missing.
 */

export const DEMO_PORTFOLIO_TITLE = 'My Grade 7 journey';
const FILE_NAME = 'reading-log.pdf';

const studentPortfolio = async (db: Db, storage: FileStorage): Promise<number> => {
  const [student] = await db.select({ id: users.id, schoolId: users.schoolId }).from(users).where(eq(users.username, 'student1'));
  if (!student?.schoolId) return 0;
  const file = tinyPdf(['Reading log, first quarter', 'Noli Me Tangere, chapters 1 to 10', 'El Filibusterismo, chapters 1 to 5']);
  const [existing] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.ownerUserId, student.id), eq(portfolios.title, DEMO_PORTFOLIO_TITLE)));
  if (existing) {
    const [item] = await db
      .select({ key: portfolioItems.storageKey })
      .from(portfolioItems)
      .where(and(eq(portfolioItems.portfolioId, existing.id), eq(portfolioItems.kind, 'file')));
    if (item?.key && !(await storage.get(item.key))) await storage.put(item.key, file);
    return 0;
  }
  const [graded] = await db
    .select({ id: submissions.id, name: courseMaterials.name })
    .from(submissions)
    .innerJoin(courseMaterials, eq(courseMaterials.id, submissions.materialId))
    .where(and(eq(submissions.studentId, student.id), eq(submissions.status, 'returned'), isNotNull(submissions.grade)))
    .orderBy(asc(courseMaterials.name), asc(submissions.id))
    .limit(1);
  const stamp = { createdBy: student.id, updatedBy: student.id };
  const [p] = await db
    .insert(portfolios)
    .values({
      ...stamp,
      schoolId: student.schoolId,
      ownerKind: 'student',
      ownerUserId: student.id,
      title: DEMO_PORTFOLIO_TITLE,
      description: 'The work I am proudest of this school year, and what I learned from it.',
      published: true,
    })
    .returning({ id: portfolios.id });
  if (!p) throw new Error('demo portfolio');
  const key = `portfolios/${p.id}/files/demo-reading-log`;
  await storage.put(key, file);
  const base = { portfolioId: p.id, createdBy: student.id };
  await db.insert(portfolioItems).values([
    {
      ...base,
      position: 0,
      kind: 'file',
      title: 'Reading log',
      caption: 'What I read in the first quarter.',
      storageKey: key,
      fileName: FILE_NAME,
      size: file.length,
      mime: 'application/pdf',
    },
    {
      ...base,
      position: 1,
      kind: 'reflection',
      title: 'What I learned about slopes',
      bodyHtml:
        '<p>Measuring the ramps around school showed me that slope is <strong>rise over run</strong>, and that a ramp steeper than 1:12 is hard for a wheelchair.</p>',
    },
    { ...base, position: 2, kind: 'link', title: 'Noli Me Tangere (Project Gutenberg)', url: 'https://www.gutenberg.org/ebooks/20228' },
    ...(graded
      ? [{ ...base, position: 3, kind: 'work' as const, title: graded.name, submissionId: graded.id, includeGrade: true, includeFeedback: true }]
      : []),
  ]);
  return 1;
};

/** student1's portfolio, then the demo group's and teacher1's (`seed-portfolios-more.ts`); how many were added. */
export const seedDemoPortfolios = async (db: Db, storage: FileStorage): Promise<number> =>
  (await studentPortfolio(db, storage)) + (await seedMoreDemoPortfolios(db));

import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { gradeCategories, gradeItems } from '../../../db/schema/gradebook.ts';

/** The SQL every grade-setup change shares (setup-kit.ts holds the rules). */

/** Locks the course's gradebook settings row until the transaction ends (one setup change at a time). */
export const lockSetup = async (tx: Db, courseId: string): Promise<void> => {
  await tx.execute(sql`select course_id from gradebook_settings where course_id = ${courseId} for update`);
};

/** Whether an ID number is already used by another category or item of the course (case-insensitive). */
export const idNumberTaken = async (tx: Db, courseId: string, idNumber: string | null, self: string | null): Promise<boolean> => {
  if (!idNumber) return false;
  const same = (t: typeof gradeCategories | typeof gradeItems) =>
    and(eq(t.courseId, courseId), sql`lower(${t.idNumber}) = lower(${idNumber})`, self ? ne(t.id, self) : undefined);
  const [cat] = await tx.select({ id: gradeCategories.id }).from(gradeCategories).where(same(gradeCategories)).limit(1);
  if (cat) return true;
  const [item] = await tx.select({ id: gradeItems.id }).from(gradeItems).where(same(gradeItems)).limit(1);
  return Boolean(item);
};

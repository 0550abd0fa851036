import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { gradeGrades, gradeItems, rubrics } from '../../db/schema/gradebook.ts';

/** The grades of a material (material-grades.ts): its submissions' grades and its gradebook item. */

/** Students with a grade of the material: a graded submission (returned or not) or a gradebook grade of its item. */
export const gradedStudentCount = async (db: Db, materialId: string): Promise<number> => {
  const graded = db
    .select({ studentId: submissions.studentId })
    .from(submissions)
    .where(and(eq(submissions.materialId, materialId), isNotNull(submissions.grade)));
  const inGradebook = db
    .select({ studentId: gradeGrades.studentId })
    .from(gradeGrades)
    .innerJoin(gradeItems, eq(gradeItems.id, gradeGrades.itemId))
    .where(eq(gradeItems.materialId, materialId));
  return (await union(graded, inGradebook)).length;
};

/** The material's grade item, with its rubric's criteria when graded with one. */
export const findMaterialItem = async (db: Db, materialId: string) => {
  const [item] = await db
    .select({ id: gradeItems.id, criteria: rubrics.criteria })
    .from(gradeItems)
    .leftJoin(rubrics, eq(rubrics.id, gradeItems.rubricId))
    .where(eq(gradeItems.materialId, materialId))
    .limit(1);
  return item ?? null;
};

/** The item becomes a manual one (no material, no rubric). */
export const makeManualItem = async (tx: Db, itemId: string, values: { name: string; maxGrade: number; dueAt: Date; updatedBy: string }): Promise<void> => {
  await tx
    .update(gradeItems)
    .set({ ...values, materialId: null, minGrade: 0, rubricId: null, updatedAt: new Date() })
    .where(eq(gradeItems.id, itemId));
};

/** Each returned submission's grade becomes the item's grade, unless the student's grade there is overridden. */
export const copyReturnedGrades = async (tx: Db, itemId: string, m: { id: string; courseId: string }, actorId: string): Promise<void> => {
  await tx.execute(sql`
    insert into grade_grades (item_id, student_id, course_id, value, updated_by, updated_at)
    select ${itemId}, s.student_id, ${m.courseId}, s.grade, ${actorId}, now()
    from submissions s
    where s.material_id = ${m.id} and s.grade is not null and s.returned_at is not null
    on conflict (item_id, student_id) do update
      set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at
      where grade_grades.value is null`);
};

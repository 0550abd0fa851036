import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { isGradedType } from '@klase/core/courses/contracts';
import { rubricMaxPoints } from '@klase/core/gradebook/contracts';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { gradeGrades, gradeItems, rubrics } from '../../db/schema/gradebook.ts';
import { ensureGradebook } from '../gradebook/setup-loader.ts';

/**
 * What deleting a graded material does with its grades (decision 0015, "deleting a material asks
 * what to do with its grades"): keep them as a manual column of the gradebook, or let them go with
 * the material (the item and its grades cascade).
 */

type Material = Pick<typeof courseMaterials.$inferSelect, 'id' | 'courseId' | 'type' | 'name' | 'maxPoints' | 'dueAt' | 'createdAt'>;

/** Whether the material's deletion can keep grades: an assignment, quiz or activity of a class course. */
export const hasGradebook = (m: Pick<Material, 'type'>, classId: string | null): boolean => classId !== null && isGradedType(m.type);

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

/**
 * Turns the material's grade item into a manual item before the material goes (in the caller's
 * transaction): the material's name, maximum (a rubric's best total when graded with one), 0 as
 * minimum and its date (so it stays in the same grading period); then each student's counted grade
 * is written as the item's grade: an override stays as it is, else the returned submission's grade.
 * Flags (excused, hidden, locked) stay. The history triggers record each copied grade.
 */
export const keepGradesAsManualItem = async (tx: Db, m: Material, actorId: string): Promise<string> => {
  await ensureGradebook(tx, m.courseId);
  const [item] = await tx
    .select({ id: gradeItems.id, criteria: rubrics.criteria })
    .from(gradeItems)
    .leftJoin(rubrics, eq(rubrics.id, gradeItems.rubricId))
    .where(eq(gradeItems.materialId, m.id))
    .limit(1);
  if (!item) throw new Error(`grade item of material ${m.id} missing`);
  const maxGrade = item.criteria ? rubricMaxPoints(item.criteria) : (m.maxPoints ?? 100);
  await tx
    .update(gradeItems)
    .set({ materialId: null, name: m.name, maxGrade, minGrade: 0, rubricId: null, dueAt: m.dueAt ?? m.createdAt, updatedBy: actorId, updatedAt: new Date() })
    .where(eq(gradeItems.id, item.id));
  await tx.execute(sql`
    insert into grade_grades (item_id, student_id, course_id, value, updated_by, updated_at)
    select ${item.id}, s.student_id, ${m.courseId}, s.grade, ${actorId}, now()
    from submissions s
    where s.material_id = ${m.id} and s.grade is not null and s.returned_at is not null
    on conflict (item_id, student_id) do update
      set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at
      where grade_grades.value is null`);
  return item.id;
};

import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { GRADED_TYPES } from '@klase/core/materials/contracts';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { saveVersioned } from '../../db/versioned.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { gradebookSettings, gradeCategories, gradeItems, gradeScales, gradingPeriods, rubrics } from '../../db/schema/gradebook.ts';

/**
 * The gradebook setup's SQL (decision 0015): `ensureGradebook` creates what every gradebook has
 * (the settings row, the root category whose total is the course total) and an item for every
 * graded material not mapped yet; it is idempotent and safe under concurrency (conflicts do
 * nothing). `readSetupRecords` reads the stored rows; setup-loader.ts shapes them.
 */

const gradedTypesSql = sql.join(
  GRADED_TYPES.map((t) => sql`${t}`),
  sql`, `,
);

export const ensureGradebook = async (db: Db, courseId: string): Promise<void> => {
  await db.insert(gradebookSettings).values({ courseId }).onConflictDoNothing();
  const [course] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return;
  await db.execute(sql`
    insert into grade_categories (course_id, parent_id, name)
    select ${courseId}, null, ${course.name}
    where not exists (select 1 from grade_categories where course_id = ${courseId} and parent_id is null)
    on conflict (course_id) where parent_id is null do nothing`);
  await db.execute(sql`
    insert into grade_items (course_id, category_id, material_id, name, max_grade, position)
    select m.course_id, root.id, m.id, m.name, coalesce(m.max_points, 100), 0
    from course_materials m
    join grade_categories root on root.course_id = m.course_id and root.parent_id is null
    where m.course_id = ${courseId} and m.type in (${gradedTypesSql})
      and not exists (select 1 from grade_items i where i.material_id = m.id)
    on conflict (material_id) where material_id is not null do nothing`);
};

export type SettingsRecord = typeof gradebookSettings.$inferSelect;
export type SettingsChange = Partial<Omit<typeof gradebookSettings.$inferInsert, 'courseId'>>;

/** Saves the course's settings row if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const saveSettingsRow = (tx: Db, courseId: string, expect: EditVersion, userId: string, change: SettingsChange): Promise<SettingsRecord> =>
  saveVersioned(tx, gradebookSettings, eq(gradebookSettings.courseId, courseId), expect, userId, change);

/** The stored rows of a course's setup; `schoolId` picks the standard scales. */
export const readSetupRecords = async (db: Db, courseId: string, schoolId: string) => {
  const [settingsRow] = await db.select().from(gradebookSettings).where(eq(gradebookSettings.courseId, courseId)).limit(1);
  const [catRows, itemRows, scaleRows, rubricRows, periodRows] = await concurrently(
    db,
    () => db.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId)),
    () =>
      db
        .select({
          item: gradeItems,
          material: {
            name: courseMaterials.name,
            type: courseMaterials.type,
            maxPoints: courseMaterials.maxPoints,
            dueAt: courseMaterials.dueAt,
            published: courseMaterials.published,
            position: courseMaterials.position,
            createdAt: courseMaterials.createdAt,
          },
          elementPosition: courseElements.position,
          elementPublished: courseElements.published,
        })
        .from(gradeItems)
        .leftJoin(courseMaterials, eq(courseMaterials.id, gradeItems.materialId))
        .leftJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
        .where(eq(gradeItems.courseId, courseId)),
    () =>
      db
        .select()
        .from(gradeScales)
        .where(and(eq(gradeScales.schoolId, schoolId), or(isNull(gradeScales.courseId), eq(gradeScales.courseId, courseId))))
        .orderBy(asc(gradeScales.name)),
    () => db.select().from(rubrics).where(eq(rubrics.courseId, courseId)).orderBy(asc(rubrics.name)),
    () => db.select().from(gradingPeriods).where(eq(gradingPeriods.courseId, courseId)).orderBy(asc(gradingPeriods.startsOn)),
  );
  return { settingsRow, catRows, itemRows, scaleRows, rubricRows, periodRows };
};

export type SetupRecords = Awaited<ReturnType<typeof readSetupRecords>>;

import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { saveVersioned } from '../../db/versioned.ts';
import type { Db } from '../../db/client.ts';
import { courseElements, courseMaterials, courseUploads, materialProgress } from '../../db/schema/courses.ts';
import { elementAssignedTo } from '../../kernel/assignment-sql.ts';
import type { JourneyItem } from './journey.ts';

/** Materials, their uploads and the students' progress (every query bound to a course or material id). */

export type MaterialRecord = typeof courseMaterials.$inferSelect;
export type ElementRecord = typeof courseElements.$inferSelect;
export type UploadRecord = typeof courseUploads.$inferSelect;
export type MaterialValues = Omit<typeof courseMaterials.$inferInsert, 'id' | 'createdAt'>;

export const findMaterial = async (db: Db, materialId: string): Promise<{ material: MaterialRecord; element: ElementRecord } | null> => {
  const [row] = await db
    .select({ material: courseMaterials, element: courseElements })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .where(eq(courseMaterials.id, materialId))
    .limit(1);
  return row ?? null;
};

export const nextPosition = async (db: Db, elementId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${courseMaterials.position}) + 1, 0)::int` })
    .from(courseMaterials)
    .where(eq(courseMaterials.elementId, elementId));
  return Number(row?.n ?? 0);
};

export const insertMaterial = async (db: Db, values: MaterialValues): Promise<MaterialRecord> => {
  const [row] = await db.insert(courseMaterials).values(values).returning();
  if (!row) throw new Error('material insert');
  return row;
};

export const updateMaterial = async (db: Db, materialId: string, values: Partial<MaterialValues>): Promise<MaterialRecord> => {
  const [row] = await db
    .update(courseMaterials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courseMaterials.id, materialId))
    .returning();
  if (!row) throw new Error('material update');
  return row;
};

/** Saves the material form at the version it was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveMaterial = (db: Db, materialId: string, expect: EditVersion, userId: string, values: Partial<MaterialValues>): Promise<MaterialRecord> =>
  saveVersioned(db, courseMaterials, eq(courseMaterials.id, materialId), expect, userId, values);

export const deleteMaterial = async (db: Db, materialId: string): Promise<void> => {
  await db.delete(courseMaterials).where(eq(courseMaterials.id, materialId));
};

/** The course's materials among `ids` with their element (for reordering). */
export const materialsOfCourse = (db: Db, courseId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: courseMaterials.id, elementId: courseMaterials.elementId, position: courseMaterials.position })
        .from(courseMaterials)
        .where(and(eq(courseMaterials.courseId, courseId), inArray(courseMaterials.id, [...ids])));

export const materialIdsOfElement = async (db: Db, elementId: string): Promise<string[]> =>
  (await db.select({ id: courseMaterials.id }).from(courseMaterials).where(eq(courseMaterials.elementId, elementId))).map((r) => r.id);

export const placeMaterial = async (db: Db, materialId: string, elementId: string, position: number, actorId: string): Promise<void> => {
  await db.update(courseMaterials).set({ elementId, position, updatedAt: new Date(), updatedBy: actorId }).where(eq(courseMaterials.id, materialId));
};

// ---------------------------------------------------------------------------------------------
// Uploads

export const insertUpload = async (db: Db, values: typeof courseUploads.$inferInsert): Promise<UploadRecord> => {
  const [row] = await db.insert(courseUploads).values(values).returning();
  if (!row) throw new Error('upload insert');
  return row;
};

/** Marks an unused upload of the course as used; null when there is none by that id (or it is taken). */
export const takeUpload = async (db: Db, courseId: string, uploadId: string): Promise<UploadRecord | null> => {
  const [row] = await db
    .update(courseUploads)
    .set({ usedAt: new Date() })
    .where(and(eq(courseUploads.id, uploadId), eq(courseUploads.courseId, courseId), isNull(courseUploads.usedAt)))
    .returning();
  return row ?? null;
};

export const uploadByKey = async (db: Db, courseId: string, storageKey: string): Promise<UploadRecord | null> => {
  const [row] = await db
    .select()
    .from(courseUploads)
    .where(and(eq(courseUploads.courseId, courseId), eq(courseUploads.storageKey, storageKey)))
    .limit(1);
  return row ?? null;
};

export const deleteUploadByKey = async (db: Db, courseId: string, storageKey: string): Promise<void> => {
  await db.delete(courseUploads).where(and(eq(courseUploads.courseId, courseId), eq(courseUploads.storageKey, storageKey)));
};

/** Removes the course's unused uploads made before `before` and answers their storage keys. */
export const deleteStaleUploads = async (db: Db, courseId: string, before: Date): Promise<string[]> =>
  (
    await db
      .delete(courseUploads)
      .where(and(eq(courseUploads.courseId, courseId), isNull(courseUploads.usedAt), lt(courseUploads.createdAt, before)))
      .returning({ key: courseUploads.storageKey })
  ).map((r) => r.key);

// ---------------------------------------------------------------------------------------------
// The journey

/** Who the path is for: these students (an element assigned to any of them counts), or a student assigned to "everyone" only. */
export type Audience = { studentIds: readonly string[] } | 'everyone';

/** Student mode sees the elements for everyone; students (and a parent's children) also the ones assigned to them. */
const assignedTo = (audience: Audience): SQL => (audience === 'everyone' ? eq(courseElements.assignMode, 'everyone') : elementAssignedTo(audience.studentIds));

/** The published materials of the course's published elements assigned to the audience (the course's own state is checked by the caller). */
export const journeyItems = async (db: Db, courseId: string, audience: Audience): Promise<JourneyItem[]> =>
  db
    .select({
      elementId: courseElements.id,
      elementName: courseElements.name,
      elementType: courseElements.type,
      elementPosition: courseElements.position,
      materialId: courseMaterials.id,
      name: courseMaterials.name,
      type: courseMaterials.type,
      position: courseMaterials.position,
      dueAt: courseMaterials.dueAt,
      availableFrom: courseMaterials.availableFrom,
    })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .where(and(eq(courseMaterials.courseId, courseId), eq(courseElements.published, true), eq(courseMaterials.published, true), assignedTo(audience)))
    .orderBy(asc(courseElements.position), asc(courseElements.id), asc(courseMaterials.position), asc(courseMaterials.id));

/** When the student completed each material of the course they completed. */
export const completions = async (db: Db, courseId: string, studentId: string): Promise<Map<string, Date>> => {
  const rows = await db
    .select({ materialId: materialProgress.materialId, completedAt: materialProgress.completedAt })
    .from(materialProgress)
    .innerJoin(courseMaterials, eq(courseMaterials.id, materialProgress.materialId))
    .where(and(eq(courseMaterials.courseId, courseId), eq(materialProgress.studentId, studentId)));
  return new Map(rows.flatMap((r) => (r.completedAt ? [[r.materialId, r.completedAt] as const] : [])));
};

/**
 * Records a visit at `at`: the first one creates the row; later ones add the time since the
 * previous visit, at most `capSeconds`, and keep the first completion. Answers the completion time.
 */
export const recordVisit = async (
  db: Db,
  v: { materialId: string; studentId: string; at: Date; complete: boolean; capSeconds: number },
): Promise<Date | null> => {
  const elapsed = sql`extract(epoch from (excluded.last_access_at - ${materialProgress.lastAccessAt}))`;
  const [row] = await db
    .insert(materialProgress)
    .values({
      materialId: v.materialId,
      studentId: v.studentId,
      firstAccessAt: v.at,
      lastAccessAt: v.at,
      completedAt: v.complete ? v.at : null,
      timeSpentSeconds: 0,
    })
    .onConflictDoUpdate({
      target: [materialProgress.materialId, materialProgress.studentId],
      set: {
        timeSpentSeconds: sql`${materialProgress.timeSpentSeconds} + least(greatest(${elapsed}, 0), ${v.capSeconds})::int`,
        lastAccessAt: sql`greatest(${materialProgress.lastAccessAt}, excluded.last_access_at)`,
        completedAt: sql`coalesce(${materialProgress.completedAt}, excluded.completed_at)`,
      },
    })
    .returning({ completedAt: materialProgress.completedAt });
  return row?.completedAt ?? null;
};

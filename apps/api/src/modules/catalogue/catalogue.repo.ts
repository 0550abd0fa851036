import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { catalogueCategories, courses } from '../../db/schema/courses.ts';
import { orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { countsOf, statusFilter, type CourseViewer } from '../../kernel/course-lists.ts';

/** Catalogue categories and the catalogue courses (courses without a class) listed by them. */

export type CategoryRecord = typeof catalogueCategories.$inferSelect;

export interface CatalogueQuery extends ParsedTableQuery {
  categoryId?: string;
}

/** Every category by name with its number of catalogue courses (published ones only when asked). */
export const listCategories = (db: Db, publishedOnly: boolean) =>
  db
    .select({
      id: catalogueCategories.id,
      name: catalogueCategories.name,
      description: catalogueCategories.description,
      courseCount: sql<number>`count(${courses.id})::int`,
    })
    .from(catalogueCategories)
    .leftJoin(courses, and(eq(courses.categoryId, catalogueCategories.id), isNull(courses.classId), publishedOnly ? eq(courses.published, true) : undefined))
    .groupBy(catalogueCategories.id)
    .orderBy(asc(sql`lower(${catalogueCategories.name})`), asc(catalogueCategories.id));

export const insertCategory = async (db: Db, values: typeof catalogueCategories.$inferInsert): Promise<CategoryRecord> => {
  const [row] = await db.insert(catalogueCategories).values(values).returning();
  if (!row) throw new Error('category not inserted');
  return row;
};

/** The category, locked for the caller's transaction: `update` to change or delete it, `share` to file a course under it. */
export const lockCategory = async (db: Db, id: string, mode: 'update' | 'share'): Promise<CategoryRecord | null> => {
  const [row] = await db.select().from(catalogueCategories).where(eq(catalogueCategories.id, id)).for(mode).limit(1);
  return row ?? null;
};

export const updateCategory = async (db: Db, id: string, values: { name: string; description: string; updatedBy: string }): Promise<CategoryRecord> => {
  const [row] = await db
    .update(catalogueCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(catalogueCategories.id, id))
    .returning();
  if (!row) throw new Error('category not updated');
  return row;
};

export const deleteCategory = async (db: Db, id: string): Promise<void> => {
  await db.delete(catalogueCategories).where(eq(catalogueCategories.id, id));
};

/** How many courses are filed under the category. */
export const coursesOfCategory = (db: Db, id: string): Promise<number> => db.$count(courses, eq(courses.categoryId, id));

// ---------------------------------------------------------------------------------------------
// Catalogue courses

const SORTABLE = {
  name: sql`lower(${courses.name})`,
  code: courses.code,
  categoryName: sql`lower(${catalogueCategories.name})`,
  updatedAt: courses.updatedAt,
};

const whereOf = (publishedOnly: boolean, q: CatalogueQuery): SQL | undefined =>
  and(
    isNull(courses.classId),
    publishedOnly ? eq(courses.published, true) : undefined,
    q.categoryId ? eq(courses.categoryId, q.categoryId) : undefined,
    searchAny(q.search, [courses.name, courses.code, courses.subject]),
    statusFilter(q),
  );

/** Catalogue courses as the viewer sees them: the rex admin every one (staff counts); teachers the published ones and their published items. */
export const listCatalogueCourses = async (db: Db, viewer: CourseViewer, q: CatalogueQuery) => {
  const where = whereOf(viewer.kind !== 'staff', q);
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  const page = pageOf(q);
  const rows = await db
    .select({ course: courses, className: sql<string | null>`null`, categoryName: catalogueCategories.name, ...countsOf(viewer) })
    .from(courses)
    .leftJoin(catalogueCategories, eq(catalogueCategories.id, courses.categoryId))
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${courses.name}) asc`, courses.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(total?.n ?? 0) };
};

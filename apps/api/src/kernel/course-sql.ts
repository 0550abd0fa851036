import { and, eq, type SQL } from 'drizzle-orm';
import type { ClassRelation } from '@klase/core/classes/contracts';
import { courseElements, courseMaterials, courses } from '../db/schema/courses.ts';

/** Shared conditions over a class's course tables (courses, their elements and materials). */

/** What a student meets: published materials of published elements of published courses. */
export const assignedOnly: SQL = and(eq(courses.published, true), eq(courseElements.published, true), eq(courseMaterials.published, true)) as SQL;

/** Students and parents see published course content only; staff see everything. */
export const seesPublishedOnly = (relation: ClassRelation): boolean => relation === 'student' || relation === 'parent';

/** The published text of a row's flag, as the status chip shows it. */
export const publishStatus = (published: boolean): 'PUBLISHED' | 'UNPUBLISHED' => (published ? 'PUBLISHED' : 'UNPUBLISHED');

/** ISO text of an optional date. */
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);

import { eq, or, sql, type SQL } from 'drizzle-orm';
import { MY_COURSE_STATUS } from '@klase/core/courses/contracts';
import type { ParsedTableQuery } from '@klase/core/table';
import { courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { filterValues } from './table-sql.ts';
import { assignedToStudents, elementAssignedTo } from './assignment-sql.ts';
import { assignedOnly } from './course-sql.ts';

/** What every course list (My Courses, a class's courses, the catalogue) selects and filters the same way. */

/**
 * Course rows as one viewer sees them: staff (teachers and assistants of the class, the rex admin
 * in the catalogue) count every element and material; teachers reading a catalogue course count
 * its published items (`published`); students and parents count the published items assigned to
 * the students they look through (themselves, or their children), and one student's completion
 * gives the percent.
 */
export type CourseViewer = { kind: 'staff' } | { kind: 'published' } | { kind: 'students'; studentIds: readonly string[] };

const materialsOfCourse = sql`select count(*)::int from ${courseMaterials} inner join ${courseElements} on ${courseElements.id} = ${courseMaterials.elementId} where ${courseMaterials.courseId} = ${courses.id}`;

/** The element and material counts (and one student's completions) of the `courses` row of the surrounding query, as the viewer sees them. */
export const countsOf = (viewer: CourseViewer) => {
  if (viewer.kind === 'staff') {
    return {
      elementCount: sql<number>`(select count(*)::int from ${courseElements} where ${courseElements.courseId} = ${courses.id})`,
      materialCount: sql<number>`(${materialsOfCourse})`,
      completed: sql<number | null>`null`,
    };
  }
  if (viewer.kind === 'published') {
    return {
      elementCount: sql<number>`(select count(*)::int from ${courseElements} where ${courseElements.courseId} = ${courses.id} and ${courseElements.published})`,
      materialCount: sql<number>`(${materialsOfCourse} and ${assignedOnly})`,
      completed: sql<number | null>`null`,
    };
  }
  const ids = viewer.studentIds;
  const [only] = ids;
  return {
    elementCount: sql<number>`(select count(*)::int from ${courseElements} where ${courseElements.courseId} = ${courses.id} and ${courseElements.published} and ${elementAssignedTo(ids)})`,
    materialCount: sql<number>`(${materialsOfCourse} and ${assignedToStudents(ids)})`,
    // Completion is one student's: a parent looking through several children gets no percent.
    completed:
      ids.length === 1 && only
        ? sql<
            number | null
          >`(${materialsOfCourse} and ${assignedToStudents(ids)} and exists (select 1 from ${materialProgress} where ${materialProgress.materialId} = ${courseMaterials.id} and ${materialProgress.studentId} = ${only} and ${materialProgress.completedAt} is not null))`
        : sql<number | null>`null`,
  };
};

const STATUS_CONDITION: Record<(typeof MY_COURSE_STATUS)[number], SQL> = {
  published: eq(courses.published, true),
  unpublished: eq(courses.published, false),
  copying: eq(courses.job, 'copying'),
  deleting: eq(courses.job, 'deleting'),
};

/** The `status` filter of a course list (MY_COURSE_STATUS; unknown values match nothing). */
export const statusFilter = (q: Pick<ParsedTableQuery, 'filter'>): SQL | undefined => {
  const statuses = filterValues(q, 'status');
  if (!statuses) return undefined;
  const known = statuses.filter((s): s is keyof typeof STATUS_CONDITION => Object.hasOwn(STATUS_CONDITION, s));
  return known.length ? or(...known.map((s) => STATUS_CONDITION[s])) : sql`false`;
};

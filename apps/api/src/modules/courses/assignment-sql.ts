import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { classGroupMembers } from '../../db/schema/classes.ts';
import { courseElementAssignees, courseElements } from '../../db/schema/courses.ts';
import { assignedOnly } from '../class-work/course-sql.ts';

/**
 * Who an element is for, as SQL over the `course_elements` row of the surrounding query: every
 * student of the class (`everyone`), or the listed students, or the members of the listed groups.
 * Journeys, My Courses and the course page all use this one rule.
 */
export const elementAssignedTo = (studentIds: readonly string[]): SQL => {
  if (studentIds.length === 0) return sql`false`;
  const ids = [...studentIds];
  const listed = sql`exists (select 1 from ${courseElementAssignees} where ${courseElementAssignees.elementId} = ${courseElements.id} and (${inArray(
    courseElementAssignees.studentId,
    ids,
  )} or ${courseElementAssignees.groupId} in (select ${classGroupMembers.groupId} from ${classGroupMembers} where ${inArray(classGroupMembers.studentId, ids)})))`;
  return or(eq(courseElements.assignMode, 'everyone'), listed) as SQL;
};

/**
 * The materials a student meets (class progress's rule: published materials of published elements
 * of published courses) narrowed to the elements assigned to them. Needs `courses`,
 * `course_elements` and `course_materials` in the query.
 */
export const assignedToStudents = (studentIds: readonly string[]): SQL => and(assignedOnly, elementAssignedTo(studentIds)) as SQL;

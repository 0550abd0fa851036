import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { classGroupMembers } from '../db/schema/classes.ts';
import { courseElementAssignees, courseElements } from '../db/schema/courses.ts';
import { assignedOnly } from './course-sql.ts';

/**
 * Who an element is for: every student of the class (`everyone`), or the listed students, or the
 * members of the listed groups. This file is the one SQL source of that rule: journeys, My Courses,
 * the course page, class materials, class progress, the dashboard and the assignment lists use it.
 *
 * `students` is either a list of student ids (bound values) or a column of the surrounding query
 * (correlated: one answer per row, e.g. `class_students.student_id`).
 */
export type StudentRef = readonly string[] | AnyColumn;

const isColumn = (s: StudentRef): s is AnyColumn => !Array.isArray(s);

/** A student (or one of the listed students) is a chosen student of the element, or in a chosen group. */
const matchesStudent = (students: StudentRef): SQL => {
  if (isColumn(students)) {
    return sql`(${courseElementAssignees.studentId} = ${students} or ${courseElementAssignees.groupId} in (select ${classGroupMembers.groupId} from ${classGroupMembers} where ${classGroupMembers.studentId} = ${students}))`;
  }
  const ids = [...students];
  return sql`(${inArray(courseElementAssignees.studentId, ids)} or ${courseElementAssignees.groupId} in (select ${classGroupMembers.groupId} from ${classGroupMembers} where ${inArray(classGroupMembers.studentId, ids)}))`;
};

/** The element (an id value, or `course_elements.id` of the surrounding query) lists the student(s) by name or group. */
export const elementListsStudent = (element: string | AnyColumn, students: StudentRef): SQL =>
  sql`exists (select 1 from ${courseElementAssignees} where ${courseElementAssignees.elementId} = ${element} and ${matchesStudent(students)})`;

/** The `course_elements` row of the surrounding query is for the student(s). */
export const elementAssignedTo = (students: StudentRef): SQL => {
  if (!isColumn(students) && students.length === 0) return sql`false`;
  return or(eq(courseElements.assignMode, 'everyone'), elementListsStudent(courseElements.id, students)) as SQL;
};

/**
 * The materials a student meets (class progress's rule: published materials of published elements
 * of published courses) narrowed to the elements assigned to them. Needs `courses`,
 * `course_elements` and `course_materials` in the query.
 */
export const assignedToStudents = (students: StudentRef): SQL => and(assignedOnly, elementAssignedTo(students)) as SQL;

import { fullName } from '@klase/core/admin/users';
import type { AvailableCourseRow } from '@klase/core/catalogue/contracts';
import type { TablePage } from '@klase/core/table';
import type { Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { courseImageUrl } from '../courses.service.ts';
import { availableCourseRows, classTeacherNames, type AvailableCoursesQuery } from './available-courses.repo.ts';

/**
 * `#/courses/available`: the courses a teacher can copy (`requestCopy` accepts exactly these):
 * `own` (courses of the classes they teach, archived ones too), `school` (courses other teachers
 * of their school share) and `catalogue` (published catalogue courses). Courses being copied or
 * deleted, and failed copies, are left out. Another school's courses never appear.
 */

/** The teachers (role 3) of these classes, by class, in their order: "who shares" a school course. */
const teacherNames = async (db: Db, classIds: readonly string[]): Promise<Map<string, string>> => {
  if (classIds.length === 0) return new Map();
  const rows = await classTeacherNames(db, classIds);
  const names = new Map<string, string[]>();
  for (const r of rows) names.set(r.classId, [...(names.get(r.classId) ?? []), fullName(r)]);
  return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
};

export const availableCourses = async (db: Db, user: UserRow, q: AvailableCoursesQuery): Promise<TablePage<AvailableCourseRow>> => {
  const { rows, total } = await availableCourseRows(db, user, q);
  const teachers = await teacherNames(
    db,
    rows.flatMap((r) => (r.source === 'school' && r.course.classId ? [r.course.classId] : [])),
  );
  return {
    data: rows.map(({ course: c, source, className, categoryName, elementCount, materialCount }) => ({
      id: c.id,
      source,
      name: c.name,
      code: c.code,
      description: c.description,
      gradeLevel: c.gradeLevel,
      subject: c.subject,
      imageUrl: courseImageUrl(c),
      elementCount: Number(elementCount),
      materialCount: Number(materialCount),
      className,
      teacherName: source === 'school' && c.classId ? (teachers.get(c.classId) ?? null) : null,
      categoryName: source === 'catalogue' ? categoryName : null,
      updatedAt: c.updatedAt.toISOString(),
    })),
    pagination: { page: q.page, totalcount: total },
  };
};

import type { ClassCourseRow, ClassMaterialRow } from '@klase/core/class-work/contracts';
import type { TablePage } from '@klase/core/table';
import type { Ctx } from '../../platform/context.ts';
import type { ClassAccess } from '../../kernel/class-access.ts';
import type { UserRow } from '../../platform/rows.ts';
import { isoOrNull, publishStatus, seesPublishedOnly } from '../../kernel/course-sql.ts';
import { listCourses, listMaterials, type ClassViewer, type MaterialQuery } from './materials.repo.ts';

/**
 * Class materials and the courses tab (every member of the class). Students and parents see
 * published content only, and of it only the elements assigned to the student (a parent: to their
 * children in the class), by the same rule as the course pages.
 */
const viewerOf = (user: UserRow, access: ClassAccess): ClassViewer => {
  if (!seesPublishedOnly(access.relation)) return null;
  return access.relation === 'parent' ? access.childIds : [user.id];
};

export const classMaterials = async (ctx: Ctx, user: UserRow, access: ClassAccess, q: MaterialQuery): Promise<TablePage<ClassMaterialRow>> => {
  const { rows, total } = await listMaterials(ctx.db, access.cls.id, viewerOf(user, access), q);
  return {
    data: rows.map(({ material: m, courseName, elementName }) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      courseId: m.courseId,
      courseName,
      elementId: m.elementId,
      elementName,
      published: m.published,
      status: publishStatus(m.published),
      dueAt: isoOrNull(m.dueAt),
      updatedAt: m.updatedAt.toISOString(),
    })),
    pagination: { page: q.page, totalcount: total },
  };
};

export const classCourses = async (ctx: Ctx, user: UserRow, access: ClassAccess): Promise<ClassCourseRow[]> =>
  (await listCourses(ctx.db, access.cls.id, viewerOf(user, access))).map(({ course: c, elementCount, materialCount }) => ({
    id: c.id,
    name: c.name,
    code: c.code,
    description: c.description,
    gradeLevel: c.gradeLevel,
    subject: c.subject,
    published: c.published,
    status: publishStatus(c.published),
    elementCount: Number(elementCount),
    materialCount: Number(materialCount),
    updatedAt: c.updatedAt.toISOString(),
  }));

import type { MyMaterialRow } from '@klase/core/materials/contracts';
import type { TablePage } from '@klase/core/table';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { isoOrNull, publishStatus } from '../../kernel/course-sql.ts';
import { myMaterialRows, type MyMaterialsQuery } from './my-materials.repo.ts';

/** `#/materials`: the materials of every course of the classes the signed-in teacher or assistant teaches. */

export const myMaterials = async (db: Db, user: UserRow, q: MyMaterialsQuery): Promise<TablePage<MyMaterialRow>> => {
  const { rows, total } = await myMaterialRows(db, user, q);
  return {
    data: rows.map(({ material: m, courseName, classId, className, elementName }) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      courseId: m.courseId,
      courseName,
      classId,
      className,
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

import type { ProgressDetails, ProgressRow } from '@klase/core/class-work/contracts';
import { fullName } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import type { ParsedTableQuery, TablePage } from '@klase/core/table';
import type { Ctx } from '../../platform/context.ts';
import { requireCan, type ClassAccess } from '../../kernel/class-access.ts';
import { isoOrNull } from '../../kernel/course-sql.ts';
import { photoUrlOf } from '../../kernel/people.ts';
import { countProgress, listProgress, progressOfStudent, type ProgressListRow } from './progress.repo.ts';

/** Class progress (teachers, assistants and school administrators of the class). */

const toRow = (r: ProgressListRow): ProgressRow => ({
  studentId: r.id,
  name: fullName(r),
  sortName: r.sortName,
  photoUrl: photoUrlOf(r),
  assigned: Number(r.assigned),
  completed: Number(r.completed),
  percent: Number(r.percent),
  lastClassAccessAt: isoOrNull(r.lastClassAccessAt),
  lastMaterialAccessAt: isoOrNull(r.lastMaterialAccessAt),
  timeSpentSeconds: Number(r.timeSpentSeconds),
});

export const progressTable = async (ctx: Ctx, access: ClassAccess, q: ParsedTableQuery): Promise<TablePage<ProgressRow>> => {
  requireCan(access, 'viewProgress');
  const classId = access.cls.id;
  const [total, rows] = [await countProgress(ctx.db, classId, q), await listProgress(ctx.db, classId, q)];
  return { data: rows.map(toRow), pagination: { page: q.page, totalcount: total } };
};

export const progressDetails = async (ctx: Ctx, access: ClassAccess, studentId: string): Promise<ProgressDetails> => {
  requireCan(access, 'viewProgress');
  const classId = access.cls.id;
  const [found] = await listProgress(ctx.db, classId, { search: '', studentId, sortBy: undefined, sortOrder: 'asc', page: 1, rowsperpage: 1 });
  if (!found) throw new DomainError('NOT_FOUND');
  const summary = toRow(found);
  const materials = (await progressOfStudent(ctx.db, classId, studentId)).map((m) => ({
    materialId: m.materialId,
    materialName: m.materialName,
    materialType: m.materialType,
    courseId: m.courseId,
    courseName: m.courseName,
    elementName: m.elementName,
    dueAt: isoOrNull(m.dueAt),
    firstAccessAt: isoOrNull(m.firstAccessAt),
    lastAccessAt: isoOrNull(m.lastAccessAt),
    completedAt: isoOrNull(m.completedAt),
    timeSpentSeconds: m.timeSpentSeconds ?? 0,
    submissions: m.submissions ?? 0,
  }));
  return { student: { id: summary.studentId, name: summary.name, photoUrl: summary.photoUrl }, summary, materials };
};

import { gradeLink, materialLink, notify, notifyGrade } from '../notifications/notifications.service.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { GradedMaterial } from './assignment-access.ts';
import type { SubmissionRecord } from './assignments.repo.ts';

/**
 * Tells the student (and their parents) when returned work becomes visible to them, in the
 * grading transaction: a returned grade (new or changed) → `grade` to the student and
 * `childGrade` to each linked parent; work returned without a grade → `submissionReturned`.
 */
export const noticeReturnedWork = async (
  tx: Db,
  ctx: Pick<Ctx, 'mailer' | 'config'>,
  g: GradedMaterial,
  actorId: string,
  before: Pick<SubmissionRecord, 'status' | 'grade'>,
  next: SubmissionRecord,
): Promise<void> => {
  if (next.status !== 'returned') return;
  if (before.status === 'returned' && before.grade === next.grade) return;
  const schoolId = g.access.course.schoolId;
  const classId = g.classAccess.cls.id;
  if (!schoolId) return;
  const courseName = g.access.course.name;
  if (next.grade !== null) {
    await notifyGrade(tx, ctx, {
      schoolId,
      studentId: next.studentId,
      itemName: g.material.name,
      courseName,
      grade: next.grade,
      link: gradeLink(classId, g.access.course.id),
      actorId,
    });
    return;
  }
  if (before.status === 'returned') return;
  await notify(tx, ctx, {
    userIds: [next.studentId],
    schoolId,
    type: 'submissionReturned',
    params: { materialName: g.material.name, courseName },
    link: materialLink({ classId, courseId: g.access.course.id, elementId: g.element.id, materialId: g.material.id }),
    actorId,
  });
};

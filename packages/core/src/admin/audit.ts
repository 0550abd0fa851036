import { z } from 'zod';
import { queryDate, tableQueryWith } from './common.ts';

/** The audit log of administrative changes, `GET /api/admin/audit`. */

export const AUDIT_ACTIONS = [
  'customer.created',
  'customer.updated',
  'customer.enabled',
  'customer.disabled',
  'school.created',
  'school.updated',
  'school.enabled',
  'school.disabled',
  'user.created',
  'user.updated',
  'user.activated',
  'user.deactivated',
  'user.activation-sent',
  'user.linked',
  'user.unlinked',
  'bulk.uploaded',
  'bulk.confirmed',
  'bulk.cancelled',
  'bulk.completed',
  'account.activated',
  'class.created',
  'class.updated',
  'class.archived',
  'class.restored',
  'class.join-switched',
  'class.join-regenerated',
  'class.joined',
  'class.students-added',
  'class.student-removed',
  'class.student-password-set',
  'class.student-reset-link-sent',
  'group.created',
  'group.updated',
  'group.deleted',
  'groups.generated',
  'material.created',
  'material.updated',
  'material.published',
  'material.unpublished',
  'material.deleted',
  'material.reordered',
  'course.created',
  'course.updated',
  'course.published',
  'course.unpublished',
  'course.image-changed',
  'course.image-removed',
  'course.copy-started',
  'course.copied',
  'course.copy-failed',
  'course.delete-started',
  'course.deleted',
  'course.delete-failed',
  'course.shared',
  'course.unshared',
  'category.created',
  'category.updated',
  'category.deleted',
  'element.created',
  'element.updated',
  'element.published',
  'element.unpublished',
  'element.deleted',
  'element.reordered',
  'resource.created',
  'resource.updated',
  'resource.deleted',
  'assignment.settings-updated',
  'assignment.attachment-added',
  'assignment.attachment-removed',
  'submission.graded',
  'submission.feedback-file-added',
  'submission.feedback-file-removed',
  'quiz.settings-updated',
  'quiz.question-added',
  'quiz.question-updated',
  'quiz.question-deleted',
  'quiz.questions-reordered',
  'quiz.answer-graded',
  'question-bank.added',
  'question-bank.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'customer',
  'school',
  'user',
  'bulk-job',
  'class',
  'group',
  'material',
  'course',
  'resource',
  'submission',
  'category',
] as const;

const values = z.record(z.string(), z.unknown()).nullable();

export const auditRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** A readable name of the target (customer or school name, username), when it still exists. */
  targetLabel: z.string().nullable(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  /** The changed fields before and after (null for a creation's before, and so on). */
  before: values,
  after: values,
});
export type AuditRow = z.infer<typeof auditRow>;

/**
 * Table query plus: `filter[key]=action` with `filter[values][]`, or `action` (comma list);
 * `actorId`; `from` and `to` (YYYY-MM-DD, inclusive, UTC). Search matches the action, the
 * actor's name or username and the target label. Newest first by default.
 */
export const auditTableQuery = tableQueryWith({
  actorId: z.uuid().optional(),
  action: z.string().max(400).optional(),
  from: queryDate.optional(),
  to: queryDate.optional(),
});
export const AUDIT_SORTS = ['createdAt', 'action', 'actorName', 'targetType'] as const;

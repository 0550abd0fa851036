import { DomainError } from '@klase/core/errors';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadCourseAccess, type CourseRecord } from '../courses/course-access.ts';
import { findPost, readSettings, type PostRecord } from './discussions.repo.ts';

/**
 * Who reaches a course's discussions (decision 0047 (`0047-discussions-api.md`)): the class's teachers and assistants
 * (moderators), its students when the course is published (participants), and parents of an
 * enrolled child when the course's `parentsRead` is on (readers; off: 403). Everyone else, a
 * catalogue course, another class or school: 404, through the course access check.
 */

export type DiscussionRole = 'moderator' | 'participant' | 'reader';

export interface DiscussionAccess {
  course: CourseRecord & { classId: string; schoolId: string };
  role: DiscussionRole;
  /** The class is archived: reading only. */
  archived: boolean;
}

export const canModerate = (a: DiscussionAccess): boolean => a.role === 'moderator' && !a.archived;
export const canPost = (a: DiscussionAccess): boolean => a.role !== 'reader' && !a.archived;

/** The access of `user` to a course's discussions; a parent's `childId` must be one of their children in the class. */
export const loadDiscussionAccess = async (db: Db, user: UserRow, courseId: string, childId?: string): Promise<DiscussionAccess> => {
  const access = await loadCourseAccess(db, user, courseId);
  const ca = access.classAccess;
  const { classId, schoolId } = access.course;
  if (!ca || !classId || !schoolId) throw new DomainError('NOT_FOUND');
  const course = { ...access.course, classId, schoolId };
  const archived = ca.cls.archivedAt !== null;
  if (ca.relation === 'teacher' || ca.relation === 'assistant') return { course, role: 'moderator', archived };
  if (ca.relation === 'student') return { course, role: 'participant', archived };
  if (ca.relation !== 'parent') throw new DomainError('NOT_FOUND');
  if (childId !== undefined && !ca.childIds.includes(childId)) throw new DomainError('NOT_FOUND');
  if (!(await readSettings(db, course.id)).parentsRead) throw new DomainError('FORBIDDEN');
  return { course, role: 'reader', archived };
};

/** Refuses writing (posts, comments, uploads) to readers (403) and in an archived class. */
export const requirePost = (a: DiscussionAccess): void => {
  if (a.role === 'reader') throw new DomainError('FORBIDDEN');
  if (a.archived) throw new DomainError('CLASS_ARCHIVED');
};

/** Refuses moderation (pin, lock, hide, categories, settings) to anyone but the class's teachers and assistants. */
export const requireModerate = (a: DiscussionAccess): void => {
  if (a.role !== 'moderator') throw new DomainError('FORBIDDEN');
  if (a.archived) throw new DomainError('CLASS_ARCHIVED');
};

/** Whether the caller sees a hidden post or comment (its author and moderators; others do not). */
export const seesHidden = (a: DiscussionAccess, user: UserRow, authorId: string): boolean => a.role === 'moderator' || authorId === user.id;

/** A post (not deleted) and the caller's access to its course; a hidden post is 404 to those who may not see it. */
export const loadPost = async (db: Db, user: UserRow, postId: string, childId?: string): Promise<{ post: PostRecord; access: DiscussionAccess }> => {
  const post = await findPost(db, postId);
  if (!post) throw new DomainError('NOT_FOUND');
  const access = await loadDiscussionAccess(db, user, post.courseId, childId);
  if (post.hidden && !seesHidden(access, user, post.authorId)) throw new DomainError('NOT_FOUND');
  return { post, access };
};

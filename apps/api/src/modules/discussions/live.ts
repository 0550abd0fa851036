import { fullName } from '@klase/core/admin/users';
import type { Db } from '../../platform/context.ts';
import { publish, type RealtimeMessage } from '../../platform/realtime/bus.ts';
import type { UserRow } from '../../platform/rows.ts';
import { notify, type NotifyCtx } from '../notifications/notifications.service.ts';
import { DISCUSSION_EVENTS, type PostRow } from '@klase/core/discussions/contracts';
import type { DiscussionAccess } from './discussion-access.ts';
import { audienceOf, readSettings, type PostRecord } from './discussions.repo.ts';

/** Who hears of a course's discussion changes (real-time events) and who may be mentioned. */

/** A post's hash route in the SPA. */
export const postLink = (a: DiscussionAccess, postId: string): string =>
  `/classes/${encodeURIComponent(a.course.classId)}/courses/${encodeURIComponent(a.course.id)}/discussions/${encodeURIComponent(postId)}`;

/**
 * Everyone who may read the post: the class's teachers and assistants, its students when the
 * course is published, their parents when `parentsRead` is on; a hidden post only its
 * moderators and author.
 */
export const readersOf = async (db: Db, a: DiscussionAccess, post: Pick<PostRecord, 'hidden' | 'authorId'>, withParents = true): Promise<string[]> => {
  const { staffIds, studentIds, parentIds } = await audienceOf(db, a.course.classId);
  if (post.hidden) return [...new Set([...staffIds, post.authorId])];
  const students = a.course.published ? studentIds : [];
  const parents = withParents && a.course.published && (await readSettings(db, a.course.id)).parentsRead ? parentIds : [];
  return [...new Set([...staffIds, ...students, ...parents])];
};

/** Publishes one event to the post's readers except the actor (one `publish` call, in the change's transaction). */
export const tellReaders = async (
  tx: Db,
  a: DiscussionAccess,
  post: Pick<PostRecord, 'hidden' | 'authorId'>,
  actorId: string,
  event: Omit<RealtimeMessage, 'userIds'>,
) => {
  const userIds = (await readersOf(tx, a, post)).filter((id) => id !== actorId);
  await publish(tx, { ...event, userIds });
};

/** A post hidden or shown again: those who still see it get the row, the others lose it (`postDeleted`). */
export const tellHidden = async (tx: Db, a: DiscussionAccess, post: PostRecord, actorId: string, view: PostRow) => {
  const keep = new Set(await readersOf(tx, a, { ...post, hidden: true }));
  const everyone = (await readersOf(tx, a, { ...post, hidden: false })).filter((id) => id !== actorId);
  const courseId = post.courseId;
  const shown = post.hidden ? everyone.filter((id) => keep.has(id)) : everyone;
  const lost = post.hidden ? everyone.filter((id) => !keep.has(id)) : [];
  await publish(tx, [
    { userIds: shown, type: DISCUSSION_EVENTS.post, data: { courseId, post: view } },
    { userIds: lost, type: DISCUSSION_EVENTS.postDeleted, data: { courseId, postId: post.id } },
  ]);
};

/** `mention` notifications to the mentioned participants who can read the post (never the author; parents only read). */
export const notifyMentions = async (tx: Db, ctx: NotifyCtx, a: DiscussionAccess, post: PostRecord, author: UserRow, mentionIds: readonly string[]) => {
  if (mentionIds.length === 0) return;
  const readers = new Set(await readersOf(tx, a, post, false));
  const userIds = [...new Set(mentionIds)].filter((id) => id !== author.id && readers.has(id));
  if (userIds.length === 0) return;
  await notify(tx, ctx, {
    userIds,
    schoolId: a.course.schoolId,
    type: 'mention',
    params: { actorName: fullName(author), postTitle: post.title, courseName: a.course.name },
    link: postLink(a, post.id),
    actorId: author.id,
  });
};

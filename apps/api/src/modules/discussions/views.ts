import { fullName } from '@klase/core/admin/users';
import type { CommentReply, CommentRow, PostRow } from '@klase/core/discussions/contracts';
import type { AttachmentRef, PersonRef } from '@klase/core/messaging/contracts';
import { photoUrlOf } from '../../kernel/people.ts';
import type { UserRow } from '../../platform/rows.ts';
import { canModerate, canPost, seesHidden, type DiscussionAccess } from './discussion-access.ts';
import type { AttachmentRecord, ListedComment } from './comments.repo.ts';
import type { AuthorRecord, ListedPost } from './discussions.repo.ts';

/** How posts and comments are answered (the shapes of `@klase/core/discussions/contracts`). */

const EXCERPT_MAX = 200;

export const personOf = (a: AuthorRecord): PersonRef => ({ id: a.id, name: fullName(a), roleId: a.roleId, photoUrl: photoUrlOf(a) });

export const attachmentView = (a: AttachmentRecord): AttachmentRef => ({
  id: a.id,
  name: a.name,
  size: a.size,
  mime: a.mime,
  downloadUrl: `/api/discussions/attachments/${a.id}`,
});

const excerptOf = (text: string): string => (text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`);

/** A post row for the caller (`unread`: never opened; `unreadComments`: others' comments since). */
export const postView = (l: ListedPost): PostRow => ({
  id: l.post.id,
  courseId: l.post.courseId,
  title: l.post.title,
  excerpt: excerptOf(l.post.bodyText),
  category: l.post.categoryId && l.categoryName !== null ? { id: l.post.categoryId, name: l.categoryName } : null,
  author: personOf(l.author),
  pinned: l.post.pinned,
  locked: l.post.locked,
  hidden: l.post.hidden,
  createdAt: l.post.createdAt.toISOString(),
  editedAt: l.post.editedAt?.toISOString() ?? null,
  lastActivityAt: l.post.lastActivityAt.toISOString(),
  commentCount: l.post.commentCount,
  unread: l.lastReadAt === null,
  unreadComments: l.unreadComments,
  attachmentCount: l.attachmentCount,
});

/** Whether the caller may add a comment (moderators also on a locked post). */
export const mayComment = (a: DiscussionAccess, locked: boolean): boolean => canPost(a) && (!locked || canModerate(a));

export interface CommentViewer {
  me: UserRow;
  access: DiscussionAccess;
  /** When the caller last opened the post (null: never). */
  lastReadAt: Date | null;
}

/** A comment for the caller: deleted ones and hidden ones they may not see keep their place with an empty body. */
export const commentView = (l: ListedComment, v: CommentViewer, replies: CommentReply[] = []): CommentRow => {
  const c = l.comment;
  const own = c.authorId === v.me.id;
  const visible = !c.deleted && (!c.hidden || seesHidden(v.access, v.me, c.authorId));
  return {
    id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    author: personOf(l.author),
    body: visible ? c.body : '',
    createdAt: c.createdAt.toISOString(),
    editedAt: c.editedAt?.toISOString() ?? null,
    hidden: c.hidden,
    deleted: c.deleted,
    unread: !own && (v.lastReadAt === null || c.createdAt > v.lastReadAt),
    canEdit: own && !c.deleted && canPost(v.access),
    canDelete: !c.deleted && (own ? canPost(v.access) : canModerate(v.access)),
    replies,
  };
};

/** A reply for the caller (no replies of its own). */
export const replyView = (l: ListedComment, v: CommentViewer): CommentReply => ({ ...commentView(l, v), replies: [] });

import { z } from 'zod';
import { V, requiredText, safeString } from '../validation/rules.ts';
import { attachmentRef, personRef } from '../messaging/contracts.ts';

/**
 * Course discussions (issue 18): the `discussions` tab of a class course,
 * `#/classes/{classId}/courses/{courseId}/discussions` (a post opens at `.../discussions/{postId}`).
 *
 * Who takes part: the course's class teachers and assistant teachers (they also moderate) and the
 * class's active students when the course is published. Parents read (never write) their child's
 * course discussions when the course's teachers allow it (`DiscussionSettings.parentsRead`, off by
 * default), with `?childId=`. Anybody else (school administrators too: they have no course pages):
 * 404 (a course, post or comment of another course, class or school cannot be probed).
 *
 * Posts are rich text: the lesson pages' editor and the server's allow-list sanitizer
 * (`platform/sanitize.ts`), so nothing that runs survives; titles, comments and file names are plain
 * text, stored as given and shown as text. Comments have one level of replies: a reply to a reply
 * is stored as a reply to its top-level comment.
 *
 * Rules: editing someone else's post or comment → 403 `FORBIDDEN` (teachers moderate instead: hide,
 * delete, lock, pin); pin, lock, hide by a student → 403; commenting on a locked post → 403
 * `POST_LOCKED`; an empty post (blank title or a body without text or image) → field error
 * `required`; a body over `POST_BODY_MAX` → field error `maxLength` (a request over the body limit
 * → 413). Pinned posts come first (newest pinned first), then by last activity.
 *
 * Unread: a post the user never opened is `unread`; `unreadComments` counts others' comments after
 * the user last opened it (`POST .../read`). New posts and comments arrive live on the real-time
 * channel (`DISCUSSION_EVENTS`). Mentions: a comment or post names people picked from
 * `GET .../participants` as `mentionIds` (their `@Name` is in the text); each mentioned participant
 * (not the author) gets a `mention` notification.
 */

export const POST_TITLE_MAX = 255;
/** Sanitized HTML of a post body. */
export const POST_BODY_MAX = 100_000;
export const COMMENT_BODY_MAX = 10_000;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORIES_MAX = 20;
export const POST_ATTACHMENTS_MAX = 5;
export const POSTS_PAGE = 20;
/** Top-level comments per page (each with all its replies). */
export const COMMENTS_PAGE = 50;
export const MENTIONS_MAX = 20;

export const COMMENT_SORTS = ['oldest', 'newest'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Base of a course's discussion routes. */
export const courseDiscussionsPath = (courseId: string) => `/api/courses/${courseId}/discussions`;
export const DISCUSSIONS_PATH = '/api/discussions';

/**
 * Categories: `GET /api/courses/:courseId/discussions/categories` (participants and readers),
 * `POST` `{ name }`, `PUT .../categories/:id` `{ name }`, `DELETE .../categories/:id` (teachers;
 * the category's posts keep no category). A course's first read creates three: General, Question,
 * Announcement (stored names; teachers rename). Names are unique per course (field error
 * `duplicateEntry`).
 */
export const categoryForm = z.object({ name: requiredText(CATEGORY_NAME_MAX) });
export const discussionCategory = z.object({ id: z.string(), name: z.string(), postCount: z.number() });
export type DiscussionCategory = z.infer<typeof discussionCategory>;

/** `GET` / `PUT /api/courses/:courseId/discussions/settings` (teachers) → the course's discussion settings. */
export const discussionSettings = z.object({ parentsRead: z.boolean({ error: V.required }) });
export type DiscussionSettings = z.infer<typeof discussionSettings>;

/**
 * A required plain text that may contain `<` and `>` ("x < 5"): titles and comments are stored as
 * given and always shown as text, never as markup (issue 18), so markup-looking text is not refused.
 */
const plainText = (max: number) => safeString({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.maxLength });

const mentionIds = z.array(z.uuid()).max(MENTIONS_MAX, { error: V.maxLength }).default([]);

/**
 * `POST /api/courses/:courseId/discussions` (participants) → 201 `PostDetails`;
 * `PUT /api/discussions/posts/:postId` (the author only) → `PostDetails`.
 * `attachmentIds`: uploads of `POST /api/courses/:courseId/discussions/attachments` (multipart, one
 * part `file`, checked by content like assignment files) → 201 `AttachmentRef`; unused removed
 * after a day.
 */
export const postForm = z.object({
  title: plainText(POST_TITLE_MAX),
  bodyHtml: safeString().max(POST_BODY_MAX, { error: V.maxLength }).default(''),
  categoryId: z.uuid({ error: V.invalidChoice }).nullable().default(null),
  attachmentIds: z.array(z.uuid()).max(POST_ATTACHMENTS_MAX, { error: V.maxLength }).default([]),
  mentionIds,
});
export type PostForm = z.input<typeof postForm>;

export const postRow = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  /** The body as plain text, at most 200 characters. */
  excerpt: z.string(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  author: personRef,
  pinned: z.boolean(),
  locked: z.boolean(),
  /** Hidden by a teacher: only teachers, administrators and the author still see it (marked). */
  hidden: z.boolean(),
  createdAt: z.string(),
  /** Set when the author edited it. */
  editedAt: z.string().nullable(),
  lastActivityAt: z.string(),
  commentCount: z.number(),
  unread: z.boolean(),
  unreadComments: z.number(),
  attachmentCount: z.number(),
});
export type PostRow = z.infer<typeof postRow>;

/** `GET /api/courses/:courseId/discussions?categoryId=&q=&cursor=&childId=` → a page of posts. */
export const postListQuery = z.object({
  categoryId: z.uuid().optional(),
  q: safeString().trim().max(100, { error: V.maxLength }).default(''),
  cursor: z.string().max(200).optional(),
  childId: z.uuid().optional(),
});
export const postPage = z.object({
  items: z.array(postRow),
  nextCursor: z.string().nullable(),
  /** May write posts and comments. */
  canPost: z.boolean(),
  /** May pin, lock, hide and delete anything, and manage categories and settings. */
  canModerate: z.boolean(),
});
export type PostPage = z.infer<typeof postPage>;

/** `GET /api/discussions/posts/:postId?childId=` → one post. */
export const postDetails = postRow.extend({
  bodyHtml: z.string(),
  attachments: z.array(attachmentRef),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canComment: z.boolean(),
  canModerate: z.boolean(),
});
export type PostDetails = z.infer<typeof postDetails>;

/**
 * Moderation (teachers and school administrators; else 403), each `{ on }` → `PostRow`:
 * `PUT /api/discussions/posts/:postId/pin`, `.../lock`, `.../hide`; and
 * `PUT /api/discussions/comments/:commentId/hide`. `DELETE /api/discussions/posts/:postId` and
 * `DELETE /api/discussions/comments/:commentId`: the author or a moderator → 204 (a deleted
 * comment with replies stays as "deleted" with its replies).
 * `POST /api/discussions/posts/:postId/read` → `{ unreadComments: 0 }`.
 */
export const moderationToggle = z.object({ on: z.boolean({ error: V.required }) });

const commentFields = z.object({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  author: personRef,
  /** Plain text (shown as text, line breaks kept); '' when deleted. */
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  hidden: z.boolean(),
  deleted: z.boolean(),
  unread: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
/** A reply: one level only, so its own `replies` is always empty (not a recursive schema: the OpenAPI document needs none). */
const replyRow = commentFields.extend({ replies: z.array(z.never()).max(0) });
export const commentRow = commentFields.extend({
  /** Replies, oldest first (top-level comments only; empty for replies). */
  replies: z.array(replyRow),
});
export type CommentRow = z.infer<typeof commentRow>;
/** A reply (a `CommentRow` whose `replies` is always empty). */
export type CommentReply = z.infer<typeof replyRow>;

/** `GET /api/discussions/posts/:postId/comments?sort=oldest|newest&cursor=&childId=`. */
export const commentListQuery = z.object({
  sort: z.enum(COMMENT_SORTS, { error: V.invalidChoice }).default('oldest'),
  cursor: z.string().max(200).optional(),
  childId: z.uuid().optional(),
});
export const commentPage = z.object({
  items: z.array(commentRow),
  nextCursor: z.string().nullable(),
  /** All comments and replies of the post. */
  total: z.number(),
});
export type CommentPage = Omit<z.infer<typeof commentPage>, 'items'> & { items: CommentRow[] };

/**
 * `POST /api/discussions/posts/:postId/comments` → 201 `CommentRow` (a repeat with the same
 * `clientId` answers the stored comment, 200); `PUT /api/discussions/comments/:commentId`
 * `{ body, mentionIds }` (the author only) → `CommentRow`.
 */
export const commentForm = z.object({
  body: plainText(COMMENT_BODY_MAX),
  parentId: z.uuid({ error: V.invalidChoice }).nullable().default(null),
  clientId: z.string().min(1).max(64).optional(),
  mentionIds,
});
export type CommentForm = z.input<typeof commentForm>;

/** `GET /api/courses/:courseId/discussions/participants?q=` → people to mention (name contains `q`, 20 at most). */
export const participantList = z.object({ items: z.array(personRef) });

/**
 * Real-time events to every participant and reader of the course (not the author's own request):
 * - `discussion.post` `{ courseId, post: PostRow }` (new, edited, pinned, locked, hidden);
 * - `discussion.post-deleted` `{ courseId, postId }`;
 * - `discussion.comment` `{ courseId, postId, comment: CommentRow, commentCount }` (new or edited);
 * - `discussion.comment-deleted` `{ courseId, postId, commentId, commentCount }`.
 * Rows are sent as the author would see them; a client re-reads `unread`/`can*` if it needs them.
 */
export const DISCUSSION_EVENTS = {
  post: 'discussion.post',
  postDeleted: 'discussion.post-deleted',
  comment: 'discussion.comment',
  commentDeleted: 'discussion.comment-deleted',
} as const;

/** `GET .../discussions/categories?childId=` → the course's categories by name (added with the API, issue 18). */
export const categoryList = z.object({ items: z.array(discussionCategory) });
/** The query of the reads that parents make too (`childId`: their child in the class). */
export const childQuery = z.object({ childId: z.uuid().optional() });
/** `GET .../discussions/participants?q=`. */
export const participantQuery = z.object({ q: safeString().trim().max(100, { error: V.maxLength }).default('') });
/** The multipart part of `POST .../discussions/attachments`. `PUT .../comments/:commentId/hide` answers the `CommentRow` as the moderator sees it. */
export const DISCUSSION_FILE_FIELD = 'file';

import { useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_EVENTS, type CommentRow, type PostRow } from '@klase/core/discussions/contracts';
import { useSession } from '../../lib/session-store.ts';
import { useRealtime, useRealtimeReconnect } from '../../lib/use-realtime.ts';
import { discussionKeys, type PostPages } from './discussions-api.ts';
import { dropComment, dropPost, patchPostRow, putComment, putPost } from './discussions-cache.ts';

interface PostEvent {
  courseId: string;
  post: PostRow;
}
interface PostDeletedEvent {
  courseId: string;
  postId: string;
}
interface CommentEvent {
  courseId: string;
  postId: string;
  comment: CommentRow;
  commentCount: number;
}
interface CommentDeletedEvent {
  courseId: string;
  postId: string;
  commentId: string;
  commentCount: number;
}

/** Whether this user moderates the course (as its loaded post lists say). */
const moderates = (client: ReturnType<typeof useQueryClient>, courseId: string) =>
  client.getQueriesData<PostPages>({ queryKey: [...discussionKeys.course(courseId), 'posts'] }).some(([, data]) => data?.pages[0]?.canModerate === true);

/**
 * New and changed posts and comments of the open course as they happen (`DISCUSSION_EVENTS`):
 * lists and threads change in place; someone else's new post is unread and their comments count
 * as unread on its row (not those on `openPostId`, the post on screen). After a dropped connection everything of the course is read again.
 */
export const useDiscussionsLive = (courseId: string, openPostId?: string) => {
  const client = useQueryClient();
  const myId = useSession((s) => s.profile?.id);
  useRealtime(DISCUSSION_EVENTS.post, (event) => {
    const { post } = event.data as PostEvent;
    if (post.courseId !== courseId) return;
    const known = client.getQueryData(discussionKeys.post(post.id)) !== undefined;
    const mine = post.author.id === myId;
    putPost(client, { ...post, unread: !mine && !known }, !post.hidden || mine || moderates(client, courseId));
  });
  useRealtime(DISCUSSION_EVENTS.postDeleted, (event) => {
    const data = event.data as PostDeletedEvent;
    if (data.courseId !== courseId) return;
    dropPost(client, courseId, data.postId);
    void client.invalidateQueries({ queryKey: discussionKeys.post(data.postId) });
  });
  useRealtime(DISCUSSION_EVENTS.comment, (event) => {
    const data = event.data as CommentEvent;
    if (data.courseId !== courseId) return;
    putComment(client, data.postId, data.comment, data.commentCount);
    // A comment on the post being read is seen at once: it adds to no unread count.
    const fromOther = data.comment.author.id !== myId && data.comment.editedAt === null && data.postId !== openPostId;
    patchPostRow(client, courseId, data.postId, (row) => ({
      commentCount: data.commentCount,
      unreadComments: row.unreadComments + (fromOther ? 1 : 0),
      lastActivityAt: data.comment.createdAt > row.lastActivityAt ? data.comment.createdAt : row.lastActivityAt,
    }));
  });
  useRealtime(DISCUSSION_EVENTS.commentDeleted, (event) => {
    const data = event.data as CommentDeletedEvent;
    if (data.courseId !== courseId) return;
    dropComment(client, data.postId, data.commentId, data.commentCount);
    patchPostRow(client, courseId, data.postId, () => ({ commentCount: data.commentCount }));
  });
  useRealtimeReconnect(() => void client.invalidateQueries({ queryKey: discussionKeys.all }));
};

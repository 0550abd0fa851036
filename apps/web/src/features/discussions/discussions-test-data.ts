import type { CommentRow, PostDetails, PostRow } from '@klase/core/discussions/contracts';

export const COURSE = 'c1';
export const person = (id: string, name: string, roleId = 5) => ({ id, name, roleId, photoUrl: null });
export const TEACHER = person('t1', 'Maria Santos', 3);
export const STUDENT = person('s1', 'Juan Cruz');

export const postRow = (over: Partial<PostRow> = {}): PostRow => ({
  id: 'p1',
  courseId: COURSE,
  title: 'Welcome to Science 7',
  excerpt: 'Say hello',
  category: { id: 'cat1', name: 'General' },
  author: TEACHER,
  pinned: false,
  locked: false,
  hidden: false,
  createdAt: '2026-03-01T01:00:00.000Z',
  editedAt: null,
  lastActivityAt: '2026-03-01T01:00:00.000Z',
  commentCount: 0,
  unread: false,
  unreadComments: 0,
  attachmentCount: 0,
  ...over,
});

export const postDetails = (over: Partial<PostDetails> = {}): PostDetails => ({
  ...postRow(over),
  bodyHtml: '<p>Say hello</p>',
  attachments: [],
  canEdit: false,
  canDelete: false,
  canComment: true,
  canModerate: false,
  ...over,
});

export const commentRow = (over: Partial<CommentRow> = {}): CommentRow => ({
  id: 'k1',
  postId: 'p1',
  parentId: null,
  author: STUDENT,
  body: 'Hello po',
  createdAt: '2026-03-01T02:00:00.000Z',
  editedAt: null,
  hidden: false,
  deleted: false,
  unread: false,
  canEdit: false,
  canDelete: false,
  replies: [],
  ...over,
});

import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { classStudents, classTeachers } from '../db/schema/classes.ts';
import { courses } from '../db/schema/courses.ts';
import { discussionCategories, discussionComments, discussionPosts, discussionReads, discussionSettings } from '../db/schema/discussions.ts';
import { users } from '../db/schema/users.ts';
import { richTextToPlain } from '../platform/sanitize.ts';

/**
 * The demo discussions (issue 18), added by `seedDemo` after the courses: in every class course a
 * pinned welcome post by the class teacher and three student posts in the default categories,
 * with comments and replies over the last days. Parents may read (so parent1 sees them too); the
 * teacher has read everything, the first student has not opened the newest post.
 */

const HOUR = 3_600_000;

type Who = 'teacher' | 0 | 1 | 2;
type DemoComment = readonly [who: Who, body: string, replies?: readonly (readonly [Who, string])[]];
interface DemoPost {
  who: Who;
  category: 'General' | 'Question' | 'Announcement';
  title: string;
  bodyHtml: string;
  pinned?: boolean;
  comments: readonly DemoComment[];
}

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    who: 'teacher',
    category: 'Announcement',
    pinned: true,
    title: 'Welcome to our class discussions',
    bodyHtml:
      '<p>Magandang araw, class! Use this space to ask questions about our lessons, share what you found, and help one another.</p>' +
      '<ul><li>Post questions under <strong>Question</strong>.</li><li>Be kind and respectful, in English or Filipino.</li><li>Check the pinned posts for reminders.</li></ul>',
    comments: [[0, 'Thank you po, Ma’am! Excited na po kami.']],
  },
  {
    who: 0,
    category: 'Question',
    title: 'When is the first performance task due?',
    bodyHtml: '<p>Good morning po. Is the performance task due this Friday or next Monday? Some of us have the Buwan ng Wika program on Friday.</p>',
    comments: [
      ['teacher', 'It is due next Monday at 5:00 PM. Submit it on the course page so I can check it over the weekend.', [[1, 'Salamat po, Ma’am!']]],
      [2, 'May we work in pairs?', [['teacher', 'Yes, pairs are allowed. Write both of your names on the first page.']]],
    ],
  },
  {
    who: 1,
    category: 'General',
    title: 'A DepEd TV episode that helped me review',
    bodyHtml:
      '<p>I watched the DepEd TV episode on our first lesson last night. The examples with the <em>sari-sari store</em> made it easy to follow. Sharing in case it helps!</p>',
    comments: [['teacher', 'Thank you for sharing, Ana. Good resources like this help the whole class.']],
  },
  {
    who: 2,
    category: 'Question',
    title: 'Study group before the quarterly exam?',
    bodyHtml: '<p>Anyone want to review together at the school library on Wednesday after class? We can bring our notes from the first two weeks.</p>',
    comments: [[0, 'I’ll join! I can bring the summary tables we made.', [[1, 'Ako rin. See you at 3:30!']]]],
  },
];

const CATEGORY_NAMES = ['General', 'Question', 'Announcement'] as const;

/** Every class course with its first class teacher and first three students (by name). */
const demoCourses = async (tx: Db) => {
  const list = await tx.select({ id: courses.id, classId: courses.classId }).from(courses).where(isNotNull(courses.classId));
  const out: { courseId: string; teacherId: string; studentIds: string[] }[] = [];
  for (const c of list) {
    if (!c.classId) continue;
    const [teacher] = await tx
      .select({ id: users.id })
      .from(classTeachers)
      .innerJoin(users, eq(users.id, classTeachers.userId))
      .where(and(eq(classTeachers.classId, c.classId), eq(users.roleId, ROLE.teacher)))
      .orderBy(asc(users.username))
      .limit(1);
    const students = await tx
      .select({ id: users.id })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .where(eq(classStudents.classId, c.classId))
      .orderBy(asc(users.username))
      .limit(3);
    if (teacher) out.push({ courseId: c.id, teacherId: teacher.id, studentIds: students.map((s) => s.id) });
  }
  return out;
};

/** One post with its comments and replies, an hour apart; answers the post's id. */
const insertPost = async (tx: Db, p: DemoPost, ctx: { courseId: string; categoryId: string | null; idOf: (w: Who) => string; at: number }) => {
  const lines = p.comments.flatMap(([w, , replies]) => [w, ...(replies ?? []).map(([r]) => r)]);
  const [post] = await tx
    .insert(discussionPosts)
    .values({
      courseId: ctx.courseId,
      authorId: ctx.idOf(p.who),
      categoryId: ctx.categoryId,
      title: p.title,
      bodyHtml: p.bodyHtml,
      bodyText: richTextToPlain(p.bodyHtml),
      pinned: p.pinned ?? false,
      commentCount: lines.length,
      createdAt: new Date(ctx.at),
      lastActivityAt: new Date(ctx.at + lines.length * HOUR),
    })
    .returning({ id: discussionPosts.id });
  if (!post) throw new Error('seed: post not created');
  let n = 0;
  for (const [who, body, replies] of p.comments) {
    n += 1;
    const values = { postId: post.id, authorId: ctx.idOf(who), body, createdAt: new Date(ctx.at + n * HOUR) };
    const [top] = await tx.insert(discussionComments).values(values).returning({ id: discussionComments.id });
    for (const [rw, rb] of replies ?? []) {
      n += 1;
      await tx
        .insert(discussionComments)
        .values({ postId: post.id, parentId: top?.id, authorId: ctx.idOf(rw), body: rb, createdAt: new Date(ctx.at + n * HOUR) });
    }
  }
  return post.id;
};

export const seedDemoDiscussions = async (tx: Db, now = Date.now()): Promise<void> => {
  for (const c of await demoCourses(tx)) {
    await tx.insert(discussionSettings).values({ courseId: c.courseId, parentsRead: true, categoriesMade: true });
    const cats = await tx
      .insert(discussionCategories)
      .values(CATEGORY_NAMES.map((name) => ({ courseId: c.courseId, name })))
      .returning();
    const idOf = (w: Who): string => (w === 'teacher' ? c.teacherId : (c.studentIds[w] ?? c.teacherId));
    const postIds: string[] = [];
    for (const [i, p] of DEMO_POSTS.entries()) {
      if (p.who !== 'teacher' && c.studentIds[p.who] === undefined) continue;
      const categoryId = cats.find((x) => x.name === p.category)?.id ?? null;
      postIds.push(await insertPost(tx, p, { courseId: c.courseId, categoryId, idOf, at: now - (DEMO_POSTS.length - i) * 24 * HOUR }));
    }
    const readers = [c.teacherId, ...c.studentIds.slice(1)];
    const firstReads = c.studentIds[0] ? postIds.slice(0, -1).map((postId) => ({ userId: c.studentIds[0] ?? '', postId, lastReadAt: new Date(now) })) : [];
    await tx
      .insert(discussionReads)
      .values([...readers.flatMap((userId) => postIds.map((postId) => ({ userId, postId, lastReadAt: new Date(now) }))), ...firstReads]);
  }
};

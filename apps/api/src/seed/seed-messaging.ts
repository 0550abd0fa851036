import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { classStudents, classTeachers, classes } from '../db/schema/classes.ts';
import { conversationMembers, conversations, messages } from '../db/schema/messaging.ts';
import { users } from '../db/schema/users.ts';

/**
 * The demo conversations (issue 16), added by `seedDemo` after the classes: teacher1 with student1
 * and with parent1, and the class conversation of teacher1's first class, a few messages each
 * over the last days. teacher1 and parent1 have read everything; student1 has unread messages.
 */

const MINUTE = 60_000;

type Line = readonly [sender: 'teacher1' | 'student1' | 'parent1' | 'student2', body: string];

export const DEMO_THREADS: readonly { kind: 'direct'; with: 'student1' | 'parent1'; lines: readonly Line[]; unreadForStudent: number }[] = [
  {
    kind: 'direct',
    with: 'student1',
    lines: [
      ['student1', 'Good morning, Ma’am Santos! May I ask about our science project?'],
      ['teacher1', 'Good morning, Jose. Of course, what would you like to know?'],
      ['student1', 'Can we use recycled materials for the cell model?'],
      ['teacher1', 'Yes, recycled materials are welcome. Label every organelle clearly.'],
      ['teacher1', 'Please submit your outline by Friday.'],
    ],
    unreadForStudent: 2,
  },
  {
    kind: 'direct',
    with: 'parent1',
    lines: [
      ['parent1', 'Magandang hapon po, Ma’am. Jose was absent yesterday because of a fever.'],
      ['teacher1', 'Thank you for letting me know, Mrs. Dela Cruz. I hope he feels better soon.'],
      ['teacher1', 'He can catch up on the lesson in the course page. No penalty for the missed seatwork.'],
      ['parent1', 'Maraming salamat po!'],
    ],
    unreadForStudent: 0,
  },
];

export const DEMO_CLASS_LINES: readonly Line[] = [
  ['teacher1', 'Good morning, class! Remember: our quiz on cells is on Monday.'],
  ['student2', 'Ma’am, will the quiz include the parts of the plant cell?'],
  ['teacher1', 'Yes, both plant and animal cells. Review pages 24 to 31.'],
];

const idsOf = async (tx: Db, usernames: readonly string[]): Promise<Map<string, string>> =>
  new Map(
    (
      await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.username, [...usernames]))
    ).map((u) => [u.username, u.id]),
  );

/** One conversation with its members and messages; `readUpTo` per member: how many of the lines they have read. */
const insertThread = async (
  tx: Db,
  values: typeof conversations.$inferInsert,
  memberIds: readonly string[],
  lines: readonly (readonly [string, string])[],
  readCount: (userId: string) => number,
  start: number,
): Promise<void> => {
  const last = new Date(start + lines.length * 7 * MINUTE);
  const [conv] = await tx
    .insert(conversations)
    .values({ ...values, createdAt: new Date(start), updatedAt: last })
    .returning();
  if (!conv) throw new Error('seed: conversation not created');
  const rows = await tx
    .insert(messages)
    .values(
      lines.map(([senderId, body], i) => ({
        conversationId: conv.id,
        senderId,
        clientId: randomUUID(),
        body,
        createdAt: new Date(start + (i + 1) * 7 * MINUTE),
      })),
    )
    .returning({ id: messages.id });
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await tx.insert(conversationMembers).values(memberIds.map((userId) => ({ conversationId: conv.id, userId, lastReadId: ids[readCount(userId) - 1] ?? 0 })));
};

export const seedDemoMessaging = async (tx: Db, schoolId: string, now = Date.now()): Promise<void> => {
  const id = await idsOf(tx, ['teacher1', 'student1', 'parent1', 'student2']);
  const need = (u: string): string => {
    const v = id.get(u);
    if (!v) throw new Error(`seed: ${u} missing`);
    return v;
  };
  const teacher = need('teacher1');
  const student = need('student1');
  const lineIds = (lines: readonly Line[]) => lines.map(([u, body]) => [need(u), body] as const);
  for (const [i, thread] of DEMO_THREADS.entries()) {
    const other = need(thread.with);
    const everyone = thread.lines.length;
    await insertThread(
      tx,
      { schoolId, kind: 'direct', key: `direct:${[teacher, other].sort().join(':')}`, createdBy: other },
      [teacher, other],
      lineIds(thread.lines),
      (u) => (u === student ? everyone - thread.unreadForStudent : everyone),
      now - (3 - i) * 24 * 60 * MINUTE,
    );
  }
  const [cls] = await tx
    .select({ id: classes.id })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(and(eq(classTeachers.userId, teacher), eq(classes.schoolId, schoolId)))
    .orderBy(asc(classTeachers.position), asc(classes.name))
    .limit(1);
  if (!cls) throw new Error('seed: teacher1 has no class');
  const teacherIds = (await tx.select({ id: classTeachers.userId }).from(classTeachers).where(eq(classTeachers.classId, cls.id))).map((r) => r.id);
  const studentIds = (await tx.select({ id: classStudents.studentId }).from(classStudents).where(eq(classStudents.classId, cls.id))).map((r) => r.id);
  const lines = lineIds(DEMO_CLASS_LINES);
  await insertThread(
    tx,
    { schoolId, kind: 'class', key: `class:${cls.id}`, classId: cls.id, createdBy: teacher },
    [...teacherIds, ...studentIds],
    lines,
    (u) => (u === student ? 1 : u === teacher || u === need('student2') ? lines.length : 0),
    now - 12 * 60 * MINUTE,
  );
};

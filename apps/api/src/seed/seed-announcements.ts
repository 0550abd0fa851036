import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { announcements } from '../db/schema/announcements.ts';
import { classTeachers, classes } from '../db/schema/classes.ts';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/users.ts';

/**
 * The demo announcements (issue 18), written after the classes and courses: a current one for
 * each demo class by its first teacher, one for a published course, one for the whole school by
 * each school's administrator, one scheduled (in three days) and one that has ended, so every demo
 * role sees some on the dashboard at once. The ones that have started count as already notified
 * (the demo notifications are seeded on their own), so the worker does not notify them again; the
 * scheduled one is notified by the worker when its start comes.
 */

const DAY = 86_400_000;
type Row = typeof announcements.$inferInsert;

const NOTES: Record<string, { title: string; body: string }> = {
  'Grade 7 - Sampaguita': { title: 'Science fair booths', body: '<p>Booth sign-ups close on <strong>Friday</strong>. Talk to your group first.</p>' },
  'Grade 8 - Narra': { title: 'Bring a scientific calculator', body: '<p>We start statistics next week; please bring a scientific calculator.</p>' },
  'Grade 10 - Mabini': { title: 'Museum trip permission slips', body: '<p>Hand in the signed permission slip for the National Museum trip by Wednesday.</p>' },
  'Grade 5 - Masipag': { title: 'Spelling bee practice', body: '<p>Practice rounds every Thursday after class.</p>' },
};

/** Each demo school's announcement to everyone, by its administrator. */
const SCHOOL_NOTES: Record<string, { title: string; bodyHtml: string }> = {
  schooladmin: {
    title: 'Foundation Day celebration',
    bodyHtml: '<p>Classes end at noon on Foundation Day. Parents are welcome at the program in the gym.</p>',
  },
  schooladmin2: { title: 'Enrollment for the next school year', bodyHtml: '<p>Early enrollment opens at the registrar on Monday.</p>' },
};

export const seedDemoAnnouncements = async (db: Db, now = new Date()): Promise<void> => {
  const people = await db
    .select({ id: users.id, username: users.username, schoolId: users.schoolId })
    .from(users)
    .where(inArray(users.username, Object.keys(SCHOOL_NOTES)));
  const teachersOf = await db
    .select({ classId: classes.id, name: classes.name, schoolId: classes.schoolId, teacherId: classTeachers.userId, position: classTeachers.position })
    .from(classes)
    .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
    .orderBy(asc(classes.name), asc(classTeachers.position), asc(classTeachers.createdAt));
  const first = new Map<string, (typeof teachersOf)[number]>();
  for (const t of teachersOf) if (!first.has(t.classId)) first.set(t.classId, t);
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const rows: Row[] = [];
  const add = (r: Omit<Row, 'notifiedAt' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>) =>
    rows.push({
      ...r,
      notifiedAt: r.startsAt <= now ? r.startsAt : null,
      createdAt: r.startsAt < now ? r.startsAt : now,
      createdBy: r.authorId,
      updatedBy: r.authorId,
    });

  let age = 1;
  for (const c of first.values()) {
    const note = NOTES[c.name];
    if (!note) continue;
    add({ schoolId: c.schoolId, audience: 'class', classId: c.classId, authorId: c.teacherId, title: note.title, bodyHtml: note.body, startsAt: at(-age / 4) });
    age += 1;
  }
  const sampaguita = [...first.values()].find((c) => c.name === 'Grade 7 - Sampaguita');
  const [course] = sampaguita
    ? await db
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(and(eq(courses.classId, sampaguita.classId), eq(courses.published, true)))
        .orderBy(asc(courses.name))
        .limit(1)
    : [];
  if (sampaguita && course) {
    const base = { schoolId: sampaguita.schoolId, classId: sampaguita.classId, authorId: sampaguita.teacherId };
    add({
      ...base,
      audience: 'course',
      courseId: course.id,
      title: `New lesson in ${course.name}`,
      bodyHtml: '<p>The next lesson is open. Read it before Monday.</p>',
      startsAt: at(-0.1),
    });
    add({ ...base, audience: 'class', title: 'Quarterly exam schedule', bodyHtml: '<p>The exam schedule will be posted here.</p>', startsAt: at(3) });
  }
  const narra = [...first.values()].find((c) => c.name === 'Grade 8 - Narra');
  if (narra)
    add({
      schoolId: narra.schoolId,
      audience: 'class',
      classId: narra.classId,
      authorId: narra.teacherId,
      title: 'Make-up quiz this week',
      bodyHtml: '<p>The make-up quiz was on Tuesday.</p>',
      startsAt: at(-10),
      endsAt: at(-3),
    });
  for (const admin of people) {
    const note = SCHOOL_NOTES[admin.username];
    if (admin.schoolId && note) add({ schoolId: admin.schoolId, audience: 'school', authorId: admin.id, ...note, startsAt: at(-0.5), email: true });
  }
  if (rows.length > 0) await db.insert(announcements).values(rows);
};

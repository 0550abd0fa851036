import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { activityDays } from '../db/schema/activity.ts';
import { classStudents } from '../db/schema/classes.ts';
import { courseMaterials, courses } from '../db/schema/courses.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

/**
 * Demo activity (issue 21): three weeks of time on materials for the students of the demo classes
 * (daily rollup rows, as the activity worker leaves them) and their last system access, so the
 * reports and charts show something at once. Deterministic: the same rows (relative to the day the
 * seed runs) on every run, from a fixed pseudo-random sequence. Some students stay quiet: `student3`
 * stopped 12 days ago and `student6` never signed in, so the at-risk list has entries.
 */

export const ACTIVITY_DAYS_BACK = 21;
/** Students who stopped using Klase (days since their last access), and those who never signed in. */
const STOPPED: Record<string, number> = { student3: 12 };
const NEVER = new Set(['student6']);

/** A small deterministic generator (a linear congruential sequence), so every seed run writes the same pattern. */
const sequence = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
};

const DAY_MS = 86_400_000;
const dayText = (ms: number, timeZone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms));

export const seedDemoActivity = async (db: Db, now = Date.now()): Promise<number> => {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(activityDays);
  if ((existing?.n ?? 0) > 0) return 0;
  const enrolled = await db
    .select({ studentId: classStudents.studentId, classId: classStudents.classId, username: users.username, timeZone: schools.timeZone })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.roleId, ROLE.student))
    .orderBy(asc(users.username), asc(classStudents.classId));
  if (enrolled.length === 0) return 0;
  const classIds = [...new Set(enrolled.map((e) => e.classId))];
  const materials = await db
    .select({ id: courseMaterials.id, classId: courses.classId, type: courseMaterials.type })
    .from(courseMaterials)
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .where(and(inArray(courses.classId, classIds), eq(courses.published, true), eq(courseMaterials.published, true)))
    .orderBy(asc(courses.name), asc(courseMaterials.position), asc(courseMaterials.id));
  const random = sequence(2026);
  const rows: (typeof activityDays.$inferInsert)[] = [];
  const lastAccess = new Map<string, number>();
  for (const e of enrolled) {
    if (NEVER.has(e.username)) continue;
    const own = materials.filter((m) => m.classId === e.classId);
    const quietDays = STOPPED[e.username] ?? 0;
    for (let back = ACTIVITY_DAYS_BACK; back >= Math.max(quietDays, 0); back--) {
      const at = now - back * DAY_MS;
      const weekday = new Date(at).getUTCDay();
      // Fewer sessions on weekends; about two school days in three otherwise.
      if (random() > (weekday === 0 || weekday === 6 ? 0.25 : 0.65)) continue;
      const picks = own.filter(() => random() < 0.35).slice(0, 3);
      for (const m of picks) {
        const seconds = 60 * (3 + Math.floor(random() * (m.type === 'quiz' || m.type === 'assignment' ? 35 : 20)));
        const lastAt = new Date(at - Math.floor(random() * 6 * 3_600_000));
        rows.push({ userId: e.studentId, materialId: m.id, day: dayText(lastAt.getTime(), e.timeZone), seconds, beats: Math.ceil(seconds / 30), lastAt });
        lastAccess.set(e.studentId, Math.max(lastAccess.get(e.studentId) ?? 0, lastAt.getTime()));
      }
    }
    if (!lastAccess.has(e.studentId)) lastAccess.set(e.studentId, now - (quietDays || 1) * DAY_MS);
  }
  // One row per user, material and day (a student in two classes never doubles a material: they are per class).
  const unique = new Map(rows.map((r) => [`${r.userId}|${r.materialId}|${r.day}`, r]));
  const list = [...unique.values()];
  for (let i = 0; i < list.length; i += 500) await db.insert(activityDays).values(list.slice(i, i + 500));
  for (const [userId, at] of lastAccess)
    await db
      .update(users)
      .set({ lastAccessAt: new Date(at) })
      .where(eq(users.id, userId));
  return list.length;
};

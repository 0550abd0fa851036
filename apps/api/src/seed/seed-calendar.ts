import { asc, eq, inArray } from 'drizzle-orm';
import { eventForm, type EventForm } from '@klase/core/calendar/contracts';
import type { Db } from '../db/client.ts';
import { calendarEventExceptions, calendarEvents } from '../db/schema/calendar.ts';
import { classTeachers, classes } from '../db/schema/classes.ts';
import { courses } from '../db/schema/courses.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';
import { seriesValues } from '../modules/calendar/events.service.ts';
import { occurrenceKeys } from '../modules/calendar/recurrence.ts';
import { addDays, floating, wallClockOf } from '../modules/calendar/zone.ts';

/**
 * The demo calendar (issue 17), added by `seedDemo` after the classes, dated from the current
 * month (school time) so the month view always shows it: per class a weekly homeroom meeting
 * (its second meeting moved to the Tuesday, its third cancelled), per class course a
 * consultation, per school Intramurals, and user events of teacher1 and student1.
 */

export const DEMO_HOMEROOM = 'Homeroom meeting';
export const DEMO_SCHOOL_EVENT = 'Intramurals';

/** The Monday on or before the first of the month of `today`. */
const firstMonday = (today: string): string => {
  const first = `${today.slice(0, 8)}01`;
  return addDays(first, -((floating(first).getUTCDay() + 6) % 7));
};

type Insert = typeof calendarEvents.$inferInsert;

const insertEvent = async (tx: Db, form: EventForm, place: Omit<Insert, keyof ReturnType<typeof seriesValues>>) => {
  const [row] = await tx
    .insert(calendarEvents)
    .values({ ...seriesValues(eventForm.parse(form)), ...place })
    .returning();
  if (!row) throw new Error('seed: calendar event not created');
  return row;
};

/** A weekly homeroom meeting of the class with one moved and one cancelled meeting. */
const seedClass = async (tx: Db, schoolId: string, classId: string, teacherId: string, monday: string): Promise<void> => {
  const form: EventForm = {
    title: DEMO_HOMEROOM,
    description: 'Attendance, announcements and class concerns.',
    location: 'Classroom',
    date: monday,
    time: '07:30',
    durationMinutes: 45,
    type: 'class',
    classId,
    repeat: 'weekly',
    count: 10,
  };
  const series = await insertEvent(tx, form, { schoolId, type: 'class', classId, createdBy: teacherId, updatedBy: teacherId });
  const [, second, third] = occurrenceKeys(
    { date: monday, time: '07:30', allDay: false, repeat: 'weekly', count: 10, until: null },
    monday,
    addDays(monday, 70),
  );
  if (!second || !third) return;
  const moved = { title: `${DEMO_HOMEROOM} (moved to Tuesday)`, description: form.description ?? '', location: 'Audio-visual room', meetingUrl: '' };
  await tx.insert(calendarEventExceptions).values([
    {
      eventId: series.id,
      occurrence: second,
      deleted: false,
      date: addDays(second.slice(0, 10), 1),
      time: '08:00',
      allDay: false,
      durationMinutes: 45,
      ...moved,
      createdBy: teacherId,
      updatedBy: teacherId,
    },
    { eventId: series.id, occurrence: third, deleted: true, createdBy: teacherId, updatedBy: teacherId },
  ]);
};

/** Seeds the demo calendar of every school: call once, after the demo classes and courses. */
export const seedDemoCalendar = async (tx: Db, now = new Date()): Promise<void> => {
  for (const school of await tx.select({ id: schools.id, timeZone: schools.timeZone }).from(schools)) {
    const today = wallClockOf(now, school.timeZone).slice(0, 10);
    const monthStart = `${today.slice(0, 8)}01`;
    const monday = firstMonday(today);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.schoolId, school.id)).orderBy(asc(users.roleId)).limit(1);
    const allDay = { allDay: true, time: null, durationMinutes: null } as const;
    await insertEvent(
      tx,
      {
        title: DEMO_SCHOOL_EVENT,
        description: 'Sports festival: classes are suspended.',
        location: 'School grounds',
        date: addDays(monthStart, 19),
        ...allDay,
        type: 'school',
      },
      { schoolId: school.id, type: 'school', createdBy: admin?.id ?? null },
    );
    const list = await tx
      .select({ id: classes.id, teacherId: classTeachers.userId })
      .from(classes)
      .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
      .where(eq(classes.schoolId, school.id))
      .orderBy(asc(classes.name), asc(classTeachers.position));
    const seen = new Set<string>();
    for (const c of list) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      await seedClass(tx, school.id, c.id, c.teacherId, monday);
      const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.classId, c.id)).orderBy(asc(courses.name)).limit(1);
      if (!course) continue;
      const consult: EventForm = {
        title: 'Consultation hours',
        description: 'Bring your questions about the lessons.',
        location: 'Faculty room',
        date: addDays(monthStart, 14),
        time: '14:00',
        durationMinutes: 60,
        type: 'course',
        courseId: course.id,
      };
      await insertEvent(tx, consult, {
        schoolId: school.id,
        type: 'course',
        classId: c.id,
        courseId: course.id,
        createdBy: c.teacherId,
        updatedBy: c.teacherId,
      });
    }
  }
  await seedUserEvents(tx, now);
};

const seedUserEvents = async (tx: Db, now: Date): Promise<void> => {
  const people = await tx
    .select({ id: users.id, username: users.username, schoolId: users.schoolId })
    .from(users)
    .where(inArray(users.username, ['teacher1', 'student1']));
  const byName = new Map(people.map((p) => [p.username, p]));
  const mine = (username: string) => byName.get(username);
  const teacher = mine('teacher1');
  const student = mine('student1');
  const today = wallClockOf(now, 'Asia/Manila').slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  if (teacher?.schoolId) {
    const form: EventForm = {
      title: 'Prepare quarterly grades',
      location: 'Faculty room',
      date: addDays(monthStart, 9),
      time: '15:00',
      durationMinutes: 90,
      type: 'user',
    };
    await insertEvent(tx, form, { schoolId: teacher.schoolId, type: 'user', ownerId: teacher.id, createdBy: teacher.id, updatedBy: teacher.id });
  }
  if (student?.schoolId) {
    const form: EventForm = {
      title: 'Study group at the library',
      date: addDays(firstMonday(today), 3),
      time: '16:00',
      durationMinutes: 60,
      type: 'user',
      repeat: 'weekly',
      count: 6,
    };
    await insertEvent(tx, form, { schoolId: student.schoolId, type: 'user', ownerId: student.id, createdBy: student.id, updatedBy: student.id });
  }
};

import { workState } from '@klase/core/assignments/contracts';
import type { CalendarOccurrence, CalendarRange } from '@klase/core/calendar/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { findChild, listChildren } from '../admin/users/users.service.ts';
import { dueBetween, dueCandidates } from '../dashboard/dashboard.service.ts';
import { exceptionsOf, schoolTimeZone, taughtClassIds, visibleEvents, type EventRecord, type ExceptionRecord, type Viewer } from './calendar.repo.ts';
import { byStart, dueItem, seriesOccurrences } from './occurrences.ts';
import { addDays, floating, instantOf, wallClockOf } from './zone.ts';

/** Reading the calendar (issue 17): whose events a request sees, expanded for a range. */

const STAFF: readonly number[] = [ROLE.teacher, ROLE.assistantTeacher];
const CONTEXT_TYPES: readonly string[] = ['class', 'course', 'group'];

export const schoolOf = (user: UserRow): string => {
  if (!user.schoolId) throw new DomainError('FORBIDDEN');
  return user.schoolId;
};

/** What one request reads: whose events, whose due dates, in which zone. */
export interface Reading {
  viewer: Viewer;
  /** Students whose due dates are shown (a student: themselves; a parent: the chosen child, or every child in the feed). */
  dueFor: string[];
  timeZone: string;
}

/**
 * The calendar a request reads. A parent with `childId` (theirs, else 404) reads what the child
 * sees without the child's own user events; `allChildren` (the feed) reads their own and every
 * child's. Others read their own.
 */
export const readingOf = async (ctx: Ctx, user: UserRow, childId: string | undefined, allChildren = false): Promise<Reading> => {
  const schoolId = schoolOf(user);
  const timeZone = await schoolTimeZone(ctx.db, schoolId);
  const own: Viewer = { schoolId, ownerId: user.id, studentIds: [], teacherId: null };
  if (user.roleId === ROLE.student) return { viewer: { ...own, studentIds: [user.id] }, dueFor: [user.id], timeZone };
  if (STAFF.includes(user.roleId)) return { viewer: { ...own, teacherId: user.id }, dueFor: [], timeZone };
  if (user.roleId !== ROLE.parent) return { viewer: own, dueFor: [], timeZone };
  if (allChildren) {
    const ids = (await listChildren(ctx.db, user.id)).filter((c) => c.roleId === ROLE.student).map((c) => c.id);
    return { viewer: { ...own, studentIds: ids }, dueFor: ids, timeZone };
  }
  if (!childId) return { viewer: own, dueFor: [], timeZone };
  const child = await findChild(ctx.db, user.id, childId);
  if (child?.user.roleId !== ROLE.student) throw new DomainError('NOT_FOUND');
  return { viewer: { schoolId, ownerId: null, studentIds: [child.user.id], teacherId: null }, dueFor: [child.user.id], timeZone };
};

/** Who may change an event: its creator, a teacher of its class (class, course, group events), a school administrator (school events). */
export const editorOf = async (ctx: Ctx, user: UserRow): Promise<(e: EventRecord) => boolean> => {
  const taught = new Set(STAFF.includes(user.roleId) ? await taughtClassIds(ctx.db, user.id) : []);
  return (e) =>
    e.schoolId === user.schoolId &&
    (e.createdBy === user.id ||
      (CONTEXT_TYPES.includes(e.type) && e.classId !== null && taught.has(e.classId)) ||
      (e.type === 'school' && user.roleId === ROLE.schoolAdmin));
};

/** The instant a school day starts. */
const dayStart = (date: string, timeZone: string): Date => instantOf(floating(date), timeZone);

/** Every occurrence (events and due dates) starting on a day in [from, to], by start. */
export const occurrencesIn = async (ctx: Ctx, user: UserRow, r: Reading, from: string, to: string, now = new Date()): Promise<CalendarOccurrence[]> => {
  const start = dayStart(from, r.timeZone);
  const end = dayStart(addDays(to, 1), r.timeZone);
  // The series and the due dates are read at the same time (on PostgreSQL: two connections).
  const [rows, canEdit, dues] = await Promise.all([
    visibleEvents(ctx.db, r.viewer, { from, to }),
    editorOf(ctx, user),
    Promise.all(r.dueFor.map((studentId) => dueBetween(ctx.db, studentId, start, end))),
  ]);
  const exceptions = new Map<string, ExceptionRecord[]>();
  for (const x of await exceptionsOf(
    ctx.db,
    rows.filter((v) => v.event.repeat !== 'never').map((v) => v.event.id),
  )) {
    exceptions.set(x.eventId, [...(exceptions.get(x.eventId) ?? []), x]);
  }
  const items = rows.flatMap((v) => seriesOccurrences(v, exceptions.get(v.event.id) ?? [], from, to, canEdit(v.event)));
  for (const due of dues.flat()) {
    const item = dueItem(due, r.timeZone, now);
    if (item) items.push(item);
  }
  return items.sort(byStart);
};

/** `GET /api/calendar/events`. */
export const calendarRange = async (ctx: Ctx, user: UserRow, q: { from: string; to: string; childId?: string }): Promise<CalendarRange> => {
  const r = await readingOf(ctx, user, q.childId);
  return { items: await occurrencesIn(ctx, user, r, q.from, q.to), timeZone: r.timeZone };
};

/** `GET /api/calendar/upcoming`: from now through the next `days` days, soonest first, at most `limit`. */
export const upcoming = async (ctx: Ctx, user: UserRow, q: { childId?: string; days: number; limit: number }, now = new Date()): Promise<CalendarRange> => {
  const r = await readingOf(ctx, user, q.childId);
  const nowWall = wallClockOf(now, r.timeZone);
  const today = nowWall.slice(0, 10);
  const items = (await occurrencesIn(ctx, user, r, today, addDays(today, q.days), now)).filter((i) => (i.allDay ? i.start >= today : i.start >= nowWall));
  return { items: items.slice(0, q.limit), timeZone: r.timeZone };
};

/** `GET /api/calendar/overdue`: a student's (a parent's chosen child's) work past due and not done, oldest first. */
export const overdue = async (ctx: Ctx, user: UserRow, q: { childId?: string }, now = new Date()): Promise<CalendarRange> => {
  const r = await readingOf(ctx, user, q.childId);
  const items: CalendarOccurrence[] = [];
  for (const studentId of r.dueFor) {
    for (const row of await dueCandidates(ctx.db, studentId, now, now)) {
      if (!row.dueAt || workState(row.work, row.dueAt, now) !== 'missing') continue;
      const item = dueItem(row, r.timeZone, now);
      if (item) items.push(item);
    }
  }
  return { items: items.sort(byStart), timeZone: r.timeZone };
};

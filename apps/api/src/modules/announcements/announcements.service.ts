import { fullName } from '@klase/core/admin/users';
import type { AnnouncementList, AnnouncementOptions, AnnouncementRow, announcementForm, announcementPage } from '@klase/core/announcements/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { z } from 'zod';
import { photoUrlOf } from '../../kernel/people.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  announceableClasses,
  childrenOf,
  classOfSchool,
  courseOfSchool,
  currentFor,
  deleteAnnouncement,
  findInSchool,
  insertAnnouncement,
  isParentOf,
  lockNextDue,
  managedPage,
  markAnnouncementRead,
  reachedById,
  readersOf,
  rowById,
  teaches,
  updateAnnouncement,
  type AnnouncementRecord,
  type FullRow,
  type ManageStatus,
  type Reach,
} from './announcements.repo.ts';

/** Announcements (issue 18): see `@klase/core/announcements/contracts` and docs/decisions/0049-announcements.md. */

type Form = z.output<typeof announcementForm>;
type Page = z.infer<typeof announcementPage>;

const PAGE = 20;
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([0-9a-f-]{36})$/;
const fieldError = (path: string, key: string) => new DomainError('VALIDATION', { fields: [{ path, key }] });
const isAdmin = (user: UserRow) => user.roleId === ROLE.schoolAdmin;
const schoolOf = (user: UserRow): string => {
  if (!user.schoolId) throw new DomainError('NOT_FOUND');
  return user.schoolId;
};

const statusOf = (a: AnnouncementRecord, now: Date): AnnouncementRow['status'] => {
  if (a.startsAt > now) return 'scheduled';
  if (a.endsAt && a.endsAt <= now) return 'ended';
  return 'current';
};

const audienceName = (r: FullRow): string => {
  if (r.a.audience === 'school') return r.schoolName;
  if (r.a.audience === 'course') return `${r.courseName ?? ''} · ${r.className ?? ''}`;
  return r.className ?? '';
};

const toRow = (r: FullRow, user: UserRow, now: Date): AnnouncementRow => ({
  id: r.a.id,
  title: r.a.title,
  bodyHtml: r.a.bodyHtml,
  audience: r.a.audience,
  classId: r.a.classId,
  courseId: r.a.courseId,
  audienceName: audienceName(r),
  author: { id: r.author.id, name: fullName(r.author), roleId: r.author.roleId, photoUrl: photoUrlOf(r.author) },
  startsAt: r.a.startsAt.toISOString(),
  endsAt: r.a.endsAt?.toISOString() ?? null,
  email: r.a.email,
  createdAt: r.a.createdAt.toISOString(),
  updatedAt: r.a.updatedAt.toISOString(),
  status: statusOf(r.a, now),
  read: r.read,
  canEdit: isAdmin(user) || r.a.authorId === user.id,
});

/**
 * Where the form announces to, checked: `school` by a school administrator only (403); a class or
 * course of the caller's school that a teacher teaches (anything else 404); not an archived class.
 */
const targetOf = async (db: Db, user: UserRow, f: Form): Promise<{ classId: string | null; courseId: string | null }> => {
  const schoolId = schoolOf(user);
  if (f.audience === 'school') {
    if (!isAdmin(user)) throw new DomainError('FORBIDDEN');
    return { classId: null, courseId: null };
  }
  const found =
    f.audience === 'class'
      ? await classOfSchool(db, schoolId, f.classId ?? '').then((c) => c && { classId: c.id, courseId: null, archivedAt: c.archivedAt })
      : await courseOfSchool(db, schoolId, f.courseId ?? '').then((c) => c && { classId: c.classId, courseId: c.id, archivedAt: c.archivedAt });
  if (!found || (!isAdmin(user) && !(await teaches(db, user.id, found.classId)))) throw new DomainError('NOT_FOUND');
  if (found.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  return { classId: found.classId, courseId: found.courseId };
};

/** The stored values of a form: body sanitized, start now when empty (an edit keeps a start that has come). */
const valuesOf = (f: Form, now: Date, kept: AnnouncementRecord | null) => {
  const endsAt = f.endsAt ? new Date(f.endsAt) : null;
  // To the minute: the form shows minutes, so an unchanged end comes back without its seconds.
  const minute = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 60_000) : null);
  const endChanged = minute(endsAt) !== minute(kept?.endsAt);
  if (endsAt && endChanged && endsAt <= now) throw fieldError('endsAt', 'invalidChoice');
  const startsAt = f.startsAt ? new Date(f.startsAt) : kept && kept.startsAt <= now ? kept.startsAt : now;
  if (endsAt && endsAt <= startsAt) throw fieldError('endsAt', 'afterOpen');
  return { title: f.title, bodyHtml: sanitizeRichText(f.bodyHtml), startsAt, endsAt, email: f.email };
};

/** Tells every reader except the author, once, if its start has come (in the caller's transaction). */
const noticeIfStarted = async (tx: Db, ctx: Ctx, a: AnnouncementRecord, now: Date): Promise<void> => {
  if (a.notifiedAt || a.startsAt > now || (a.endsAt && a.endsAt <= now)) return;
  await updateAnnouncement(tx, a.id, { notifiedAt: now });
  const row = await rowById(tx, a.id, a.authorId);
  if (!row) return;
  const readers = (await readersOf(tx, a)).filter((id) => id !== a.authorId);
  await notify(tx, ctx, {
    userIds: readers,
    schoolId: a.schoolId,
    type: 'announcement',
    params: { title: a.title, className: audienceName(row) },
    link: '/dashboard',
    actorId: a.authorId,
    mail: a.email,
    now,
  });
};

const answerRow = async (db: Db, user: UserRow, id: string, now: Date): Promise<AnnouncementRow> => {
  const row = await rowById(db, id, user.id);
  if (!row) throw new DomainError('NOT_FOUND');
  return toRow(row, user, now);
};

export const createAnnouncement = async (ctx: Ctx, user: UserRow, f: Form, now = new Date()): Promise<AnnouncementRow> => {
  const target = await targetOf(ctx.db, user, f);
  const values = valuesOf(f, now, null);
  const made = await ctx.db.transaction(async (tx) => {
    const a = await insertAnnouncement(tx, {
      ...values,
      ...target,
      audience: f.audience,
      schoolId: schoolOf(user),
      authorId: user.id,
      createdBy: user.id,
      updatedBy: user.id,
    });
    await noticeIfStarted(tx, ctx, a, now);
    return a;
  });
  return answerRow(ctx.db, user, made.id, now);
};

/** The announcement the caller may change: of their school (else 404), theirs or they administer the school (else 403). */
const editable = async (db: Db, user: UserRow, id: string): Promise<AnnouncementRecord> => {
  const a = await findInSchool(db, schoolOf(user), id);
  if (!a) throw new DomainError('NOT_FOUND');
  if (!isAdmin(user) && a.authorId !== user.id) throw new DomainError('FORBIDDEN');
  return a;
};

export const updateAnnouncementOf = async (ctx: Ctx, user: UserRow, id: string, f: Form, now = new Date()): Promise<AnnouncementRow> => {
  const kept = await editable(ctx.db, user, id);
  const target = await targetOf(ctx.db, user, f);
  const values = valuesOf(f, now, kept);
  await ctx.db.transaction(async (tx) => {
    const a = await updateAnnouncement(tx, id, { ...values, ...target, audience: f.audience, updatedBy: user.id });
    await noticeIfStarted(tx, ctx, a, now);
  });
  return answerRow(ctx.db, user, id, now);
};

export const deleteAnnouncementOf = async (ctx: Ctx, user: UserRow, id: string): Promise<void> => {
  await editable(ctx.db, user, id);
  await deleteAnnouncement(ctx.db, id);
};

/** The announcements the caller manages: a teacher's own, a school administrator's whole school. */
export const listManaged = async (ctx: Ctx, user: UserRow, q: { status: ManageStatus; cursor?: string }, now = new Date()): Promise<Page> => {
  const m = q.cursor === undefined ? null : CURSOR.exec(q.cursor);
  if (q.cursor !== undefined && !m) throw fieldError('cursor', 'invalidChoice');
  const after = m ? { at: new Date(m[1] ?? ''), id: m[2] ?? '' } : null;
  const rows = await managedPage(ctx.db, {
    schoolId: schoolOf(user),
    authorId: isAdmin(user) ? null : user.id,
    readerId: user.id,
    status: q.status,
    now,
    after,
    limit: PAGE + 1,
  });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toRow(r, user, now)),
    nextCursor: rows.length > PAGE && last ? `${last.a.startsAt.toISOString()}|${last.a.id}` : null,
  };
};

/** What the reader reaches: a parent with `childId` that child's classes (not their child: 404), without it all their children's. */
const reachOf = async (db: Db, user: UserRow, childId: string | undefined): Promise<Reach> => {
  if (user.roleId === ROLE.parent) {
    if (childId === undefined) return { kind: 'students', ids: await childrenOf(db, user.id) };
    if (!(await isParentOf(db, user.id, childId))) throw new DomainError('NOT_FOUND');
    return { kind: 'students', ids: [childId] };
  }
  if (user.roleId === ROLE.student) return { kind: 'students', ids: [user.id] };
  if (user.roleId === ROLE.teacher || user.roleId === ROLE.assistantTeacher) return { kind: 'teacher', userId: user.id };
  return { kind: 'school' };
};

export const currentAnnouncements = async (ctx: Ctx, user: UserRow, q: { childId?: string; limit: number }, now = new Date()): Promise<AnnouncementList> => {
  const reach = await reachOf(ctx.db, user, q.childId);
  const found = await currentFor(ctx.db, user.id, schoolOf(user), reach, now, q.limit);
  return { items: found.items.map((r) => toRow(r, user, now)), unread: found.unread };
};

/** Marks one the reader reaches as read (anything else 404). */
export const readAnnouncement = async (ctx: Ctx, user: UserRow, id: string): Promise<void> => {
  if (!(await reachedById(ctx.db, id, schoolOf(user), await reachOf(ctx.db, user, undefined)))) throw new DomainError('NOT_FOUND');
  await markAnnouncementRead(ctx.db, user.id, id);
};

export const announcementOptionsFor = async (ctx: Ctx, user: UserRow): Promise<AnnouncementOptions> => {
  const found = await announceableClasses(ctx.db, schoolOf(user), isAdmin(user) ? null : user.id);
  const names = new Map(found.classes.map((c) => [c.id, c.name]));
  return {
    audiences: isAdmin(user) ? ['class', 'course', 'school'] : ['class', 'course'],
    classes: found.classes,
    courses: found.courses.map((c) => ({ id: c.id, name: `${c.name} · ${names.get(c.classId) ?? ''}`, classId: c.classId })),
  };
};

/** The worker's part: tells the readers of every announcement whose start has come, each in a transaction of its own. */
export const startDueAnnouncements = async (ctx: Ctx, now: Date): Promise<number> => {
  let done = 0;
  for (;;) {
    const found = await ctx.db.transaction(async (tx) => {
      const a = await lockNextDue(tx, now);
      if (a) await noticeIfStarted(tx, ctx, a, now);
      return a !== null;
    });
    if (!found) return done;
    done += 1;
  }
};

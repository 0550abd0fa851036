import { fullName } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationRow,
  type NotificationSettings,
  type NotificationType,
} from '@klase/core/notifications/contracts';
import { ROLE } from '@klase/core/roles';
import { photoUrlOf } from '../../kernel/people.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import { userLocale } from '../../platform/locale.ts';
import { publish, type RealtimeMessage } from '../../platform/realtime/bus.ts';
import type { OutgoingMail } from '../../platform/mail.ts';
import type { UserRow } from '../../platform/rows.ts';
import { renderNotificationMail } from './notification-mail.ts';
import {
  actorOf,
  classWithTeachers,
  materialAudience,
  insertNotification,
  insertNotifications,
  lockUnreadByKey,
  markAllRead,
  markRead,
  pageOf,
  parentsOf,
  recipientsOf,
  saveSettings,
  storedSettings,
  unreadCount,
  unreadCounts,
  updateNotification,
  type NewNotification,
  type NotificationRecord,
  type Recipient,
  type PageRow,
} from './notifications.repo.ts';
import { quietHoursEnd } from './schedule.ts';
import { classLink, classStudentsLink, gradeLink, materialLink } from './links.ts';

/**
 * Notifications (issue 16): the producer API other modules call in their own transaction
 * (`notify`), and the user's list, read state and settings. See docs/decisions/0041-notifications.md.
 */

/** Mail on by default for these types; `message` is in-app only here (its mail belongs to messaging). */
const EMAIL_DEFAULT: ReadonlySet<NotificationType> = new Set(['grade', 'submissionReturned', 'dueSoon', 'announcement', 'childGrade']);
const IN_APP_ONLY: ReadonlySet<NotificationType> = new Set(['message']);

export const defaultSettings = (): NotificationSettings => ({
  types: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { inApp: true, email: EMAIL_DEFAULT.has(t) }])) as NotificationSettings['types'],
  digest: 'off',
  quietHours: { enabled: true, from: '21:00', to: '06:00' },
});

/** Stored settings over the defaults (a type added later gets its default). */
export const settingsOf = (stored: NotificationSettings | undefined): NotificationSettings => {
  const d = defaultSettings();
  if (!stored) return d;
  return { ...d, ...stored, types: { ...d.types, ...stored.types } };
};

export interface NotifyInput {
  userIds: readonly string[];
  /** The school of the change: recipients of another school are skipped. */
  schoolId: string;
  type: NotificationType;
  params: Record<string, string | number>;
  /** The item's hash route (`/classes/...`). */
  link: string;
  actorId?: string | null;
  /** One unread notification per (user, key): a second one updates it (`message:<conversationId>`). */
  key?: string;
  /** The clock (tests). */
  now?: Date;
}

/** What `notify` needs of the app context (mails). */
export type NotifyCtx = Pick<Ctx, 'mailer' | 'config'>;
type MailCtx = NotifyCtx;

const toRow = (n: NotificationRecord, actor: PageRow['actor'] | null): NotificationRow => ({
  id: n.id,
  type: n.type as NotificationType,
  params: n.params,
  link: n.link,
  actor: actor ? { id: actor.id, name: fullName(actor), photoUrl: photoUrlOf(actor) } : null,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

/** Stores (or, with a key, refreshes) the recipient's notification. */
const storeFor = async (tx: Db, userId: string, schoolId: string, input: NotifyInput, now: Date, digest: boolean): Promise<NotificationRecord> => {
  const values = {
    type: input.type,
    params: input.params,
    link: input.link,
    actorId: input.actorId ?? null,
    createdAt: now,
    digestState: digest ? ('pending' as const) : null,
  };
  const existing = input.key ? await lockUnreadByKey(tx, userId, input.key) : null;
  if (existing) return updateNotification(tx, existing.id, values);
  return insertNotification(tx, { ...values, userId, schoolId, key: input.key ?? null });
};

/** What a recipient's settings decide for one notification (`mailWanted`: the producer wants a mail at all). */
const choiceOf = (r: Recipient, stored: NotificationSettings | undefined, type: NotificationType, mailWanted: boolean) => {
  const s = settingsOf(stored);
  const pref = s.types[type];
  const email = mailWanted && pref.email && !IN_APP_ONLY.has(type) && r.email !== null;
  const digest = email && pref.inApp && r.roleId === ROLE.parent && s.digest !== 'off';
  return { s, pref, email, digest };
};

/** The recipient's mail of a notification, in their language, held until their quiet hours end. */
const mailOf = (ctx: MailCtx, r: Recipient, to: string, s: NotificationSettings, input: NotifyInput, now: Date): OutgoingMail => ({
  schoolId: r.schoolId,
  to,
  ...renderNotificationMail(userLocale(r.language, undefined), r.firstName, ctx.config.appUrl, input),
  sendAfter: quietHoursEnd(now, s.quietHours) ?? undefined,
});

/**
 * Notifies users of something that happened, in the caller's transaction: each recipient's
 * settings decide (in-app off: no row; email on: a mail in their language, after their quiet
 * hours, or collected for a parent's digest), and each gets `notification.new` with their unread
 * count. Recipients outside `schoolId`, inactive ones and duplicates are skipped. Answers the ids
 * of the users who got an in-app notification.
 */
export const notify = async (tx: Db, ctx: MailCtx, input: NotifyInput): Promise<string[]> => {
  const now = input.now ?? new Date();
  const recipients = (await recipientsOf(tx, [...new Set(input.userIds)])).filter((r) => r.schoolId === input.schoolId && r.active);
  const settings = await storedSettings(
    tx,
    recipients.map((r) => r.id),
  );
  const notified: string[] = [];
  if (recipients.length === 0) return [];
  const actor = input.actorId ? await actorOf(tx, input.actorId) : null;
  // One publish for every recipient (all locked at once, in one order: see `publish`).
  const events: RealtimeMessage[] = [];
  for (const r of recipients) {
    const { s, pref, email, digest } = choiceOf(r, settings.get(r.id), input.type, true);
    if (pref.inApp) {
      const row = await storeFor(tx, r.id, input.schoolId, input, now, digest);
      notified.push(r.id);
      events.push({ userIds: [r.id], type: NOTIFICATION_EVENTS.new, data: { notification: toRow(row, actor), unread: await unreadCount(tx, r.id) } });
    }
    if (email && !digest && r.email) {
      await ctx.mailer.enqueue(tx, mailOf(ctx, r, r.email, s, input, now));
    }
  }
  await publish(tx, events);
  return notified;
};

/** Rows per statement of `notifyMany` (mails, real-time events). */
const SLICE = 1_000;

/**
 * `notify` for many recipients of one thing at once (an announcement to a whole school): the same
 * rules, but multi-row inserts of the rows, the mails and the real-time events (1,000 a statement)
 * and one count query, so a school of thousands costs a few statements. No `key`. `mail: false`: in-app only, whatever the settings.
 */
export const notifyMany = async (tx: Db, ctx: MailCtx, input: Omit<NotifyInput, 'key'> & { mail: boolean }): Promise<string[]> => {
  const now = input.now ?? new Date();
  const recipients = (await recipientsOf(tx, [...new Set(input.userIds)])).filter((r) => r.schoolId === input.schoolId && r.active);
  if (recipients.length === 0) return [];
  const settings = await storedSettings(
    tx,
    recipients.map((r) => r.id),
  );
  const rows: NewNotification[] = [];
  const mails: OutgoingMail[] = [];
  for (const r of recipients) {
    const { s, pref, email, digest } = choiceOf(r, settings.get(r.id), input.type, input.mail);
    const base = { type: input.type, params: input.params, link: input.link, actorId: input.actorId ?? null, createdAt: now };
    if (pref.inApp) rows.push({ ...base, userId: r.id, schoolId: input.schoolId, digestState: digest ? 'pending' : null });
    if (email && !digest && r.email) {
      mails.push(mailOf(ctx, r, r.email, s, input, now));
    }
  }
  const made = await insertNotifications(tx, rows);
  // In slices, so a school of many thousands stays under PostgreSQL's limit of parameters per statement.
  for (let i = 0; i < mails.length; i += SLICE) await ctx.mailer.enqueueMany(tx, mails.slice(i, i + SLICE));
  const counts = await unreadCounts(
    tx,
    made.map((n) => n.userId),
  );
  const actor = input.actorId ? await actorOf(tx, input.actorId) : null;
  const events = made
    .map((n) => ({ userIds: [n.userId], type: NOTIFICATION_EVENTS.new, data: { notification: toRow(n, actor), unread: counts.get(n.userId) ?? 0 } }))
    .sort((a, b) => (a.userIds[0] ?? '').localeCompare(b.userIds[0] ?? ''));
  // Slices in ascending user order: each locks its recipients after the previous ones, so the lock
  // order stays the one `publish` keeps (no deadlock), and no statement outgrows the parameter limit.
  for (let i = 0; i < events.length; i += SLICE) await publish(tx, events.slice(i, i + SLICE));
  return made.map((n) => n.userId);
};

/** `notify` for a student's grade: `grade` to the student and `childGrade` to each linked parent. */
export const notifyGrade = async (
  tx: Db,
  ctx: MailCtx,
  g: { schoolId: string; studentId: string; itemName: string; courseName: string; grade: string | number; link: string; actorId: string; now?: Date },
): Promise<void> => {
  const base = { schoolId: g.schoolId, link: g.link, actorId: g.actorId, now: g.now };
  await notify(tx, ctx, { ...base, userIds: [g.studentId], type: 'grade', params: { itemName: g.itemName, courseName: g.courseName, grade: g.grade } });
  const parents = await parentsOf(tx, g.studentId);
  const student = parents.length > 0 ? await actorOf(tx, g.studentId) : null;
  if (!student) return;
  await notify(tx, ctx, {
    ...base,
    userIds: parents,
    type: 'childGrade',
    params: { childName: fullName(student), itemName: g.itemName, courseName: g.courseName, grade: g.grade },
  });
};

/** `materialPublished` to the students the material is assigned to (nobody when they cannot see it yet). */
export const notifyMaterialPublished = async (tx: Db, ctx: MailCtx, materialId: string, actorId: string): Promise<void> => {
  const m = await materialAudience(tx, materialId);
  if (!m) return;
  await notify(tx, ctx, {
    userIds: m.studentIds,
    schoolId: m.schoolId,
    type: 'materialPublished',
    params: { materialName: m.materialName, courseName: m.courseName },
    link: materialLink(m),
    actorId,
  });
};

/** `classJoined` to the student who joined and to the class's teachers. */
export const notifyClassJoined = async (tx: Db, ctx: MailCtx, classId: string, studentId: string): Promise<void> => {
  const cls = await classWithTeachers(tx, classId);
  const student = await actorOf(tx, studentId);
  if (!cls || !student) return;
  const base = { schoolId: cls.schoolId, type: 'classJoined' as const, actorId: studentId };
  await notify(tx, ctx, { ...base, userIds: [studentId], params: { className: cls.name }, link: classLink(classId) });
  await notify(tx, ctx, {
    ...base,
    userIds: cls.teacherIds,
    params: { studentName: fullName(student), className: cls.name },
    link: classStudentsLink(classId),
  });
};

// ---------------------------------------------------------------------------------------------
// The user's own notifications

const PAGE = 30;
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([0-9a-f-]{36})$/;

const parseCursor = (cursor: string | undefined): { at: Date; id: string } | null => {
  if (cursor === undefined) return null;
  const m = CURSOR.exec(cursor);
  const at = m ? new Date(m[1] ?? '') : null;
  if (!m || !at || Number.isNaN(at.getTime())) throw new DomainError('VALIDATION', { fields: [{ path: 'cursor', key: 'invalidChoice' }] });
  return { at, id: m[2] ?? '' };
};

export const listNotifications = async (ctx: Ctx, user: UserRow, q: { filter: 'all' | 'unread'; cursor?: string }): Promise<NotificationPage> => {
  const rows = await pageOf(ctx.db, user.id, { unread: q.filter === 'unread', after: parseCursor(q.cursor), limit: PAGE + 1 });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toRow(r.n, r.actor)),
    nextCursor: rows.length > PAGE && last ? `${last.n.createdAt.toISOString()}|${last.n.id}` : null,
    unread: await unreadCount(ctx.db, user.id),
  };
};

export const countUnread = async (ctx: Ctx, user: UserRow): Promise<{ count: number }> => ({ count: await unreadCount(ctx.db, user.id) });

/** Marks one of the user's notifications read (another's: 404) and tells the user's other tabs. */
export const readOne = async (ctx: Ctx, user: UserRow, id: string): Promise<{ unread: number }> =>
  ctx.db.transaction(async (tx) => {
    if (!(await markRead(tx, user.id, id))) throw new DomainError('NOT_FOUND');
    const unread = await unreadCount(tx, user.id);
    await publish(tx, { userIds: [user.id], type: NOTIFICATION_EVENTS.read, data: { ids: [id], unread } });
    return { unread };
  });

export const readAll = async (ctx: Ctx, user: UserRow): Promise<{ unread: number }> =>
  ctx.db.transaction(async (tx) => {
    await markAllRead(tx, user.id);
    await publish(tx, { userIds: [user.id], type: NOTIFICATION_EVENTS.read, data: { ids: 'all', unread: 0 } });
    return { unread: 0 };
  });

export const getSettings = async (ctx: Ctx, user: UserRow): Promise<NotificationSettings> => settingsOf((await storedSettings(ctx.db, [user.id])).get(user.id));

/** Saves the user's settings: a digest is for parents only (400 for others); `message` mail stays off here. */
export const putSettings = async (ctx: Ctx, user: UserRow, v: NotificationSettings): Promise<NotificationSettings> => {
  if (v.digest !== 'off' && user.roleId !== ROLE.parent) throw new DomainError('VALIDATION', { fields: [{ path: 'digest', key: 'invalidChoice' }] });
  const next = settingsOf(v);
  for (const t of IN_APP_ONLY) next.types[t] = { ...next.types[t], email: false };
  await saveSettings(ctx.db, user.id, next);
  return next;
};

/** The hash routes notifications link to, for producers in other modules. */
export { gradeLink, materialLink };

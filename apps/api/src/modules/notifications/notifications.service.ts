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
  markAllRead,
  markRead,
  pageOf,
  parentsOf,
  recipientsWithSettings,
  saveSettings,
  storedSettings,
  storeNotifications,
  unreadCount,
  type NewNotification,
  type NotificationRecord,
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
  /** The actor's row when the caller has it already (saves reading it again). */
  actor?: ActorFields;
  /** One unread notification per (user, key): a second one updates it (`message:<conversationId>`). */
  key?: string;
  /** The clock (tests). */
  now?: Date;
  /** False: in-app only, whatever the settings (an announcement without "also by email"). */
  mail?: boolean;
  /** The rows of `userIds` as `readRecipients` answers them, when the caller read them before its transaction. */
  recipients?: NotifyRecipients;
}

/**
 * The recipients' rows with their settings, as `prepareNotify` reads them. A caller may read them
 * before its transaction, at once with its other reads, and pass them in `recipients` (one
 * statement less in the transaction: the message send).
 */
export const readRecipients = (db: Db, userIds: readonly string[]) => recipientsWithSettings(db, [...new Set(userIds)]);
export type NotifyRecipients = Awaited<ReturnType<typeof readRecipients>>;

/** Mails and real-time events per statement, so a school of thousands stays under the parameter limit. */
const SLICE = 1_000;

/** What `notify` needs of the app context (mails). */
export type NotifyCtx = Pick<Ctx, 'mailer' | 'config'>;
type MailCtx = NotifyCtx;

type ActorFields = Pick<UserRow, 'id' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'photoKey' | 'photoVersion'>;

const toRow = (n: NotificationRecord, actor: ActorFields | PageRow['actor'] | null): NotificationRow => ({
  id: n.id,
  type: n.type as NotificationType,
  params: n.params,
  link: n.link,
  actor: actor ? { id: actor.id, name: fullName(actor), photoUrl: photoUrlOf(actor) } : null,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

/**
 * What `notify` writes, without publishing: the in-app rows (one statement for every recipient;
 * with a key, a recipient's unread one of that key is refreshed), the mails, and the real-time
 * events with each recipient's unread count (one query). A caller that publishes its own events
 * in the same transaction passes these along in the same `publish` call (all recipients locked
 * once): see the message send.
 */
export const prepareNotify = async (tx: Db, ctx: MailCtx, input: NotifyInput): Promise<{ notified: string[]; events: RealtimeMessage[] }> => {
  const now = input.now ?? new Date();
  const recipients = (input.recipients ?? (await readRecipients(tx, input.userIds))).filter((r) => r.schoolId === input.schoolId && r.active);
  if (recipients.length === 0) return { notified: [], events: [] };
  const actor = input.actorId ? (input.actor?.id === input.actorId ? input.actor : await actorOf(tx, input.actorId)) : null;
  const values = {
    type: input.type,
    params: input.params,
    link: input.link,
    actorId: input.actorId ?? null,
    createdAt: now,
    schoolId: input.schoolId,
    key: input.key ?? null,
  };
  const rows: NewNotification[] = [];
  const mails: OutgoingMail[] = [];
  for (const r of recipients) {
    const s = settingsOf(r.settings ?? undefined);
    const pref = s.types[input.type];
    const email = input.mail !== false && pref.email && !IN_APP_ONLY.has(input.type) && r.email !== null;
    const digest = email && pref.inApp && r.roleId === ROLE.parent && s.digest !== 'off';
    if (pref.inApp) rows.push({ ...values, userId: r.id, digestState: digest ? 'pending' : null });
    if (email && !digest && r.email) {
      const mail = renderNotificationMail(userLocale(r.language, undefined), r.firstName, ctx.config.appUrl, input);
      mails.push({ schoolId: r.schoolId, to: r.email, ...mail, sendAfter: quietHoursEnd(now, s.quietHours) ?? undefined });
    }
  }
  for (let i = 0; i < mails.length; i += SLICE) await ctx.mailer.enqueueMany(tx, mails.slice(i, i + SLICE));
  const { stored, unread } = await storeNotifications(tx, rows, input.key !== undefined);
  const events = stored
    .map((n) => ({ userIds: [n.userId], type: NOTIFICATION_EVENTS.new, data: { notification: toRow(n, actor), unread: unread.get(n.userId) ?? 0 } }))
    .sort((a, b) => (a.userIds[0] ?? '').localeCompare(b.userIds[0] ?? ''));
  return { notified: stored.map((n) => n.userId), events };
};

/**
 * Notifies users of something that happened, in the caller's transaction: each recipient's
 * settings decide (in-app off: no row; email on: a mail in their language, after their quiet
 * hours, or collected for a parent's digest), and each gets `notification.new` with their unread
 * count. Recipients outside `schoolId`, inactive ones and duplicates are skipped. Answers the ids
 * of the users who got an in-app notification. A constant number of statements, whatever the
 * number of recipients.
 */
export const notify = async (tx: Db, ctx: MailCtx, input: NotifyInput): Promise<string[]> => {
  const { notified, events } = await prepareNotify(tx, ctx, input);
  // Slices in ascending user order: each locks its recipients after the previous ones, so the lock
  // order stays the one `publish` keeps (no deadlock), and no statement outgrows the parameter limit.
  for (let i = 0; i < events.length; i += SLICE) await publish(tx, events.slice(i, i + SLICE));
  return notified;
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

import { z } from 'zod';
import { V } from '../validation/rules.ts';

/**
 * Notifications (issue 16): everything that happens for a user lands in `#/notifications/list`,
 * live over the real-time channel, with a bell in the app shell; `#/notifications/settings` sets
 * in-app and email per type, a daily or weekly digest (parents), and quiet hours (no mail at night,
 * in the school's time zone, Asia/Manila). Every signed-in user has notifications.
 *
 * A notification stores its type and parameters, not a sentence: the SPA renders the text in the
 * reader's language (`notifications:type.<type>` with the params), mails are rendered in the
 * recipient's language.
 */

export const NOTIFICATIONS_PATH = '/api/notifications';

export const NOTIFICATION_TYPES = [
  /** A grade of the student's own work was released (params: itemName, courseName, grade). */
  'grade',
  /** A submission was returned to the student for rework (params: materialName, courseName). */
  'submissionReturned',
  /** New published material in one of the student's courses (params: materialName, courseName). */
  'materialPublished',
  /** Work due within 24 hours and not submitted (params: materialName, courseName, dueAt). */
  'dueSoon',
  /** An announcement (issue 18 publishes them; params: title, className). */
  'announcement',
  /** New messages in a conversation (one unread notification per conversation; params: senderName, conversationTitle). */
  'message',
  /** A class joined: the student (params: className) and the class's teachers (params: studentName, className). */
  'classJoined',
  /** A parent's child got a grade (params: childName, itemName, courseName, grade). */
  'childGrade',
  /** Someone mentioned the user in a course discussion (issue 18; params: actorName, postTitle, courseName). */
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationRow = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The hash route of the item (`/courses/...`), opened on click. */
  link: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

/** `GET /api/notifications?filter=all|unread&cursor=`: newest first, 30 a page. */
export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export const notificationListQuery = z.object({
  filter: z.enum(NOTIFICATION_FILTERS, { error: V.invalidChoice }).default('all'),
  cursor: z.string().max(200).optional(),
});
export const notificationPage = z.object({ items: z.array(notificationRow), nextCursor: z.string().nullable(), unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** `GET /api/notifications/unread-count` → `{ count }`. `POST /api/notifications/:id/read`, `POST /api/notifications/read-all` → `{ unread }`. */
export const notificationUnread = z.object({ count: z.number() });

export const DIGESTS = ['off', 'daily', 'weekly'] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: V.invalidChoice });

/**
 * `GET` / `PUT /api/notifications/settings`. `types`: every type with `inApp` and `email`
 * (`message`: in-app only here; its mail is `emailWhenOffline` of the message settings).
 * `digest` (parents only; others 400): instead of single mails, one daily (at 18:00) or weekly
 * (Friday 18:00) mail of what came. `quietHours`: mails that fall inside wait until it ends.
 */
export const notificationSettings = z.object({
  types: z.record(z.enum(NOTIFICATION_TYPES), z.object({ inApp: z.boolean(), email: z.boolean() })),
  digest: z.enum(DIGESTS, { error: V.invalidChoice }),
  quietHours: z.object({ enabled: z.boolean(), from: hhmm, to: hhmm }),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * Real-time event types: `notification.new` `{ notification, unread }` and
 * `notification.read` `{ ids: string[] | 'all', unread }`.
 */
export const NOTIFICATION_EVENTS = { new: 'notification.new', read: 'notification.read' } as const;

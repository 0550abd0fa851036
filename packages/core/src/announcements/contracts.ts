import { z } from 'zod';
import { V, requiredText, safeString } from '../validation/rules.ts';
import { personRef } from '../messaging/contracts.ts';

/**
 * Announcements (issue 18). Teachers (and assistant teachers) announce to a class they teach or to a
 * course of it; school administrators to a class, a course or the whole school. Optional start and
 * end (a scheduled one shows from its start; an ended one no longer shows), optional email.
 *
 * Readers: a class or course announcement reaches the class's active students (a course one only
 * once the course is published), their parents and the class's teachers; a school announcement
 * everyone of the school. When it starts, each reader except the author gets an `announcement`
 * notification (params: `title`, `className` — the class, course or school name), and with
 * `email: true` a mail in their language (through the outbox, after quiet hours).
 *
 * Pages: the dashboard's "Announcements" box (`GET /api/announcements/current`), and
 * `#/announcements` for teachers and school administrators: the announcements they may manage
 * (theirs; a school administrator's: every one of the school), with create, edit and delete
 * (each confirmed). Title and body are stored inert: the body is rich text through the lesson
 * pages' sanitizer; the title is plain text.
 */

export const ANNOUNCEMENTS_PATH = '/api/announcements';
export const ANNOUNCEMENT_TITLE_MAX = 255;
export const ANNOUNCEMENT_BODY_MAX = 20_000;

export const AUDIENCES = ['class', 'course', 'school'] as const;
export type Audience = (typeof AUDIENCES)[number];

const isoDateTime = z.iso.datetime({ offset: true, error: V.invalidChoice });

/**
 * `POST /api/announcements` → 201 `AnnouncementRow`; `PUT /api/announcements/:id` → the row;
 * `DELETE /api/announcements/:id` → 204. Errors: `endsAt` not after `startsAt` → field error
 * `endsAt: afterOpen`; `endsAt` in the past → `endsAt: invalidChoice`; the audience's id missing →
 * `classId`/`courseId: required`; a class or course the user does not teach → 404; `school` by a
 * teacher → 403 `FORBIDDEN`. Editing someone else's (a teacher) → 403.
 */
export const announcementForm = z
  .object({
    title: requiredText(ANNOUNCEMENT_TITLE_MAX),
    bodyHtml: safeString().max(ANNOUNCEMENT_BODY_MAX, { error: V.maxLength }).default(''),
    audience: z.enum(AUDIENCES, { error: V.invalidChoice }),
    classId: z.uuid({ error: V.required }).nullable().default(null),
    courseId: z.uuid({ error: V.required }).nullable().default(null),
    /** Null: from now. */
    startsAt: isoDateTime.nullable().default(null),
    /** Null: until deleted. */
    endsAt: isoDateTime.nullable().default(null),
    email: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.audience === 'class' && v.classId === null) at('classId', V.required);
    if (v.audience === 'course' && v.courseId === null) at('courseId', V.required);
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) at('endsAt', V.afterOpen);
  });
export type AnnouncementForm = z.input<typeof announcementForm>;

export const announcementRow = z.object({
  id: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  audience: z.enum(AUDIENCES),
  classId: z.string().nullable(),
  courseId: z.string().nullable(),
  /** Class, course ("Course · Class") or school name. */
  audienceName: z.string(),
  author: personRef,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  email: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** `scheduled` (starts later), `current`, `ended`. */
  status: z.enum(['scheduled', 'current', 'ended']),
  /** The signed-in reader has opened it (`POST /api/announcements/:id/read`). */
  read: z.boolean(),
  canEdit: z.boolean(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;

/** `GET /api/announcements/current?childId=&limit=` → current announcements for the reader (a parent: the child's), newest start first. */
export const currentAnnouncementsQuery = z.object({
  childId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const announcementList = z.object({ items: z.array(announcementRow), unread: z.number() });
export type AnnouncementList = z.infer<typeof announcementList>;

/** `GET /api/announcements?status=all|scheduled|current|ended&cursor=` → the ones the caller manages, newest first, 20 a page. */
export const manageAnnouncementsQuery = z.object({
  status: z.enum(['all', 'scheduled', 'current', 'ended'], { error: V.invalidChoice }).default('all'),
  cursor: z.string().max(200).optional(),
});
export const announcementPage = z.object({ items: z.array(announcementRow), nextCursor: z.string().nullable() });

/** `GET /api/announcements/options` → where the caller may announce. */
export const announcementOptions = z.object({
  audiences: z.array(z.enum(AUDIENCES)),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  courses: z.array(z.object({ id: z.string(), name: z.string(), classId: z.string() })),
});
export type AnnouncementOptions = z.infer<typeof announcementOptions>;

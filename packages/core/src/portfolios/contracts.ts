import { z } from 'zod';
import { editVersionFields } from '../edit-version.ts';
import { tableQuerySchema } from '../table.ts';
import { V, requiredText, safeString, urlField } from '../validation/rules.ts';

/**
 * Portfolios (issue 20, decision 0060). Pages: `#/account/portfolios` and `#/account/portfolios/{id}`
 * (the caller's own), the class-list tabs `student/{studentId}/portfolios`, `group/{groupId}/portfolio`
 * and `teacher/{teacherId}/portfolio`, the parent's `#/account/child-details/{id}`, and the signed-out
 * share page (a token).
 *
 * Owners: a student (their own), a group of a class (made and edited by the group's members), a
 * teacher (their own). Who reads:
 * - the owner (a group's members) always, published or not; the school administrator of the owner's
 *   school always (read only);
 * - a PUBLISHED student portfolio: the teachers and assistant teachers of a class the student is in,
 *   and the student's linked parents;
 * - a PUBLISHED group portfolio: the class's teachers and assistants and the class's students;
 * - a PUBLISHED teacher portfolio: the students of the teacher's classes, those students' parents and
 *   the staff (teachers, assistants) of the same school.
 * Never across schools. Anything else answers 404 `NOT_FOUND` (ids cannot be probed): another
 * student's portfolio by id, a parent asking for a portfolio of someone not their child.
 *
 * Items are kinds `file` (an upload up to 900 MB, streamed, programs refused by content), `reflection`
 * (rich text, sanitized on the server with the lesson pages' allow-list), `link` (http or https only)
 * and `work` (one of the owner's own assignment/quiz/activity submissions, handed in; a group's members
 * pick their own; the grade and the teacher's feedback are shown only when the owner ticks
 * `includeGrade` / `includeFeedback`, and only once the work was returned).
 *
 * Share links: `token` (256 random bits, base64url) shown once at creation, stored hashed; optional
 * expiry; revocable. The signed-out page reads the portfolio only while it is published and the link
 * is neither revoked nor expired; anything else answers 404 `SHARE_LINK_UNAVAILABLE` ("Content not
 * available.").
 *
 * Export: a ZIP with every item's file, each reflection and work item as an HTML page and an
 * `index.html` linking them all (opens offline). Up to `EXPORT_DIRECT_MAX_BYTES` of files it can be
 * streamed at once (`GET .../export.zip`); any size runs as a background job (`POST .../exports`,
 * progress by bytes, then `GET .../file`).
 */

export const PORTFOLIO_TITLE_MAX = 200;
export const PORTFOLIO_DESCRIPTION_MAX = 2000;
export const PORTFOLIO_ITEM_TITLE_MAX = 200;
export const PORTFOLIO_ITEM_CAPTION_MAX = 2000;
/** Sanitized HTML of a reflection. */
export const REFLECTION_BODY_MAX = 100_000;
export const PORTFOLIO_ITEMS_MAX = 200;
export const PORTFOLIO_SHARE_LINKS_MAX = 20;
/** A file item: at most 900 MB (spec section 9). */
export const PORTFOLIO_FILE_MAX_BYTES = 900 * 1024 * 1024;
/** The cover: jpeg or png under 2 MB (spec section 5), checked by content. */
export const PORTFOLIO_COVER_FIELD = 'cover';
export const PORTFOLIO_FILE_FIELD = 'file';
/** Exports whose files add up to at most this may be streamed directly; larger ones use the job. */
export const EXPORT_DIRECT_MAX_BYTES = 50 * 1024 * 1024;

export const PORTFOLIOS_PATH = '/api/portfolios';
export const portfolioPath = (id: string) => `/api/portfolios/${id}`;
export const userPortfoliosPath = (userId: string) => `/api/users/${userId}/portfolios`;
export const groupPortfoliosPath = (groupId: string) => `/api/groups/${groupId}/portfolios`;
/** `GET`: every portfolio of the groups the calling student is a member of (a table page; empty for others). */
export const MY_GROUP_PORTFOLIOS_PATH = '/api/portfolios/groups';
/** `GET`: the groups the calling student may make a portfolio for (`PortfolioGroupChoices`). */
export const PORTFOLIO_GROUP_CHOICES_PATH = '/api/portfolios/group-choices';
export const portfolioExportJobPath = (jobId: string) => `/api/portfolios/exports/${jobId}`;
export const sharedPortfolioPath = (token: string) => `/api/shared/portfolios/${token}`;

export const PORTFOLIO_OWNER_KINDS = ['student', 'group', 'teacher'] as const;
export type PortfolioOwnerKind = (typeof PORTFOLIO_OWNER_KINDS)[number];

export const PORTFOLIO_ITEM_KINDS = ['file', 'reflection', 'link', 'work'] as const;
export type PortfolioItemKind = (typeof PORTFOLIO_ITEM_KINDS)[number];

/** A share token: 32 random bytes in base64url (43 characters). */
export const SHARE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/* ---------------------------------------------------------------- params and queries */

export const portfolioParams = z.object({ portfolioId: z.uuid() });
export const portfolioItemParams = z.object({ portfolioId: z.uuid(), itemId: z.uuid() });
export const portfolioWorkFileParams = z.object({ portfolioId: z.uuid(), itemId: z.uuid(), fileId: z.uuid() });
export const shareLinkParams = z.object({ portfolioId: z.uuid(), linkId: z.uuid() });
export const exportJobParams = z.object({ jobId: z.uuid() });
export const ownerUserParams = z.object({ userId: z.uuid() });
export const ownerGroupParams = z.object({ groupId: z.uuid() });
/** Any short text: a token of the wrong shape is answered like an unknown one (404 `SHARE_LINK_UNAVAILABLE`), not 400. */
export const shareTokenParams = z.object({ token: z.string().min(1).max(100) });
export const sharedItemParams = shareTokenParams.extend({ itemId: z.uuid() });
export const sharedWorkFileParams = sharedItemParams.extend({ fileId: z.uuid() });

/**
 * Every portfolio list is a server table (`table.ts`): `search` matches the title; `sortBy`
 * `title` | `updatedAt` (default, newest first when no sortBy) | `createdAt`; `filter[key]=status`
 * with `PUBLISHED` / `UNPUBLISHED`.
 */
export const portfolioListQuery = tableQuerySchema;
export const PORTFOLIO_SORTS = ['title', 'updatedAt', 'createdAt'] as const;

/* ---------------------------------------------------------------- answers */

export const portfolioOwner = z.object({
  kind: z.enum(PORTFOLIO_OWNER_KINDS),
  /** The student's or teacher's user id, or the group's id. */
  id: z.string(),
  /** "First Last" of a person, the group's name for a group. */
  name: z.string(),
  /** A group's class (id and name); null for people. */
  classId: z.string().nullable(),
  className: z.string().nullable(),
});
export type PortfolioOwner = z.infer<typeof portfolioOwner>;

export const portfolioRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** `GET /api/portfolios/:id/cover?v=N` (or the shared route on the share page), or null without a cover. */
  coverUrl: z.string().nullable(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  owner: portfolioOwner,
  itemCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortfolioRow = z.infer<typeof portfolioRow>;

export const portfolioFile = z.object({ id: z.string(), name: z.string(), size: z.number(), mime: z.string(), downloadUrl: z.string() });
export type PortfolioFile = z.infer<typeof portfolioFile>;

/** What readers see of a work item's submission. */
export const portfolioWork = z.object({
  submissionId: z.string(),
  materialName: z.string(),
  courseName: z.string(),
  materialType: z.string(),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  /** The submitted text (sanitized HTML), or null. */
  textHtml: z.string().nullable(),
  files: z.array(portfolioFile),
  /** Only when `includeGrade` and the work was returned. */
  grade: z.object({ points: z.number(), maxPoints: z.number().nullable() }).nullable(),
  /** Only when `includeFeedback` and the work was returned (sanitized HTML). */
  feedbackHtml: z.string().nullable(),
});
export type PortfolioWork = z.infer<typeof portfolioWork>;

const itemBase = {
  id: z.string(),
  title: z.string(),
  /** Plain text shown under the item (may be empty). */
  caption: z.string(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const portfolioItem = z.discriminatedUnion('kind', [
  z.object({ ...itemBase, kind: z.literal('file'), file: portfolioFile }),
  z.object({ ...itemBase, kind: z.literal('reflection'), bodyHtml: z.string() }),
  z.object({ ...itemBase, kind: z.literal('link'), url: z.string() }),
  z.object({
    ...itemBase,
    kind: z.literal('work'),
    includeGrade: z.boolean(),
    includeFeedback: z.boolean(),
    /** Null when the submission is gone (its material was deleted). */
    work: portfolioWork.nullable(),
  }),
]);
export type PortfolioItem = z.infer<typeof portfolioItem>;

/** `GET /api/portfolios/:id` (readers) and `GET /api/shared/portfolios/:token` (`canEdit` false, `shared` true). */
export const portfolioDetails = portfolioRow.extend({
  items: z.array(portfolioItem),
  /** The owner (a group's members): edit, items, cover, publish, share links. */
  canEdit: z.boolean(),
  /** May export to ZIP (every reader except the share page). */
  canExport: z.boolean(),
  /** Read through a share link. */
  shared: z.boolean(),
  /** Bytes of every file the export would hold (file items and work files). */
  totalBytes: z.number(),
  /** The edit version (`portfolioUpdate`). */
  version: z.number(),
});
export type PortfolioDetails = z.infer<typeof portfolioDetails>;

/* ---------------------------------------------------------------- requests */

/**
 * `POST /api/portfolios` → 201 `PortfolioDetails`. Students and teachers make their own; `groupId`
 * makes a group's portfolio (a student member of the group; else 404).
 */
export const portfolioForm = z.object({
  title: requiredText(PORTFOLIO_TITLE_MAX),
  description: safeString().trim().max(PORTFOLIO_DESCRIPTION_MAX, { error: V.maxLength }).default(''),
});
export type PortfolioForm = z.input<typeof portfolioForm>;
export const portfolioCreate = portfolioForm.extend({ groupId: z.uuid({ error: V.invalidChoice }).nullable().default(null) });
export type PortfolioCreate = z.input<typeof portfolioCreate>;
/** `PUT /api/portfolios/:id` (owner) → `PortfolioDetails`; a stale `version` → 409 `EDIT_CONFLICT`. */
export const portfolioUpdate = portfolioForm.extend(editVersionFields);
export type PortfolioUpdate = z.input<typeof portfolioUpdate>;

/** `PATCH /api/portfolios/:id/published` (owner) → `{ message }` ("The portfolio has been published." / "...unpublished."). */
export const portfolioPublishRequest = z.object({ published: z.boolean({ error: V.required }) });

const itemTitle = requiredText(PORTFOLIO_ITEM_TITLE_MAX);
const itemCaption = safeString().trim().max(PORTFOLIO_ITEM_CAPTION_MAX, { error: V.maxLength }).default('');

/**
 * `POST /api/portfolios/:id/items` (owner) → 201 `PortfolioItem`, for the kinds without a file; a
 * file item is `POST /api/portfolios/:id/items/file` (multipart, one part `file`, optional text parts
 * `title` and `caption` BEFORE the file; the title defaults to the file name) → 201 `PortfolioItem`.
 * A work item's `submissionId` must be the caller's own handed-in submission (else field error
 * `invalidChoice` on `submissionId`). At most `PORTFOLIO_ITEMS_MAX` items (field error `maxLength` on `items`).
 */
export const portfolioItemCreate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reflection'), title: itemTitle, caption: itemCaption, bodyHtml: safeString().max(REFLECTION_BODY_MAX, { error: V.maxLength }) }),
  z.object({
    kind: z.literal('link'),
    title: itemTitle,
    caption: itemCaption,
    url: urlField.refine((s) => s !== '', { error: V.required }),
  }),
  z.object({
    kind: z.literal('work'),
    title: itemTitle,
    caption: itemCaption,
    submissionId: z.uuid({ error: V.invalidChoice }),
    includeGrade: z.boolean().default(false),
    includeFeedback: z.boolean().default(false),
  }),
]);
export type PortfolioItemCreate = z.input<typeof portfolioItemCreate>;

/**
 * `PUT /api/portfolios/:id/items/:itemId` (owner) → `PortfolioItem`. `kind` must be the item's own
 * (else 400 `BAD_REQUEST`); a file item changes only title and caption; a work item also its two
 * flags (not its submission).
 */
export const portfolioItemUpdate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), title: itemTitle, caption: itemCaption }),
  portfolioItemCreate.options[0],
  portfolioItemCreate.options[1],
  z.object({ kind: z.literal('work'), title: itemTitle, caption: itemCaption, includeGrade: z.boolean(), includeFeedback: z.boolean() }),
]);
export type PortfolioItemUpdate = z.input<typeof portfolioItemUpdate>;

/**
 * `PUT /api/portfolios/:id/items/order` (owner) → `PortfolioDetails`: every item id of the portfolio
 * exactly once, in the new order; anything else (missing, extra, repeated ids) → 400 `BAD_REQUEST`.
 */
export const portfolioItemOrder = z.object({ itemIds: z.array(z.uuid()).max(PORTFOLIO_ITEMS_MAX) });
export type PortfolioItemOrder = z.infer<typeof portfolioItemOrder>;

/**
 * `GET /api/portfolios/work-choices` (students) → the caller's handed-in submissions a work item may
 * point to, newest first.
 */
export const workChoice = z.object({
  submissionId: z.string(),
  materialName: z.string(),
  courseName: z.string(),
  className: z.string(),
  materialType: z.string(),
  submittedAt: z.string().nullable(),
  /** Returned with a grade: `includeGrade` would show it. */
  graded: z.boolean(),
  hasFeedback: z.boolean(),
});
export type WorkChoice = z.infer<typeof workChoice>;
export const workChoices = z.object({ items: z.array(workChoice) });

/* ---------------------------------------------------------------- share links */

/**
 * `POST /api/portfolios/:id/share-links` (owner) `{ expiresAt }` (ISO instant in the future, or
 * null: no expiry; a past one → field error `invalidChoice`) → 201 `CreatedShareLink` (the only time
 * the token is shown). `GET /api/portfolios/:id/share-links` (owner) → `{ items: ShareLink[] }`, newest
 * first. `DELETE /api/portfolios/:id/share-links/:linkId` (owner) → 204 (revoked; it stays listed as
 * `revoked`). At most `PORTFOLIO_SHARE_LINKS_MAX` links that are not revoked (field error `maxLength`).
 */
export const shareLinkCreate = z.object({ expiresAt: z.iso.datetime({ offset: true, error: V.invalidChoice }).nullable().default(null) });
export type ShareLinkCreate = z.input<typeof shareLinkCreate>;

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const shareLink = z.object({
  id: z.string(),
  state: z.enum(SHARE_LINK_STATES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The last 4 characters of the token, to tell links apart. */
  hint: z.string(),
});
export type ShareLink = z.infer<typeof shareLink>;
export const shareLinks = z.object({ items: z.array(shareLink) });
export const createdShareLink = shareLink.extend({
  token: z.string(),
  /** The SPA page to hand out: `#/shared/portfolios/<token>` (relative to the site's address). */
  pagePath: z.string(),
});
export type CreatedShareLink = z.infer<typeof createdShareLink>;

/** The signed-out share page's hash path. */
export const sharedPortfolioPagePath = (token: string) => `/shared/portfolios/${token}`;

/* ---------------------------------------------------------------- export */

export const EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
/**
 * `POST /api/portfolios/:id/exports` (readers of the portfolio, not the share page) → 202
 * `PortfolioExportJob`; `GET /api/portfolios/exports/:jobId` (the requester) → its progress (bytes
 * written of the total); `GET /api/portfolios/exports/:jobId/file` → the ZIP once `done` (409
 * `EXPORT_NOT_READY` before). Jobs and their files go after a day.
 * `GET /api/portfolios/:id/export.zip` (readers) streams the ZIP at once when `totalBytes` ≤
 * `EXPORT_DIRECT_MAX_BYTES` (else 409 `EXPORT_TOO_LARGE`: use the job).
 */
export const portfolioExportJob = z.object({
  id: z.string(),
  portfolioId: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  /** Bytes written so far and in all (files; the HTML pages are small and not counted). */
  done: z.number(),
  total: z.number(),
  /** The download's name once done (`<title>.zip`). */
  fileName: z.string().nullable(),
  /** `GET /api/portfolios/exports/:jobId/file` once done, else null. */
  downloadUrl: z.string().nullable(),
});
export type PortfolioExportJob = z.infer<typeof portfolioExportJob>;

/** `GET PORTFOLIO_GROUP_CHOICES_PATH`: the caller's groups (students only; empty for everyone else), by class then name. */
export const portfolioGroupChoices = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string(), classId: z.string(), className: z.string() })),
});
export type PortfolioGroupChoices = z.infer<typeof portfolioGroupChoices>;

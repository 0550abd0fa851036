import { z } from 'zod';
import { tableQueryWith } from '../admin/common.ts';
import { GRADE_LEVELS } from '../classes/contracts.ts';
import { V, optionalText, requiredText, urlField } from '../validation/rules.ts';

/**
 * The school's resource library, `#/resources` (issue 5): files and links that teachers share with
 * everyone of their school. Teachers, assistants, students, parents and the school admin read the
 * library of their own school (`ROUTE_ROLES.resources`; a parent: the school of their account);
 * teachers and the school admin add to it (`ROUTE_ROLES.resourcesWrite`). The one who added a
 * resource, or an administrator of its school, edits and removes it (anyone else of the school:
 * 403 FORBIDDEN). A resource of another school answers 404, like an id that does not exist.
 * Every change is in the audit log (`resource.created`, `resource.updated`, `resource.deleted`,
 * target type `resource`).
 */

export const RESOURCES_PATH = '/api/resources';
export const RESOURCE_KINDS = ['file', 'link'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const RESOURCE_TITLE_MAX = 160;
export const RESOURCE_DESCRIPTION_MAX = 2000;
export const RESOURCE_SUBJECT_MAX = 80;

/** The multipart field carrying the file of `POST /api/resources/files`. */
export const RESOURCE_FILE_FIELD = 'file';

/** What every resource has: a title, an optional description, grade level (GRADE_LEVELS) and subject. */
const details = {
  title: requiredText(RESOURCE_TITLE_MAX),
  description: optionalText(RESOURCE_DESCRIPTION_MAX).default(''),
  gradeLevel: z.enum(GRADE_LEVELS, { error: V.invalidChoice }).nullable().default(null),
  /** Blank means none. */
  subject: optionalText(RESOURCE_SUBJECT_MAX).default(''),
};

/**
 * The text fields of `POST /api/resources/files` (multipart/form-data): `title`, `description`,
 * `gradeLevel` (blank: none), `subject`, sent BEFORE the one file part named `file`. The fields
 * are checked before a byte of the file is stored. The file is streamed to storage (900 MB at
 * most: 413 UPLOAD_TOO_LARGE; empty or missing: 400 `file: required`); its type comes from its
 * content, never from its name or the browser's claim (kinds the server does not recognise, an
 * executable renamed `.pdf` among them, are stored and served as `application/octet-stream`,
 * always as an attachment with `X-Content-Type-Options: nosniff`). On any failure neither a file
 * nor a row is left behind. Answers 201 `resourceSaved`.
 */
export const resourceFileForm = z.object(details);
export type ResourceFileForm = z.input<typeof resourceFileForm>;

/** `POST /api/resources/links` (JSON): a web address (http or https only) with its details. Answers 201 `resourceSaved`. */
export const resourceLinkForm = z.object({ ...details, url: urlField.refine((s) => s !== '', { error: V.required }) });
export type ResourceLinkForm = z.input<typeof resourceLinkForm>;

/**
 * `PUT /api/resources/:id` (the one who added it, or a school admin): the details, and `url` for a
 * link (required there; a file has none: sending one is 400 `url: invalidChoice`). The file of a
 * file resource is not replaced: remove the resource and upload again. Answers `resourceSaved`.
 */
export const resourceEditForm = z.object({ ...details, url: urlField.optional() });
export type ResourceEditForm = z.input<typeof resourceEditForm>;

/** A resource as the library lists it. */
export const resourceRow = z.object({
  id: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  title: z.string(),
  description: z.string(),
  gradeLevel: z.string().nullable(),
  subject: z.string().nullable(),
  /** Links: the address (opened in a new tab); null for files. */
  url: z.string().nullable(),
  /** Files: name, size, sniffed type and `GET /api/resources/:id/file`; null for links. */
  file: z.object({ name: z.string(), size: z.number(), mime: z.string(), downloadUrl: z.string() }).nullable(),
  /** Who added it (null when that account is gone). */
  addedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** `edit`: the caller may edit and remove it (the one who added it, or a school admin). */
  can: z.object({ edit: z.boolean() }),
});
export type ResourceRow = z.infer<typeof resourceRow>;

/** Create and edit answers: the saved resource and the translated success text for the toast. */
export const resourceSaved = z.object({ resource: resourceRow, message: z.string() });
export type ResourceSaved = z.infer<typeof resourceSaved>;

export const RESOURCE_SORTS = ['title', 'kind', 'createdAt'] as const;
/**
 * `GET /api/resources`: the caller's school's library as a server table. Search: title,
 * description, subject; filter key `kind` (RESOURCE_KINDS); extra `gradeLevel` (GRADE_LEVELS);
 * sort RESOURCE_SORTS, newest first by default.
 */
export const resourcesQuery = tableQueryWith({ gradeLevel: z.enum(GRADE_LEVELS).optional() });

/**
 * `GET /api/resources/:id/file`: the stored bytes of a file resource as an attachment (safe file
 * name, the sniffed type, `nosniff`, `no-store`); access is checked on every request.
 * `DELETE /api/resources/:id` → `{ message }`; the stored file leaves storage after the row.
 */
export const resourceParams = z.object({ id: z.uuid() });

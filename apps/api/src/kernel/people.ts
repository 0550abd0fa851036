import { sql } from 'drizzle-orm';
import { FULL_NAME_PARTS, fullName } from '@klase/core/admin/users';
import { users } from '../db/schema/users.ts';

/**
 * How students appear in groups, splits and progress: `name` ("Juan Santos Dela Cruz"),
 * `sortName` ("Dela Cruz, Juan S.", the alphabetical key) and the photo URL (null without a photo,
 * the SPA shows its silhouette then).
 */

/** `Last, First M.`, built in SQL so pages sort and search by it. */
export const sortNameSql = sql<string>`concat(${users.lastName}, ', ', ${users.firstName}, coalesce(' ' || upper(left(nullif(trim(${users.middleName}), ''), 1)) || '.', ''))`;

/** The full name as one text (core's `fullName` rule: its parts in order, blank ones left out), for showing and searching. */
export const fullNameSql = sql<string>`concat_ws(' ', ${sql.join(
  FULL_NAME_PARTS.map((part) => sql`case when btrim(${users[part]}) <> '' then ${users[part]} end`),
  sql`, `,
)})`;

/** The user columns a student entry needs. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  username: users.username,
  photoKey: users.photoKey,
  photoVersion: users.photoVersion,
  sortName: sortNameSql,
};

export interface PersonFields {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  username: string;
  photoKey: string | null;
  photoVersion: number;
  sortName: string;
}

/** Where a user's photo is served (the version busts caches after an upload). */
export const photoUrlOf = (u: Pick<PersonFields, 'id' | 'photoKey' | 'photoVersion'>): string | null =>
  u.photoKey ? `/api/users/${encodeURIComponent(u.id)}/photo?v=${u.photoVersion}` : null;

/** A group member / split entry. */
export const toPerson = (u: PersonFields) => ({
  id: u.id,
  name: fullName(u),
  sortName: u.sortName,
  username: u.username,
  photoUrl: photoUrlOf(u),
});

/**
 * One numeric status mapping for the whole product (spec section 4 lists two that conflict;
 * see docs/decisions/0002-status-mapping.md): 1 means active/yes/published, 0 the opposite.
 */
export type ActiveStatus = 'ACTIVE' | 'INACTIVE';

export const statusToNumber = (s: ActiveStatus | string): 0 | 1 => (s.toUpperCase() === 'ACTIVE' ? 1 : 0);
export const numberToStatus = (n: number): ActiveStatus => (n === 1 ? 'ACTIVE' : 'INACTIVE');
export const yesNoToNumber = (v: 'yes' | 'no'): 0 | 1 => (v === 'yes' ? 1 : 0);
export const isActiveStatus = (s: string | null | undefined): boolean => (s ?? '').toUpperCase() === 'ACTIVE';

/** Badge colour kinds (spec section 4): active and published primary; inactive and unpublished grey. */
export type BadgeStatus = 'active' | 'inactive' | 'published' | 'unpublished' | 'copying' | 'deleting';
export const badgeTone = (s: BadgeStatus): 'primary' | 'grey' | 'progress' =>
  s === 'active' || s === 'published' ? 'primary' : s === 'copying' || s === 'deleting' ? 'progress' : 'grey';

/** `updatedBy` counts as absent if null, empty or the text "null" (spec section 3). */
export const isAbsentUpdatedBy = (v: string | null | undefined): boolean =>
  v === null || v === undefined || v.trim() === '' || v.trim().toLowerCase() === 'null';

/** Child names: the word "none" is stripped (spec section 3). */
export const cleanChildName = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => w.length > 0 && w.toLowerCase() !== 'none')
    .join(' ');

/** Where a user's photo is served; the version busts the browser cache after an upload. */
export const FALLBACK_PHOTO_URL = '/api/photos/fallback.svg';

export const photoUrl = (user: { id: string; hasPhoto: boolean; photoVersion: number } | null | undefined): string =>
  user && user.hasPhoto ? `/api/users/${encodeURIComponent(user.id)}/photo?v=${user.photoVersion}` : FALLBACK_PHOTO_URL;

/** "Ms. Maria Clara Santos Jr." from the name parts that are present. */
export const fullName = (p: {
  salutation?: string | null;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  suffix?: string | null;
}): string =>
  [p.salutation && p.salutation !== 'others' ? p.salutation : null, p.firstName, p.middleName, p.lastName, p.suffix && p.suffix !== 'others' ? p.suffix : null]
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .join(' ');

import { imageWidthFor } from '@klase/core/constants';

/** Where a user's photo is served; the version busts the browser cache after an upload. */
export const FALLBACK_PHOTO_URL = '/api/photos/fallback.svg';

export const photoUrl = (user: { id: string; hasPhoto: boolean; photoVersion: number } | null | undefined): string =>
  user && user.hasPhoto ? `/api/users/${encodeURIComponent(user.id)}/photo?v=${user.photoVersion}` : FALLBACK_PHOTO_URL;

const PICTURE_URL = /^\/api\/(users\/[^/?]+\/photo|courses\/[^/?]+\/image|portfolios\/[^/?]+\/cover)(\?|$)/;

/**
 * A course image, portfolio cover or photo URL of the API asked at the width the page shows it (`cssWidth` CSS
 * pixels): the server sends it resized, as AVIF or WebP (the width for a 2x screen, rounded up to
 * one it serves, core's imageWidthFor). Other URLs (the fallback picture) are returned as they are.
 */
export const sizedPicture = (url: string, cssWidth: number): string =>
  PICTURE_URL.test(url) ? `${url}${url.includes('?') ? '&' : '?'}w=${imageWidthFor(cssWidth)}` : url;

/** "Ms. Maria Clara Santos Jr." from the name parts that are present. */
export const fullName = (p: { salutation?: string | null; firstName: string; middleName?: string | null; lastName: string; suffix?: string | null }): string =>
  [p.salutation && p.salutation !== 'others' ? p.salutation : null, p.firstName, p.middleName, p.lastName, p.suffix && p.suffix !== 'others' ? p.suffix : null]
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .join(' ');

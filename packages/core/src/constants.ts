/** Business constants and limits of spec section 9. */
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 600;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MOBILE_TAB_DELAY_MS = 300;
export const DIALOG_WIDTH_PX = 370;
export const IMAGE_SPINNER_HIDE_MS = 1000;
export const EMPTY_LABEL = '- -';

export const KB = 1024;
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 2 * MB;
/**
 * Widths (device pixels) in which course images and photos are served (`?w=`): a request is
 * rounded up to the next one, so each picture has a handful of variants, made once and kept.
 */
export const IMAGE_WIDTHS = [64, 128, 192, 256, 320, 480, 640, 960] as const;
const LARGEST_IMAGE_WIDTH = 960;
/** The served width for a request of `devicePx` pixels: the next one at or above (the largest for anything bigger). */
export const servedImageWidth = (devicePx: number): number => IMAGE_WIDTHS.find((w) => w >= devicePx) ?? LARGEST_IMAGE_WIDTH;
/** The served width for a picture shown `cssWidth` CSS pixels wide on a phone's 2x screen. */
export const imageWidthFor = (cssWidth: number): number => servedImageWidth(cssWidth * 2);
export const FILE_MAX_BYTES = 900 * MB;

export const LOCALES = ['en-us', 'ph', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Date display formats (dayjs tokens). */
export const DATE_FORMAT_SHORT = 'MMM D, YYYY h:mm A';
export const DATE_FORMAT_LONG = 'MMM DD, YYYY HH:mm:ss';
export const DATE_MASK = 'YYYY-MM-DD';
/** Schools are in the Philippines: dates are shown, and calendar days counted, in Manila time. */
export const SCHOOL_TIME_ZONE = 'Asia/Manila';

export const SECTORS = ['public', 'private', 'international'] as const;
export const SALUTATIONS = ['Mr.', 'Ms.', 'Mrs.', 'others'] as const;
export const SUFFIXES = ['Jr.', 'Sr.', 'others'] as const;
export const REPEAT_OPTIONS = ['never', 'everyday', 'everyMonth', 'everyWeekdays', 'weekly'] as const;

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

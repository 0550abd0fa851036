import { DEFAULT_LOCALE, THEMES, type Locale, type Theme } from '@klase/core/constants';
import { isLocale } from '../i18n/i18n.ts';

/**
 * The last language and theme, remembered in localStorage so the login page keeps them after a
 * sign-out (spec section 1: they come from the profile at login). The theme itself is stored by
 * Mantine's colour-scheme manager under THEME_STORAGE_KEY.
 */
export const LANGUAGE_STORAGE_KEY = 'klase.language';
export const THEME_STORAGE_KEY = 'klase.theme';

export const readStored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStored = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the choice lasts until the tab closes.
  }
};

export const rememberedLanguage = (): Locale => {
  const v = readStored(LANGUAGE_STORAGE_KEY);
  return isLocale(v) ? v : DEFAULT_LOCALE;
};

export const rememberLanguage = (lng: Locale) => writeStored(LANGUAGE_STORAGE_KEY, lng);

export const isTheme = (v: unknown): v is Theme => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

export const rememberedTheme = (): Theme => {
  const v = readStored(THEME_STORAGE_KEY);
  return isTheme(v) ? v : 'light';
};

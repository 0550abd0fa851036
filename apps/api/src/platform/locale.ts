import { DEFAULT_LOCALE, LOCALES, type Locale } from '@klase/core/constants';

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** Picks en-us, ph or zh from an Accept-Language header (q-values honoured, unknown tags skipped). */
export const localeFromHeader = (header: string | undefined): Locale => {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (isLocale(tag)) return tag;
    const base = tag.split('-')[0] ?? '';
    if (base === 'en') return 'en-us';
    if (base === 'zh') return 'zh';
    if (base === 'fil' || base === 'tl' || tag === 'ph') return 'ph';
  }
  return DEFAULT_LOCALE;
};

export const userLocale = (language: string | null | undefined, header: string | undefined): Locale =>
  language && isLocale(language) ? language : localeFromHeader(header);

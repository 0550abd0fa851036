import { describe, expect, it } from 'vitest';
import { LOCALES } from '@klase/core/constants';
import { SHARED_CATALOG } from '@klase/core/i18n/catalog';
import { NAMESPACES } from './i18n.ts';

type Tree = { [key: string]: unknown };

const files = import.meta.glob<{ default: Tree }>('./locales/*/*.json', { eager: true });

const bundle = (lng: string, ns: string): Tree | undefined => {
  if (ns === 'errors' || ns === 'validation') return SHARED_CATALOG[lng as keyof typeof SHARED_CATALOG][ns] as Tree;
  return files[`./locales/${lng}/${ns}.json`]?.default;
};

/** Flattens nested keys to `a.b.c`; arrays count as one value (their items joined). */
const flatten = (tree: Tree, prefix = ''): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) out[key] = v.map(String).join('\n');
    else if (v && typeof v === 'object') Object.assign(out, flatten(v as Tree, key));
    else out[key] = String(v);
  }
  return out;
};

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Values that may read the same in every language: the product's name, language names (each
 * written in its own language), and name suffixes and acronyms.
 */
const PROPER_NOUNS = new Set(['Klase', 'English', 'Filipino', '中文', 'EN', 'FIL', 'Jr.', 'Sr.', 'LSG']);

const ALL_NAMESPACES = [...NAMESPACES, 'errors', 'validation'] as const;

describe.each(ALL_NAMESPACES)('locale namespace %s', (ns) => {
  const en = flatten(bundle('en-us', ns) ?? {});

  it('has English texts', () => {
    expect(bundle('en-us', ns)).toBeDefined();
    expect(Object.keys(en).length).toBeGreaterThan(0);
  });

  it.each(LOCALES.filter((l) => l !== 'en-us'))('%s has exactly the English keys, with the same placeholders', (lng) => {
    const other = flatten(bundle(lng, ns) ?? {});
    expect(
      Object.keys(other).filter((k) => !(k in en)),
      `extra keys in ${lng}/${ns}`,
    ).toEqual([]);
    expect(
      Object.keys(en).filter((k) => !(k in other)),
      `missing keys in ${lng}/${ns}`,
    ).toEqual([]);
    for (const [k, v] of Object.entries(en)) {
      expect(other[k]?.trim(), `${lng}/${ns}:${k} is empty`).not.toBe('');
      expect(placeholders(other[k] ?? ''), `${lng}/${ns}:${k} placeholders`).toEqual(placeholders(v));
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en-us'))('%s is translated (only proper nouns equal English)', (lng) => {
    const other = flatten(bundle(lng, ns) ?? {});
    const same = Object.entries(en)
      .filter(([k, v]) => other[k] === v && !PROPER_NOUNS.has(v))
      .map(([k]) => k);
    expect(same, `untranslated in ${lng}/${ns}`).toEqual([]);
  });
});

describe('proper-noun allowance', () => {
  it('stays a handful', () => {
    expect(PROPER_NOUNS.size).toBeLessThanOrEqual(10);
  });
});

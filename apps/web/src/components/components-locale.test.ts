import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en-us/components.json';
import ph from '../i18n/locales/ph/components.json';
import zh from '../i18n/locales/zh/components.json';

const flatten = (o: object, prefix = ''): Record<string, string> =>
  Object.entries(o).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flatten(v as object, key));
    else acc[key] = String(v);
    return acc;
  }, {});

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });

describe('components namespace', () => {
  const flat = { en: flatten(en), ph: flatten(ph), zh: flatten(zh) };

  it('has the same keys in en-us, ph and zh', () => {
    const keys = Object.keys(flat.en).sort();
    expect(Object.keys(flat.ph).sort()).toEqual(keys);
    expect(Object.keys(flat.zh).sort()).toEqual(keys);
  });

  it('is really translated (no English copies, placeholders kept)', () => {
    for (const [key, text] of Object.entries(flat.en)) {
      const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      for (const loc of ['ph', 'zh'] as const) {
        expect(flat[loc][key], `${loc} ${key}`).not.toBe(text);
        expect(vars(flat[loc][key]!), `${loc} ${key}`).toEqual(vars(text));
      }
    }
  });

  it('has every literal key the components use', () => {
    const used = new Set<string>();
    for (const file of sources(__dirname)) {
      const code = readFileSync(file, 'utf8');
      if (!code.includes("useTranslation('components')") && !code.includes("useTranslation(['components'")) continue;
      for (const m of code.matchAll(/\bt\('([a-zA-Z.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const plural = (k: string) => `${k}_other` in flat.en;
    for (const k of used) expect(k in flat.en || plural(k), k).toBe(true);
  });
});

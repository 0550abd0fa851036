import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme, type MantineColorShade } from '@mantine/core';
import { PARTLY_CORRECT_BADGE } from '../features/quizzes/attempt-result-page.tsx';
import { DARK_TEXT_SHADE, cssVariablesResolver, theme, variantColorResolver } from '../components/theme.ts';

/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const raw = hex.replace('#', '');
  const n = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(full);
/** Resolves `var(--mantine-color-<name>-<shade>)` against the theme palette. */
const resolve = (value: string | undefined): string => {
  const m = /var\(--mantine-color-(\w+)-(\d)\)/.exec(value ?? '');
  if (!m) throw new Error(`not a palette variable: ${value}`);
  return full.colors[m[1]!]![Number(m[2]) as MantineColorShade];
};
const shade = (scheme: 'light' | 'dark') => (typeof full.primaryShade === 'object' ? full.primaryShade[scheme] : full.primaryShade) as MantineColorShade;
const primary = (scheme: 'light' | 'dark') => full.colors[full.primaryColor]![shade(scheme)];

const lightBody = full.white;
const darkBody = full.colors.dark[7];
const AA = 4.5;

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  it('white text on the primary colour passes in both schemes', () => {
    expect(contrast('#ffffff', primary('light'))).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', primary('dark'))).toBeGreaterThanOrEqual(AA);
  });
  it('links, dimmed text and errors pass on the light body', () => {
    for (const key of ['--mantine-color-anchor', '--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-placeholder'] as const) {
      expect(contrast(resolve(vars.light[key]), lightBody), key).toBeGreaterThanOrEqual(AA);
    }
  });
  it('links, dimmed text and errors pass on the dark body', () => {
    for (const key of ['--mantine-color-anchor', '--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-placeholder'] as const) {
      expect(contrast(resolve(vars.dark[key]), darkBody), key).toBeGreaterThanOrEqual(AA);
    }
  });
  it('body text passes in both schemes', () => {
    expect(contrast(full.black, lightBody)).toBeGreaterThanOrEqual(AA);
    expect(contrast(full.colors.dark[0], darkBody)).toBeGreaterThanOrEqual(AA);
  });
});

describe('focus ring (WCAG 2.4.11, 3:1 against what surrounds it)', () => {
  const ring = (scheme: 'light' | 'dark') => resolve(cssVariablesResolver(full)[scheme]['--klase-focus-ring']);
  it('stands out on the light page and its grey backgrounds', () => {
    for (const bg of [lightBody, full.colors.gray[0], full.colors.gray[1]]) expect(contrast(ring('light'), bg), bg).toBeGreaterThanOrEqual(3);
  });
  it('stands out on the dark page and its papers', () => {
    for (const bg of [darkBody, full.colors.dark[6], full.colors.dark[8]]) expect(contrast(ring('dark'), bg), bg).toBeGreaterThanOrEqual(3);
  });
});

describe('text-coloured variants in the dark scheme', () => {
  const resolved = (variant: string, color: string) => variantColorResolver({ color, theme: full, variant });

  it('use shade 3 of their colour on the dark page (outline, subtle), which passes there', () => {
    const outline = resolved('outline', 'red.9');
    expect(outline.color).toBe(`light-dark(var(--mantine-color-red-9), var(--mantine-color-red-${DARK_TEXT_SHADE}))`);
    expect(outline.border).toBe(`1px solid ${outline.color}`);
    expect(resolved('subtle', 'indigo').color).toContain(`var(--mantine-color-indigo-${DARK_TEXT_SHADE})`);
    for (const color of ['red', 'indigo', 'teal', 'orange', 'violet', 'blue']) {
      expect(contrast(full.colors[color]![DARK_TEXT_SHADE], darkBody), color).toBeGreaterThanOrEqual(AA);
    }
    // What failed before: red.9 and the primary shade as text on the dark page.
    expect(contrast(full.colors.red[9], darkBody)).toBeLessThan(3);
  });

  it('turns a grey outline light on the dark page, and leaves filled variants and the dark palette alone', () => {
    expect(resolved('outline', 'gray.7').color).toBe(`light-dark(var(--mantine-color-gray-7), var(--mantine-color-gray-${DARK_TEXT_SHADE}))`);
    expect(contrast(full.colors.gray[DARK_TEXT_SHADE], darkBody)).toBeGreaterThanOrEqual(AA);
    expect(resolved('filled', 'red.9')).toEqual(defaultVariantColorsResolver({ color: 'red.9', theme: full, variant: 'filled' }));
    expect(resolved('subtle', 'dark.1')).toEqual(defaultVariantColorsResolver({ color: 'dark.1', theme: full, variant: 'subtle' }));
  });

  it("gives the quiz's partly-correct badge white text at AA", () => {
    expect(contrast('#ffffff', PARTLY_CORRECT_BADGE)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', full.colors.orange[9])).toBeLessThan(AA);
  });
});

import { DEFAULT_THEME, useComputedColorScheme } from '@mantine/core';

/**
 * Text colours that keep WCAG AA contrast (4.5:1) on the page background of each colour scheme
 * (white in light, dark.7 in dark). Mantine's `dimmed` and `red.6` fall short of AA on white.
 */
export const TONES = {
  light: { danger: 'red.9', success: 'teal.9', warning: '#a84300', muted: 'gray.7' },
  dark: { danger: 'red.3', success: 'green.3', warning: 'yellow.4', muted: 'dark.1' },
} as const;
export type Tone = keyof (typeof TONES)['light'];

export const PAGE_BACKGROUND = { light: DEFAULT_THEME.white, dark: DEFAULT_THEME.colors.dark[7] } as const;

/** The colour for a tone in the current colour scheme. */
export const useTone = (tone: Tone): string => {
  const scheme = useComputedColorScheme('light');
  return TONES[scheme][tone];
};

/** Hex value of a Mantine colour token such as 'red.9' (default theme). */
export const hexOf = (token: string): string => {
  if (token.startsWith('#')) return token;
  const [name, shade] = token.split('.');
  const palette = DEFAULT_THEME.colors[name ?? ''];
  const hex = palette?.[Number(shade ?? 6)];
  if (!hex) throw new Error(`Unknown colour ${token}`);
  return hex;
};

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((x) => x + x).join('');
  const n = parseInt(h, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

/** WCAG contrast ratio of two colours (tokens or hex). */
export const contrastRatio = (a: string, b: string): number => {
  const [l1, l2] = [luminance(hexOf(a)), luminance(hexOf(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
};

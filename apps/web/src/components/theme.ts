import { createTheme, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';

/** Variants whose text (and outline) is the colour itself, on the page's background. */
const TEXT_VARIANTS = new Set(['outline', 'subtle', 'transparent']);

/**
 * Text-coloured buttons, badges and icons keep their shade on the light page, and use shade 3 of
 * their colour on the dark one: a red.9 or indigo.8 outline reads at under 3:1 on dark.7, shade 3
 * at over 7:1 (theme.test.ts); a gray.7 outline badge turns gray.3. The dark palette is the dark
 * scheme's own (the tones' muted dark.1, tones.ts) and is left alone. `light-dark()` follows the page's `color-scheme`, which
 * Mantine sets with the scheme.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!input.variant || !TEXT_VARIANTS.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark') return colors;
  const text = `light-dark(${colors.color}, var(--mantine-color-${parsed.color}-${DARK_TEXT_SHADE}))`;
  return { ...colors, color: text, border: input.variant === 'outline' ? `1px solid ${text}` : colors.border };
};

/** The shade of a text-coloured variant on the dark page. */
export const DARK_TEXT_SHADE = 3;

/**
 * Klase theme. Primary colour indigo at shade 8 (#3b5bdb): white text on it and it as text on a
 * white page both pass WCAG AA (about 5.8:1). Dark mode keeps the filled shade 8 and uses shade 3
 * for links on the dark body. Mantine's default "dimmed" and "error" greys/reds are too light for
 * AA on white (3.3:1), so they are darkened here; theme.test.ts measures every pair. The focus ring
 * (`--klase-focus-ring`, global.css) is indigo 8 on light pages and indigo 3 on dark ones: at least
 * 3:1 against the page and the paper in each scheme.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans SC", sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  variantColorResolver,
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--klase-focus-ring': 'var(--mantine-color-indigo-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--klase-focus-ring': 'var(--mantine-color-indigo-3)',
  },
});

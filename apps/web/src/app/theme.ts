import { createTheme, type CSSVariablesResolver } from '@mantine/core';

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

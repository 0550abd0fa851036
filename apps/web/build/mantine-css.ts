import type { Plugin } from 'vite';

/**
 * Mantine's styles per component, where the component is used (issue 15), instead of the whole
 * sheet (246 KB) on every page. Each Mantine component reads its class names from a
 * `<Name>.module.mjs` file in the package; this plugin makes that file import the component's own
 * stylesheet (`@mantine/core/styles/<Name>.css`), so the CSS follows the component into whichever
 * chunk uses it, dependencies included (Button brings UnstyledButton and Loader), with no list to
 * keep up to date. `@mantine/dates` and `@mantine/notifications` have one sheet each, imported by
 * their components the same way. The baseline, variables and global styles stay in the entry
 * (app/main.tsx).
 *
 * The development server prebundles Mantine (no per-file transforms there), so it gets the whole
 * sheets through the entry instead.
 */
const CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
const PACKAGE_MODULE = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].*\.module\.mjs$/;
const ENTRY = /[\\/]src[\\/]app[\\/]main\.tsx$/;

/** The stylesheet a Mantine `.module.mjs` file stands for, or null for any other module. */
export const mantineSheetFor = (id: string): string | null => {
  const core = CORE_MODULE.exec(id);
  if (core) return `@mantine/core/styles/${core[1]}.css`;
  const pkg = PACKAGE_MODULE.exec(id);
  return pkg ? `@mantine/${pkg[1]}/styles.css` : null;
};

export const mantineCssPerComponent = (): Plugin => {
  let serve = false;
  return {
    name: 'klase-mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return ENTRY.test(id)
          ? `import '@mantine/core/styles.css';\nimport '@mantine/dates/styles.css';\nimport '@mantine/notifications/styles.css';\n${code}`
          : null;
      }
      const sheet = mantineSheetFor(id.split('?')[0] ?? id);
      return sheet ? { code: `import ${JSON.stringify(sheet)};\n${code}`, map: null } : null;
    },
  };
};

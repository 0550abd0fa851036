import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Early download of a lazy route's chunks (issue 15, the sign-in page on a phone).
 *
 * The router finds a page's lazy chunks only once the entry has run, so a cold visit to the
 * sign-in page loaded the entry, then the visitor layout and the page: two round trips in a row
 * before the page could paint. A small inline script in index.html, run while the document is
 * parsed, adds `<link rel="modulepreload">` (and `rel="preload"` for their CSS) for those chunks
 * when the address is the sign-in page (or the start page, where a visitor lands and is sent to
 * sign in), so they download beside the entry. Other addresses get nothing more: the signed-in
 * pages keep their request counts.
 *
 * The script is inline (a file would cost the round trip it saves), so the server allows it in
 * its Content-Security-Policy by its sha256 hash, read from the built index.html at start
 * (apps/api/src/platform/inline-scripts.ts).
 */
export interface RoutePreload {
  /** What `location.hash` must match (anchor it: ^...$). */
  hash: RegExp;
  /** The lazy route modules, as paths under apps/web (`src/...`). */
  modules: readonly string[];
}

/** Files of a chunk that a browser downloads with it: the chunk, its static imports, their CSS. */
const closure = (bundle: OutputBundle, start: OutputChunk, into: Set<string>): Set<string> => {
  const visit = (chunk: OutputChunk) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return into;
};

/**
 * The chunk of a lazy module: the one whose facade it is or, when Rolldown merged it into a shared
 * chunk (`preserveEntrySignatures: false`), the chunk named after it.
 */
const chunkOf = (bundle: OutputBundle, root: string, module: string): OutputChunk => {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const absolute = path.resolve(root, module);
  const name = path.basename(module).replace(/\.[cm]?[jt]sx?$/, '');
  const found = chunks.find((c) => c.facadeModuleId === absolute) ?? chunks.find((c) => c.name === name);
  if (!found) throw new Error(`route-preload: no chunk for ${module}`);
  return found;
};

/**
 * The files to preload for a route: those of its modules' chunks and their static imports, less
 * what the entry loads anyway (index.html already preloads those), in a stable order.
 */
export const routeFiles = (bundle: OutputBundle, root: string, entry: OutputChunk, modules: readonly string[]): string[] => {
  const loaded = closure(bundle, entry, new Set());
  const wanted = new Set<string>();
  for (const module of modules) closure(bundle, chunkOf(bundle, root, module), wanted);
  return [...wanted].filter((f) => !loaded.has(f));
};

/**
 * The inline script: for a matching `location.hash`, one `<link>` per file (module preload for
 * scripts, style preload for sheets, both CORS like Vite's own tags so the later requests reuse
 * them).
 */
export const preloadScript = (hash: RegExp, files: readonly string[], base = '/'): string =>
  `(function(){if(!${hash.toString()}.test(location.hash))return;` +
  `${JSON.stringify(files.map((f) => base + f))}.forEach(function(h){` +
  `var l=document.createElement("link"),css=/\\.css$/.test(h);` +
  `l.rel=css?"preload":"modulepreload";if(css)l.as="style";l.crossOrigin="";l.href=h;document.head.appendChild(l)})})()`;

/** Vite plugin: writes the preload script into the built index.html, before the entry's tags. */
export const routePreload = (route: RoutePreload): Plugin => {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'klase:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return html;
        const files = routeFiles(ctx.bundle, root, ctx.chunk, route.modules);
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route-preload: no entry script in index.html');
        return `${html.slice(0, at)}<script>${preloadScript(route.hash, files, base)}</script>\n    ${html.slice(at)}`;
      },
    },
  };
};

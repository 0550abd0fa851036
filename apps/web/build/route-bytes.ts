import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBytes {
  /** Every file a cold visit downloads before the page can run, index.html first. */
  files: string[];
  /** Bytes of the bodies as the server sends them to a browser that accepts brotli. */
  bytes: number;
  js: number;
  css: number;
  /** Files the server would have to send uncompressed (no `.br` copy beside them). */
  uncompressed: string[];
}

export const readManifest = (dist: string): Manifest => JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/**
 * The body the server sends for a built file: its brotli copy when the build wrote one. A file
 * without a copy counts as compressed when brotli could not make it smaller (the build keeps a
 * copy only then: a 42-byte facade module stays as it is).
 */
const wireSize = (dist: string, file: string): { size: number; compressed: boolean } => {
  const br = path.join(dist, `${file}.br`);
  if (existsSync(br)) return { size: statSync(br).size, compressed: true };
  const raw = readFileSync(path.join(dist, file));
  return { size: raw.length, compressed: brotliCompressSync(raw).length >= raw.length };
};

/**
 * The manifest key of a module the app imports dynamically (a source path under apps/web, or a
 * chunk name): its own entry, or, when Rolldown merged that module into a shared chunk (allowed by
 * `preserveEntrySignatures: false`), the chunk named after it.
 */
const chunkKey = (manifest: Manifest, module: string): string => {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[cm]?[jt]sx?$/, '');
  const key = Object.keys(manifest).find((k) => manifest[k]?.name === name);
  if (!key) throw new Error(`no chunk for ${module} in the build manifest`);
  return key;
};

/**
 * What a phone downloads for a route on a cold visit: index.html, the entry chunk and every chunk
 * it imports statically (Vite preloads them all at once), then for each route module (the lazy
 * page and layout modules the route matches, and other modules loaded before it renders) its
 * chunk, its static imports and the CSS of all of them. Dynamic imports inside a page (an editor,
 * a dialog) are not counted.
 */
export const routeBytes = (dist: string, routeModules: readonly string[]): RouteBytes => {
  const manifest = readManifest(dist);
  const files = new Set<string>(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const module of routeModules) visit(chunkKey(manifest, module));
  const result: RouteBytes = { files: [...files], bytes: 0, js: 0, css: 0, uncompressed: [] };
  for (const file of files) {
    const { size, compressed } = wireSize(dist, file);
    result.bytes += size;
    if (file.endsWith('.js')) result.js += size;
    if (file.endsWith('.css')) result.css += size;
    if (!compressed) result.uncompressed.push(file);
  }
  return result;
};

/** Scripts among a route's files. */
export const scriptCount = (route: RouteBytes): number => route.files.filter((f) => f.endsWith('.js')).length;

/** The route modules of the login page (app/routes.tsx): the visitor layout and the page. */
export const LOGIN_ROUTE = ['src/app/layouts/visitor-layout.tsx', 'src/features/auth/login-page.tsx'];

/**
 * Every signed-in page: the providers and app layouts, and the English feature texts the root
 * loader loads before the first signed-in page renders (one chunk, vite.config.ts).
 */
const SIGNED_IN = ['src/app/layouts/feature-providers.tsx', 'src/app/layouts/app-layout.tsx', 'texts-en-us-features'];

/** The student dashboard (`#/dashboard`). */
export const DASHBOARD_ROUTE = [...SIGNED_IN, 'src/features/dashboard/dashboard-page.tsx'];

/** The calendar (`#/calendar`, issue 17): its page chunk carries FullCalendar. */
export const CALENDAR_ROUTE = [...SIGNED_IN, 'src/features/calendar/calendar-page.tsx'];

/** A course's grade book (`#/classes/:id/courses/:courseId/grade-book`): class routes, class and course layouts, tab. */
export const GRADE_BOOK_ROUTE = [
  ...SIGNED_IN,
  'src/app/routes-classes.ts',
  'src/features/classes/class-layout.tsx',
  'src/features/courses/course-layout.tsx',
  'src/features/gradebook/grade-book-tab.tsx',
];

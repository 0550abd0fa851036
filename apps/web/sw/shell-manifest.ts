import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/** The build files index.html loads at once (its scripts, module preloads and style sheets), as `assets/...`. */
export const shellFiles = (html: string): Set<string> => {
  const files = new Set<string>();
  for (const m of html.matchAll(/\b(?:src|href)="\/?(assets\/[^"?#]+)"/g)) if (m[1]) files.add(m[1]);
  return files;
};

/** Keeps of the precache list the shell: every file outside `assets/` (index.html, icons, manifest) and the assets index.html loads. */
export const keepShell = <E extends { url: string }>(entries: E[], html: string): E[] => {
  const shell = shellFiles(html);
  return entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url));
};

/** A workbox manifest transform that applies `keepShell` with the built index.html of `outDir`. */
export const shellOnly =
  (outDir: string): ManifestTransform =>
  (entries) => ({ manifest: keepShell(entries, readFileSync(path.resolve(import.meta.dirname, '..', outDir, 'index.html'), 'utf8')), warnings: [] });

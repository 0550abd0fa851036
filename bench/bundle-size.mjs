// The JavaScript a phone downloads before the login page can run: the entry chunk, every chunk it
// imports statically, and the login page's lazy chunk with its static imports (from Vite's manifest).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const loginRouteJs = (dist) => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const m = manifest[key];
    if (!m || files.has(m.file)) return;
    files.add(m.file);
    for (const k of m.imports ?? []) visit(k);
  };
  for (const [key, m] of Object.entries(manifest)) if (m.isEntry) visit(key);
  const loginKey = Object.keys(manifest).find((k) => /login-page\.tsx$/.test(k));
  if (loginKey) visit(loginKey);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    if (!f.endsWith('.js')) continue;
    const buf = readFileSync(join(dist, f));
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf, { level: 9 }).length;
  }
  return { files: [...files].filter((f) => f.endsWith('.js')), rawBytes, gzipBytes, loginChunkFound: Boolean(loginKey) };
};

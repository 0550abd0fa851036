import { createHash } from 'node:crypto';

/** Classic inline scripts of a document: `<script>` without `src` (JSON data blocks do not run and are skipped). */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const RUNS = /^(?:|text\/javascript|module)$/i;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow exactly the inline scripts of a
 * built document and nothing else: the SPA's index.html carries one (the sign-in page's preload,
 * apps/web/build/route-preload.ts), and `script-src 'self'` would block it. The hash covers the
 * script's text as written between the tags, as browsers compute it.
 */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNS.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
};

/** Splits mail text into plain parts and http(s) links, so links can be rendered clickable. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_RE = /https?:\/\/[^\s<>"')\]]+/g;

export const linkify = (text: string): TextPart[] => {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    // A sentence's final period or comma is not part of the link.
    const href = m[0].replace(/[.,;:!?]+$/, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
};

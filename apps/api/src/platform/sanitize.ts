import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text sanitizer of the API (lesson pages, instructions): an allow-list of text
 * structure only. Headings, paragraphs, emphasis, lists, quotes, code, tables, links (http,
 * https and mailto, opened with rel="noopener noreferrer") and images by https URL survive;
 * scripts, styles, frames, forms, event handlers, `style` and `class` attributes and every other
 * URL scheme (javascript:, data:, vbscript:...) are removed.
 */
const LINK_RE = /^(https?:\/\/|mailto:)/i;
const IMAGE_RE = /^https:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script and style bodies go with their tags (the default keeps nothing of them either; said here on purpose).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  // Relative URLs would pass sanitize-html's scheme check: only absolute ones of the allowed schemes stay.
  transformTags: {
    a: (tagName, { href, target: _target, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(href && LINK_RE.test(href) ? { href, target: '_blank' } : {}), rel: 'noopener noreferrer' },
    }),
    img: (tagName, { src, ...attribs }) => ({ tagName, attribs: { ...attribs, ...(src && IMAGE_RE.test(src) ? { src } : {}) } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const BLOCK_END = /<(?:\/(?:p|h[1-6]|li|div|td|th|tr|blockquote|pre|caption)|br|hr)\b[^>]*>/gi;

/** The text of sanitized rich text (search, excerpts): tags dropped, blocks apart by a space, entities decoded, spaces collapsed. */
export const richTextToPlain = (html: string): string =>
  sanitizeHtml(html.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();

import { IMAGE_MAX_BYTES, KB, MB } from './constants.ts';
import { LONE_SURROGATE_RE } from './validation/rules.ts';

/** Upload kinds recognised by content (magic bytes), not by name. */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'unknown';

export const sniffType = (head: Uint8Array): SniffedType => {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'png';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50) return 'webp';
  if (b(0) === 0x25 && b(1) === 0x50 && b(2) === 0x44 && b(3) === 0x46) return 'pdf';
  if (b(0) === 0x50 && b(1) === 0x4b && b(2) === 0x03 && b(3) === 0x04) return 'zip';
  return 'unknown';
};

export const MIME_OF: Record<Exclude<SniffedType, 'unknown'>, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

const FILE_NAME_MAX = 200;

/**
 * Bidirectional formatting characters (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): in a file
 * name they make `homework\u202Efdp.hta` show as `homeworkath.pdf`.
 */
const BIDI_RE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const stripBidi = (s: string): string => s.replace(BIDI_RE, '');

const LONE_SURROGATES = new RegExp(LONE_SURROGATE_RE.source, 'g');
/** Control characters (U+0000–U+001F and U+007F) are never part of a file name. */
const withoutControls = (s: string): string => [...s].filter((ch) => ch > '\u001f' && ch !== '\u007f').join('');

/**
 * A file name safe to store, to show and to send in Content-Disposition: the last path segment,
 * without control or bidirectional formatting characters, lone surrogates or the characters file
 * systems and headers trip on, at most 200 characters (the extension kept). Every upload route
 * stores names through it and every download names its file through it.
 */
export const safeFileName = (raw: string): string => {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = withoutControls(stripBidi(base).replace(LONE_SURROGATES, ''))
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!clean) return 'file';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, FILE_NAME_MAX - ext.length) + ext;
};

/** Human size with 1024-based units (spec section 9). */
export const formatBytes = (n: number): string => {
  if (n < KB) return `${n} B`;
  if (n < MB) return `${+(n / KB).toFixed(1)} KB`;
  if (n < 1024 * MB) return `${+(n / MB).toFixed(1)} MB`;
  return `${+(n / (1024 * MB)).toFixed(1)} GB`;
};

export interface UploadRules {
  /** Extensions accepted, e.g. ['jpeg', 'png', 'jpg']. */
  types: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

/** Upload box defaults (spec section 5): jpeg, png, jpg; 2 MB; one file. */
export const DEFAULT_UPLOAD_RULES: UploadRules = { types: ['jpeg', 'png', 'jpg'], maxBytes: IMAGE_MAX_BYTES, maxFiles: 1 };

export type UploadProblem =
  | { key: 'fileFormat'; params: { format: string } }
  | { key: 'courseImageFormat' }
  | { key: 'imageTooLarge' }
  | { key: 'fileTooLarge'; params: { size: string } }
  | { key: 'maxOneFile' }
  | { key: 'maxFiles'; params: { count: number } };

const extOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** In `UploadRules.types`: any file type (course files: the server stores any type and sniffs it). */
export const ANY_FILE_TYPE = '*';

/** Checks a selection of files by name and size (the browser side; the server re-checks content). */
export const checkUploads = (files: readonly { name: string; size: number }[], rules: UploadRules = DEFAULT_UPLOAD_RULES): UploadProblem | null => {
  if (files.length > rules.maxFiles) return rules.maxFiles === 1 ? { key: 'maxOneFile' } : { key: 'maxFiles', params: { count: rules.maxFiles } };
  const isJpegPng = rules.types.every((t) => ['jpeg', 'jpg', 'png'].includes(t));
  for (const f of files) {
    if (!rules.types.includes(ANY_FILE_TYPE) && !rules.types.includes(extOf(f.name))) {
      return isJpegPng ? { key: 'courseImageFormat' } : { key: 'fileFormat', params: { format: rules.types.join(', ') } };
    }
    if (f.size >= rules.maxBytes) {
      return rules.maxBytes === IMAGE_MAX_BYTES ? { key: 'imageTooLarge' } : { key: 'fileTooLarge', params: { size: formatBytes(rules.maxBytes) } };
    }
  }
  return null;
};

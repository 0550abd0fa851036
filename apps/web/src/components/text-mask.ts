import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_MASK } from '@klase/core/constants';

dayjs.extend(customParseFormat);

/** Mask tokens: 9 a digit, a a letter, * a letter or digit; anything else is a literal. */
const TOKENS: Record<string, RegExp> = { '9': /\d/, a: /\p{L}/u, '*': /[\p{L}\d]/u };

export type Mask = string | ((value: string) => string);

export const DATE_PATTERN = '9999-99-99';
export const TIME_PATTERN = '99:99';

/** Applies a simple pattern such as '9999-99-99' to typed text (literals are inserted as you type). */
export const applyPattern = (pattern: string, input: string): string => {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= input.length) break;
    const token = TOKENS[p];
    if (token) {
      while (i < input.length && !token.test(input[i]!)) i++;
      if (i >= input.length) break;
      out += input[i];
      i++;
    } else {
      out += p;
      if (input[i] === p) i++;
    }
  }
  return out;
};

export const applyMask = (mask: Mask | undefined, value: string): string =>
  mask === undefined ? value : typeof mask === 'function' ? mask(value) : applyPattern(mask, value);

/** Characters of `text` that `filter` refuses (tested one by one). */
export const refusedChars = (filter: RegExp, text: string): string[] => [...text].filter((c) => !testChar(filter, c));

const testChar = (filter: RegExp, c: string) => {
  filter.lastIndex = 0;
  return filter.test(c);
};

/** Keeps only the characters that `filter` accepts. */
export const keepAllowed = (filter: RegExp | undefined, text: string): string => (filter ? [...text].filter((c) => testChar(filter, c)).join('') : text);

/** Strict YYYY-MM-DD check. */
export const isValidDateText = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s, DATE_MASK, true).isValid();

/** Strict 24-hour HH:mm check. */
export const isValidTimeText = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);

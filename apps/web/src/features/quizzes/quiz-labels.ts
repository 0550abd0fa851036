import { roundPoints } from '@klase/core/quizzes/grading';

/** Points as shown: at most two decimals, no trailing zeros (12, 7.5, 3.25). */
export const formatPoints = (n: number): string => String(roundPoints(n));

/** "x / max". */
export const scoreText = (score: number, max: number): string => `${formatPoints(score)} / ${formatPoints(max)}`;

/**
 * The plain text of rich-text HTML (a question's prompt), cut to `max` characters. A template
 * element parses the HTML inertly: nothing runs or loads.
 */
export const htmlExcerpt = (html: string, max = 140): string => {
  const template = document.createElement('template');
  template.innerHTML = html;
  const text = (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

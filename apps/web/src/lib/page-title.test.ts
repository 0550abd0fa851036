import { describe, expect, it } from 'vitest';
import { documentTitle, headingText, pageNames } from './page-title.ts';

describe('page titles and headings (issue 13)', () => {
  it('names a class sub-page and its class: "<page> · <class> | Klase", h1 "<page> — <class>"', () => {
    const names = pageNames('Students', { class: 'Grade 7 - Sampaguita' });
    expect(documentTitle(names)).toBe('Students · Grade 7 - Sampaguita | Klase');
    expect(headingText(names)).toBe('Students — Grade 7 - Sampaguita');
  });
  it('names a material by its own name, with its course and class', () => {
    const names = pageNames('Material', { page: 'Quiz 1', course: 'Science 7', class: 'Grade 7 - Sampaguita' });
    expect(documentTitle(names)).toBe('Quiz 1 · Science 7 · Grade 7 - Sampaguita | Klase');
    // The h1 says what kind of page it is and whose; the material's and course's own headings follow it.
    expect(headingText(names)).toBe('Material — Grade 7 - Sampaguita');
  });
  it('leaves out a name the page already is; outside a class the h1 is the route title', () => {
    expect(documentTitle(pageNames('Science 7', { course: 'Science 7' }))).toBe('Science 7 | Klase');
    expect(headingText(pageNames('Catalogue course', { course: 'Science 8' }))).toBe('Catalogue course');
  });
  it('falls back to the app name, and to the route title alone', () => {
    expect(documentTitle(pageNames(undefined, {}))).toBe('Klase');
    expect(documentTitle(pageNames('Dashboard', {}))).toBe('Dashboard | Klase');
  });
});

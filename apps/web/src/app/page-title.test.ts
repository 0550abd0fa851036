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
    // The heading names the course; the class is shown above it as a breadcrumb.
    expect(headingText(names, 'Grade 7 - Sampaguita')).toBe('Quiz 1 — Science 7');
  });
  it('leaves out a name the page already is, and a name shown above the heading', () => {
    expect(documentTitle(pageNames('Science 7', { course: 'Science 7' }))).toBe('Science 7 | Klase');
    expect(headingText(pageNames('Courses', { class: 'Rizal' }), 'Rizal')).toBe('Courses');
  });
  it('falls back to the app name, and to the route title alone', () => {
    expect(documentTitle(pageNames(undefined, {}))).toBe('Klase');
    expect(documentTitle(pageNames('Dashboard', {}))).toBe('Dashboard | Klase');
  });
});

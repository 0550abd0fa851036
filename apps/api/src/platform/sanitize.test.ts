import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps the structure of a lesson: headings, paragraphs, emphasis, lists, quotes, code, tables', () => {
    const html =
      '<h2>Photosynthesis</h2><p>Plants <strong>make</strong> <em>food</em> <u>from</u> <s>air</s>.<br>Read on.</p>' +
      '<ol><li>Light</li><li>Water</li></ol><ul><li>CO<sub>2</sub></li></ul><blockquote>Quote</blockquote><pre><code>x = 1</code></pre>' +
      '<table><thead><tr><th scope="col">Part</th></tr></thead><tbody><tr><td colspan="2">Leaf</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts, styles, frames and forms with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.example"></iframe><form><input></form>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><object data="x"></object>')).toBe('');
  });

  it('removes event handlers, style and class attributes', () => {
    expect(sanitizeRichText('<p onclick="steal()" style="color:red" class="x" id="y">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<img src="https://cdn.example.org/a.png" onerror="alert(1)" alt="A">')).toBe(
      '<img alt="A" src="https://cdn.example.org/a.png" />',
    );
  });

  it('keeps http, https and mailto links, opened safely; drops every other href', () => {
    expect(sanitizeRichText('<a href="https://deped.gov.ph" target="_self">DepEd</a>')).toBe(
      '<a href="https://deped.gov.ph" target="_blank" rel="noopener noreferrer">DepEd</a>',
    );
    expect(sanitizeRichText('<a href="mailto:guro@school.ph">Mail</a>')).toContain('href="mailto:guro@school.ph"');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '/relative',
      '//evil.example',
    ]) {
      const out = sanitizeRichText(`<a href="${bad}">x</a>`);
      expect(out, bad).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it('keeps images by https URL only', () => {
    for (const bad of ['http://cdn.example.org/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'a.png', '']) {
      expect(sanitizeRichText(`<p>x<img src="${bad}" alt="a"></p>`), bad).toBe('<p>x</p>');
    }
  });
});

describe('richTextToPlain', () => {
  it('keeps the words of rich text apart and decodes what sanitizing escaped', () => {
    expect(richTextToPlain('<h2>Tubig</h2><p>Sa &amp; ng <strong>ulan</strong><br />at&nbsp;dagat &lt;3</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Tubig Sa & ng ulan at dagat <3 a b',
    );
    expect(richTextToPlain('<p><img src="https://x.example/a.png" /></p>')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { mentionAt, mentionedIds } from './mentions.tsx';
import { withMentions } from './post-form-dialog.tsx';
import { STUDENT, TEACHER, person } from './discussions-test-data.ts';

describe('mentions', () => {
  it('finds the @word typed just before the caret, and nothing inside an email address', () => {
    expect(mentionAt('Hello @Ju', 9)).toEqual({ start: 6, q: 'Ju' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, q: '' });
    expect(mentionAt('mail juan@school.ph', 19)).toBeNull();
    expect(mentionAt('Hello @Juan and more', 20)).toBeNull();
  });

  it('sends the ids of the picked people still named in the text, once each', () => {
    expect(mentionedIds('Thanks @Juan Cruz and @Maria Santos', [STUDENT, TEACHER, STUDENT])).toEqual(['s1', 't1']);
    expect(mentionedIds('Thanks everyone', [STUDENT])).toEqual([]);
  });

  it('names the picked people missing from a post body in a last paragraph, escaped', () => {
    const odd = person('x1', 'Ana <b>&</b>');
    expect(withMentions('<p>Hi @Juan Cruz</p>', [STUDENT, odd])).toBe('<p>Hi @Juan Cruz</p><p>@Ana &lt;b&gt;&amp;&lt;/b&gt;</p>');
    expect(withMentions('<p>Hi</p>', [])).toBe('<p>Hi</p>');
  });
});

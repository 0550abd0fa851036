import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('finds links and leaves the rest as text', () => {
    expect(linkify('Open http://localhost:3000/#/account/activation?token=abc. Thanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:3000/#/account/activation?token=abc' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(linkify('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
    expect(linkify('https://a.example/x')).toEqual([{ kind: 'link', href: 'https://a.example/x' }]);
  });
});

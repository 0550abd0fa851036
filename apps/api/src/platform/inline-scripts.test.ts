import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

describe('inlineScriptHashes', () => {
  it("gives the CSP source of each inline script that runs, as browsers hash its text ('alert(1)' has a published hash)", () => {
    expect(inlineScriptHashes('<head><script>alert(1)</script></head>')).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    const html = '<script type="module">alert(1)</script><script type=text/javascript>\nalert(1)\n</script>';
    const [module, classic] = inlineScriptHashes(html);
    expect(module).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    // Whitespace is part of the text: another hash.
    expect(classic).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(classic).not.toBe(module);
  });

  it('skips scripts loaded from a file, data blocks and documents without scripts', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-abc.js"></script><script type="application/ld+json">{"a":1}</script><script type="importmap">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
    expect(inlineScriptHashes('<!doctype html><title>Klase</title>')).toEqual([]);
  });

  it('lists a script that appears twice once', () => {
    expect(inlineScriptHashes('<script>alert(1)</script><script>alert(1)</script>')).toHaveLength(1);
  });
});

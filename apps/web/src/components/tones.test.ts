import { describe, expect, it } from 'vitest';
import { PAGE_BACKGROUND, TONES, contrastRatio } from './tones.ts';

describe('tones', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });

  it.each(['light', 'dark'] as const)('every %s tone reaches 4.5:1 on the page background', (scheme) => {
    for (const token of Object.values(TONES[scheme])) {
      expect(contrastRatio(token, PAGE_BACKGROUND[scheme]), token).toBeGreaterThanOrEqual(4.5);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { badgeTone, cleanChildName, isAbsentUpdatedBy, isActiveStatus, numberToStatus, statusToNumber, yesNoToNumber } from './status.ts';

describe('the one status mapping', () => {
  it('maps active to 1 and inactive to 0 both ways, case-insensitively', () => {
    expect(statusToNumber('ACTIVE')).toBe(1);
    expect(statusToNumber('inactive')).toBe(0);
    expect(numberToStatus(1)).toBe('ACTIVE');
    expect(numberToStatus(0)).toBe('INACTIVE');
    expect(isActiveStatus('Active')).toBe(true);
    expect(isActiveStatus(null)).toBe(false);
  });
  it('maps yes to 1 and no to 0', () => {
    expect(yesNoToNumber('yes')).toBe(1);
    expect(yesNoToNumber('no')).toBe(0);
  });
  it('gives badge tones: active/published primary, inactive/unpublished grey, copying/deleting progress', () => {
    expect(badgeTone('published')).toBe('primary');
    expect(badgeTone('active')).toBe('primary');
    expect(badgeTone('unpublished')).toBe('grey');
    expect(badgeTone('inactive')).toBe('grey');
    expect(badgeTone('copying')).toBe('progress');
  });
  it('treats null, empty and "null" updatedBy as absent', () => {
    expect(isAbsentUpdatedBy(null)).toBe(true);
    expect(isAbsentUpdatedBy('')).toBe(true);
    expect(isAbsentUpdatedBy('null')).toBe(true);
    expect(isAbsentUpdatedBy('teacher1')).toBe(false);
  });
  it('strips the word none from child names', () => {
    expect(cleanChildName('Juan none Dela Cruz')).toBe('Juan Dela Cruz');
    expect(cleanChildName('None Santos')).toBe('Santos');
  });
});

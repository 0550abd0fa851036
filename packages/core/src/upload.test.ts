import { describe, expect, it } from 'vitest';
import { ANY_FILE_TYPE, checkUploads, formatBytes, sniffType } from './upload.ts';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('uploads (spec sections 5 and 9)', () => {
  it('recognises files by content', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffType(new TextEncoder().encode('<svg onload=alert(1)>'))).toBe('unknown');
  });
  it('uses 1024-based units', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(900 * 1024 * 1024)).toBe('900 MB');
  });
  it('gives the spec messages for type, size and count', () => {
    expect(checkUploads([{ name: 'a.gif', size: 10 }])).toEqual({ key: 'courseImageFormat' });
    expect(checkUploads([{ name: 'a.png', size: 2 * 1024 * 1024 }])).toEqual({ key: 'imageTooLarge' });
    expect(checkUploads([{ name: 'a.png', size: 2 * 1024 * 1024 - 1 }])).toBeNull();
    expect(
      checkUploads([
        { name: 'a.png', size: 1 },
        { name: 'b.png', size: 1 },
      ]),
    ).toEqual({ key: 'maxOneFile' });
    const rules = { types: ['pdf'], maxBytes: 900 * 1024 * 1024, maxFiles: 3 };
    expect(checkUploads([{ name: 'a.docx', size: 1 }], rules)).toEqual({ key: 'fileFormat', params: { format: 'pdf' } });
    expect(
      checkUploads(
        Array.from({ length: 4 }, () => ({ name: 'a.pdf', size: 1 })),
        rules,
      ),
    ).toEqual({ key: 'maxFiles', params: { count: 3 } });
  });

  it('takes any type with the wildcard, still checking size and count', () => {
    const any = { types: [ANY_FILE_TYPE], maxBytes: 900 * 1024 * 1024, maxFiles: 1 };
    expect(checkUploads([{ name: 'lab-data.sb3', size: 10 }], any)).toBeNull();
    expect(checkUploads([{ name: 'no-extension', size: 10 }], any)).toBeNull();
    expect(checkUploads([{ name: 'huge.mp4', size: 900 * 1024 * 1024 }], any)).toEqual({ key: 'fileTooLarge', params: { size: '900 MB' } });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { changeLanguage, i18next } from '../../i18n/i18n.ts';
import { notificationText, relativeTime } from './notification-text.ts';

const tOf = (lng: string) => i18next.getFixedT(lng, 'notifications') as TFunction<'notifications'>;
const NOW = Date.UTC(2026, 2, 5, 1, 0);

afterAll(() => changeLanguage('en-us'));

describe('notificationText', () => {
  it('renders each type with its params in English, names and quotes untouched', () => {
    const t = tOf('en-us');
    expect(notificationText(t, { type: 'grade', params: { itemName: 'Essay <1>', courseName: 'English 7', grade: 88 } }, 'en-us')).toBe(
      'Your work "Essay <1>" in English 7 was graded: 88.',
    );
    expect(notificationText(t, { type: 'childGrade', params: { childName: 'Jose', itemName: 'Quiz 1', courseName: 'Math', grade: 9.5 } }, 'en-us')).toBe(
      'Jose got a grade for "Quiz 1" in Math: 9.5.',
    );
    expect(notificationText(t, { type: 'classJoined', params: { className: 'Grade 7 - Sampaguita' } }, 'en-us')).toBe('You joined Grade 7 - Sampaguita.');
    expect(notificationText(t, { type: 'classJoined', params: { studentName: 'Ana Cruz', className: 'Grade 7' } }, 'en-us')).toBe('Ana Cruz joined Grade 7.');
    // dueAt is shown in the school's time zone (Asia/Manila): 01:00 UTC is 9:00 AM there.
    expect(
      notificationText(t, { type: 'dueSoon', params: { materialName: 'Lab report', courseName: 'Science', dueAt: new Date(NOW).toISOString() } }, 'en-us'),
    ).toBe('"Lab report" in Science is due Mar 5, 2026 9:00 AM.');
  });

  it('speaks Filipino and Chinese', async () => {
    await changeLanguage('ph');
    expect(notificationText(tOf('ph'), { type: 'materialPublished', params: { materialName: 'Aralin 3', courseName: 'Filipino 7' } }, 'ph')).toBe(
      'Bago sa Filipino 7: "Aralin 3".',
    );
    await changeLanguage('zh');
    expect(notificationText(tOf('zh'), { type: 'submissionReturned', params: { materialName: '作文', courseName: '语文' } }, 'zh')).toBe(
      '你在 语文 提交的“作文”已退回给你。',
    );
  });
});

describe('relativeTime', () => {
  it('says how long ago in the reader’s language', () => {
    expect(relativeTime(new Date(NOW - 5 * 60_000).toISOString(), NOW, 'en-us')).toBe('5 minutes ago');
    expect(relativeTime(new Date(NOW - 20_000).toISOString(), NOW, 'en-us')).toBe('now');
    expect(relativeTime(new Date(NOW - 3 * 3_600_000).toISOString(), NOW, 'en-us')).toBe('3 hours ago');
    expect(relativeTime(new Date(NOW - 86_400_000).toISOString(), NOW, 'en-us')).toBe('yesterday');
    expect(relativeTime(new Date(NOW - 5 * 60_000).toISOString(), NOW, 'zh')).toBe('5分钟前');
    expect(relativeTime(new Date(NOW - 2 * 3_600_000).toISOString(), NOW, 'ph')).toMatch(/2 oras/);
  });
});

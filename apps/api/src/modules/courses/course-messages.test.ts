import { describe, expect, it } from 'vitest';
import { LOCALES } from '@klase/core/constants';
import { COURSE_MESSAGES, courseMessage } from '../../kernel/course-messages.ts';

describe('course action messages', () => {
  it('are translated into every language', () => {
    for (const [key, texts] of Object.entries(COURSE_MESSAGES)) {
      for (const locale of LOCALES) {
        expect(texts[locale].trim(), `${key} ${locale}`).not.toBe('');
        if (locale !== 'en-us') expect(texts[locale], `${key} ${locale}`).not.toBe(texts['en-us']);
      }
    }
  });

  it('answer in the caller language', () => {
    expect(courseMessage('ph', 'elementPublished')).toEqual({ message: 'Nailathala na ang elemento ng kurso.' });
    expect(courseMessage('zh', 'coursePublished').message).toBe('课程已发布。学生现在可以打开它。');
  });
});

import { describe, expect, it } from 'vitest';
import { LOCALES } from '@klase/core/constants';
import { addedMessage, CLASS_MESSAGES, classMessage } from './class-messages.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('class action messages', () => {
  it('are translated into every language with the same placeholders', () => {
    for (const [key, texts] of Object.entries(CLASS_MESSAGES)) {
      for (const locale of LOCALES) {
        expect(texts[locale].trim(), `${key} ${locale}`).not.toBe('');
        expect(placeholders(texts[locale]), `${key} ${locale}`).toEqual(placeholders(texts['en-us']));
        if (locale !== 'en-us') expect(texts[locale], `${key} ${locale}`).not.toBe(texts['en-us']);
      }
    }
  });

  it('fill in names and counts, with the English singular for one', () => {
    expect(classMessage('en-us', 'joined', { name: 'Grade 7 - Sampaguita' })).toEqual({ message: 'You have joined Grade 7 - Sampaguita.' });
    expect(classMessage('ph', 'studentRemoved', { name: 'Jose Dela Cruz' }).message).toBe('Inalis na si Jose Dela Cruz sa klase.');
    expect(addedMessage('en-us', 1).message).toBe('1 student has been added to the class.');
    expect(addedMessage('en-us', 3).message).toBe('3 students have been added to the class.');
    expect(addedMessage('zh', 3).message).toBe('已将 3 名学生加入班级。');
    expect(addedMessage('en-us', 0).message).toBe('No students were added: they are already in the class.');
  });
});

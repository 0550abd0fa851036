import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from '../../i18n/i18n.ts';
import { dueText, waitingText, type Phrase } from './work-text.ts';

/** A time of March 2026 in Manila (UTC+8, the school's time zone), whatever the device's. */
const manila = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 2, day, hour - 8, minute));
/** Thursday, March 5 2026, 9:00 in Manila. */
const NOW = manila(5, 9);
const at = (day: number, hour: number, minute = 0) => manila(day, hour, minute).toISOString();
const say = (p: Phrase, lng = 'en-us') => i18next.getFixedT(lng, 'dashboard')(p.key, p.params);

afterAll(() => changeLanguage('en-us'));

describe('dueText', () => {
  it('names today and tomorrow with the time, later days by count', () => {
    expect(say(dueText(at(5, 17), NOW))).toBe('Due today 5:00 PM');
    expect(say(dueText(at(5, 23, 59), NOW))).toBe('Due today 11:59 PM');
    expect(say(dueText(at(6, 0, 30), NOW))).toBe('Due tomorrow 12:30 AM');
    expect(say(dueText(at(7, 8), NOW))).toBe('Due in 2 days, 8:00 AM');
    expect(say(dueText(at(19, 17), NOW))).toBe('Due in 14 days, 5:00 PM');
  });

  it('says how long overdue work is late', () => {
    expect(say(dueText(at(5, 8), NOW))).toBe('Was due today 8:00 AM');
    expect(say(dueText(at(4, 23), NOW))).toBe('Was due yesterday 11:00 PM');
    expect(say(dueText(at(3, 17), NOW))).toBe('Overdue by 2 days');
  });

  it('speaks Filipino and Chinese', async () => {
    await changeLanguage('zh');
    expect(say(dueText(at(1, 17), NOW), 'zh')).toBe('已逾期 4 天');
    expect(say(dueText(at(6, 17), NOW), 'zh')).toBe('明天 17:00 截止');
    await changeLanguage('ph');
    expect(say(dueText(at(6, 17), NOW), 'ph')).toBe('Ipapasa bukas, 5:00 PM');
    expect(say(waitingText(at(1, 8), NOW), 'ph')).toBe('Pinakamatagal na naghihintay: 4 na araw');
  });
});

describe('waitingText', () => {
  it('counts minutes, then hours, then days', () => {
    expect(say(waitingText(at(5, 9), NOW))).toBe('Oldest waiting 1 minute');
    expect(say(waitingText(at(5, 8, 15), NOW))).toBe('Oldest waiting 45 minutes');
    expect(say(waitingText(at(5, 6), NOW))).toBe('Oldest waiting 3 hours');
    expect(say(waitingText(at(4, 9), NOW))).toBe('Oldest waiting 1 day');
    expect(say(waitingText(at(1, 8), NOW))).toBe('Oldest waiting 4 days');
  });
});

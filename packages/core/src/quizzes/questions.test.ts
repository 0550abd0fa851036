import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { QUESTION_TYPES, answerFor, answerValue, publicQuestion, questionForm, seededShuffle, type PublicQuestion } from './questions.ts';
import { sample, sampleForms, sharedRightPairs, type SampleType } from './test-questions.ts';

/** `path:key` of every issue (the keys are i18n keys of the validation namespace). */
const issues = (schema: z.ZodType, value: unknown): string[] => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.map(String).join('.')}:${i.message}`);
};
const formIssues = (type: SampleType, patch: Record<string, unknown>) => issues(questionForm, { ...sampleForms[type], ...patch });

describe('questionForm: valid questions', () => {
  it('accepts a question of every type and fills the defaults', () => {
    for (const type of QUESTION_TYPES) expect(formIssues(type, {}), type).toEqual([]);
    expect(sample('multipleChoice').multiple).toBe(false);
    expect(sample('shortAnswer').caseSensitive).toBe(false);
    expect(sample('numeric', { tolerance: undefined }).tolerance).toBe(0);
    expect(sample('essay', { guidance: undefined }).guidance).toBe('');
  });

  it('refuses an unknown type', () => {
    expect(issues(questionForm, { ...sampleForms.trueFalse, type: 'dragAndDrop' })).toEqual(['type:invalidChoice']);
  });
});

describe('questionForm: prompt and points', () => {
  it('requires a prompt that shows text or media', () => {
    expect(formIssues('trueFalse', { prompt: '<p> &nbsp; </p><p><br></p>' })).toEqual(['prompt:required']);
    expect(formIssues('trueFalse', { prompt: undefined })).toEqual(['prompt:required']);
    expect(formIssues('trueFalse', { prompt: '<p><img src="https://example.ph/map.png" alt=""></p>' })).toEqual([]);
    expect(formIssues('trueFalse', { prompt: `<p>${'a'.repeat(20_000)}</p>` })).toEqual(['prompt:maxLength']);
  });

  it('takes points above 0, at most 1000, with at most 2 decimals', () => {
    expect(formIssues('trueFalse', { points: 0 })).toEqual(['points:greaterThanZero']);
    expect(formIssues('trueFalse', { points: -1 })).toEqual(['points:greaterThanZero']);
    expect(formIssues('trueFalse', { points: 1000.001 })).toEqual(['points:notGreaterThan', 'points:twoDecimals']);
    expect(formIssues('trueFalse', { points: 1.125 })).toEqual(['points:twoDecimals']);
    expect(formIssues('trueFalse', { points: '5' })).toEqual(['points:required']);
    for (const ok of [0.01, 0.07, 1.15, 2.5, 1000]) expect(formIssues('trueFalse', { points: ok }), String(ok)).toEqual([]);
  });
});

describe('questionForm: multiple choice', () => {
  const choices = sampleForms.multipleChoice.choices;

  it('refuses repeated choice ids and repeated texts (trimmed, any case)', () => {
    expect(formIssues('multipleChoice', { choices: [...choices, { id: 'k3f9', text: 'Baguio' }] })).toEqual(['choices.4.id:invalidChoice']);
    expect(formIssues('multipleChoice', { choices: [...choices, { id: 'b6uu', text: '  manila ' }] })).toEqual(['choices.4.text:duplicateEntry']);
  });

  it('needs 2 to 20 choices with a text of at most 1000 characters', () => {
    expect(formIssues('multipleChoice', { choices: choices.slice(0, 1) })).toEqual(['choices:minItems']);
    const many = Array.from({ length: 21 }, (_, i) => ({ id: `c${i}`, text: `Choice ${i}` }));
    expect(formIssues('multipleChoice', { choices: many, correct: ['c0'] })).toEqual(['choices:notGreaterThan']);
    expect(formIssues('multipleChoice', { choices: [...choices, { id: 'b6uu', text: '   ' }] })).toEqual(['choices.4.text:required']);
    expect(formIssues('multipleChoice', { choices: [...choices, { id: 'b6uu', text: 'x'.repeat(1001) }] })).toEqual(['choices.4.text:maxLength']);
    expect(formIssues('multipleChoice', { choices: [...choices, { id: 'x'.repeat(41), text: 'Baguio' }] })).toEqual(['choices.4.id:maxLength']);
  });

  it('allows < and > in choice texts (they are shown as text)', () => {
    expect(
      formIssues('multipleChoice', {
        choices: [
          { id: 'a', text: '3 < 5' },
          { id: 'b', text: '5 > 7' },
        ],
        correct: ['a'],
      }),
    ).toEqual([]);
  });

  it('needs correct choices among the choices, exactly one unless multiple', () => {
    expect(formIssues('multipleChoice', { correct: ['nope'] })).toEqual(['correct:invalidChoice']);
    expect(formIssues('multipleChoice', { correct: [] })).toEqual(['correct:required']);
    expect(formIssues('multipleChoice', { correct: ['k3f9', 'm4ta'] })).toEqual(['correct:singleCorrect']);
    expect(formIssues('multipleChoice', { correct: ['k3f9', 'm4ta'], multiple: true })).toEqual([]);
    expect(sample('multipleChoice', { correct: ['k3f9', 'k3f9'] }).correct).toEqual(['k3f9']);
  });
});

describe('questionForm: the other types', () => {
  it('requires the true/false key', () => {
    expect(formIssues('trueFalse', { correct: undefined })).toEqual(['correct:required']);
    expect(formIssues('trueFalse', { correct: false })).toEqual([]);
  });

  it('needs 1 to 20 distinct accepted short answers of at most 200 characters', () => {
    expect(formIssues('shortAnswer', { accepted: [] })).toEqual(['accepted:required']);
    expect(formIssues('shortAnswer', { accepted: ['Rizal', ' '] })).toEqual(['accepted.1:required']);
    expect(formIssues('shortAnswer', { accepted: ['x'.repeat(201)] })).toEqual(['accepted.0:maxLength']);
    expect(formIssues('shortAnswer', { accepted: Array.from({ length: 21 }, (_, i) => `a${i}`) })).toEqual(['accepted:notGreaterThan']);
    expect(formIssues('shortAnswer', { accepted: ['Rizal', ' rizal'] })).toEqual(['accepted.1:duplicateEntry']);
    expect(formIssues('shortAnswer', { accepted: ['Rizal', 'rizal'], caseSensitive: true })).toEqual([]);
  });

  it('needs a finite numeric answer and a tolerance of 0 or more', () => {
    expect(formIssues('numeric', { answer: Infinity })).toHaveLength(1);
    expect(formIssues('numeric', { answer: Number.NaN })).toHaveLength(1);
    expect(formIssues('numeric', { answer: undefined })).toEqual(['answer:required']);
    expect(formIssues('numeric', { tolerance: -0.1 })).toEqual(['tolerance:notLessThan']);
    expect(formIssues('numeric', { answer: -273.15, tolerance: 0 })).toEqual([]);
  });

  it('needs 2 to 20 matching pairs with distinct ids and distinct lefts', () => {
    const pairs = sampleForms.matching.pairs;
    expect(formIssues('matching', { pairs: pairs.slice(0, 1) })).toEqual(['pairs:minItems']);
    expect(formIssues('matching', { pairs: [...pairs, { id: 'r7a1', leftId: 'new1', left: 'Batanes group', right: 'Itbayat' }] })).toEqual([
      'pairs.4.id:invalidChoice',
    ]);
    // A left id may not reuse a pair id either: the public question would pair them up.
    expect(formIssues('matching', { pairs: [...pairs, { id: 'new2', leftId: 'r2m8', left: 'Batanes group', right: 'Itbayat' }] })).toEqual([
      'pairs.4.leftId:invalidChoice',
    ]);
    expect(formIssues('matching', { pairs: [...pairs, { id: 'new3', leftId: 'new4', left: 'LUZON GROUP ', right: 'Itbayat' }] })).toEqual([
      'pairs.4.left:duplicateEntry',
    ]);
    expect(formIssues('matching', { pairs: [...pairs, { id: 'new5', leftId: 'new6', left: 'Batanes group', right: '' }] })).toEqual(['pairs.4.right:required']);
  });

  it('keeps essay guidance to 5000 characters', () => {
    expect(formIssues('essay', { guidance: 'x'.repeat(5001) })).toEqual(['guidance:maxLength']);
  });
});

describe('answers', () => {
  it('validates each type’s answer body', () => {
    expect(issues(answerFor('multipleChoice'), { choiceIds: Array.from({ length: 21 }, (_, i) => `c${i}`) })).toEqual(['choiceIds:notGreaterThan']);
    expect(issues(answerFor('trueFalse'), { value: 'true' })).toEqual(['value:required']);
    expect(issues(answerFor('shortAnswer'), { text: 'x'.repeat(501) })).toEqual(['text:maxLength']);
    expect(issues(answerFor('numeric'), { value: Infinity })).toHaveLength(1);
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${i}`, `r${i}`]));
    expect(issues(answerFor('matching'), { pairs: tooMany })).toEqual(['pairs:invalidChoice']);
    expect(issues(answerFor('essay'), { html: 'x'.repeat(50_001) })).toEqual(['html:maxLength']);
    expect(issues(answerFor('essay'), { html: '<p>Bayanihan</p>' })).toEqual([]);
  });

  it('tells answers apart by type', () => {
    expect(answerValue.parse({ type: 'numeric', value: -2.5 })).toEqual({ type: 'numeric', value: -2.5 });
    expect(issues(answerValue, { type: 'numeric', text: '2.5' })).toEqual(['value:required']);
    expect(issues(answerValue, { type: 'ranking', order: [] })).toEqual(['type:invalidChoice']);
  });
});

describe('seededShuffle', () => {
  const items = Array.from({ length: 12 }, (_, i) => `item${i}`);

  it('gives the same order for the same seed and leaves the input alone', () => {
    const copy = [...items];
    expect(seededShuffle(items, 'attempt-1:q-1')).toEqual(seededShuffle(items, 'attempt-1:q-1'));
    expect(items).toEqual(copy);
  });

  it('returns a permutation', () => {
    for (const seed of ['a', 'b', 'attempt-42:q-7', '']) expect([...seededShuffle(items, seed)].sort()).toEqual([...items].sort());
    expect(seededShuffle([], 'x')).toEqual([]);
    expect(seededShuffle(['only'], 'x')).toEqual(['only']);
  });

  it('gives different seeds different orders and puts every item first about as often', () => {
    const orders = new Set(Array.from({ length: 50 }, (_, i) => seededShuffle(items, `attempt-${i}`).join()));
    expect(orders.size).toBe(50);
    const firsts = new Map<string, number>();
    for (let i = 0; i < 1200; i++) {
      const first = seededShuffle(['a', 'b', 'c', 'd'], `attempt-${i}:q-3`)[0] ?? '';
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    for (const letter of ['a', 'b', 'c', 'd']) expect(firsts.get(letter) ?? 0).toBeGreaterThan(240);
  });
});

describe('publicQuestion', () => {
  const secrets: Record<SampleType, string[]> = {
    multipleChoice: ['"correct"'],
    trueFalse: ['"correct"', ':true'],
    shortAnswer: ['"accepted"', 'Rizal'],
    numeric: ['"answer"', '"tolerance"', '9.81', '0.05'],
    matching: ['"pairs"', '"left"', '"right"', 'r7a1":"l9c2', 'l9c2":"r7a1'],
    essay: ['"guidance"', 'concrete community example'],
  };

  it('never sends the key or the grader’s guidance, shuffled or not', () => {
    for (const type of QUESTION_TYPES) {
      for (const seed of [undefined, 'attempt-9:q-1']) {
        const json = JSON.stringify(publicQuestion(sample(type), seed));
        for (const secret of secrets[type]) expect(json, `${type} ${seed ?? ''}`).not.toContain(secret);
      }
    }
  });

  it('keeps what a student needs', () => {
    expect(publicQuestion(sample('trueFalse'))).toEqual({ type: 'trueFalse', id: 'q-trueFalse', prompt: sampleForms.trueFalse.prompt, points: 1 });
    expect(publicQuestion(sample('shortAnswer', { caseSensitive: true }))).toMatchObject({ type: 'shortAnswer', caseSensitive: true });
    const mc = publicQuestion(sample('multipleChoice', { multiple: true, correct: ['k3f9', 'm4ta'] }));
    expect(mc).toEqual({
      type: 'multipleChoice',
      id: 'q-multipleChoice',
      prompt: sampleForms.multipleChoice.prompt,
      points: 2,
      multiple: true,
      choices: sampleForms.multipleChoice.choices,
    });
  });

  it('shuffles multiple-choice choices by the seed', () => {
    const q = sample('multipleChoice');
    const ids = (p: PublicQuestion) => (p.type === 'multipleChoice' ? p.choices.map((c) => c.id) : []);
    const a = ids(publicQuestion(q, 'attempt-1:q-1'));
    expect(a).toEqual(ids(publicQuestion(q, 'attempt-1:q-1')));
    expect([...a].sort()).toEqual(['k3f9', 'm4ta', 'p0zz', 'x81q']);
    const orders = new Set(Array.from({ length: 20 }, (_, i) => ids(publicQuestion(q, `attempt-${i}:q-1`)).join()));
    expect(orders.size).toBeGreaterThan(5);
  });

  it('gives matching lefts and right-hand options whose order and ids do not reveal the pairs', () => {
    const q = sample('matching');
    const p = publicQuestion(q);
    if (p.type !== 'matching') throw new Error('matching expected');
    expect(p.lefts).toEqual(q.pairs.map((x) => ({ id: x.leftId, text: x.left })));
    // Sorted by text, not in the teacher's order; the ids are the pair ids.
    expect(p.rights).toEqual([
      { id: 'r0b6', text: 'Basilan' },
      { id: 'r7a1', text: 'Luzon' },
      { id: 'r5x3', text: 'Mindanao' },
      { id: 'r2m8', text: 'Samar' },
    ]);
    // The teacher's order of the pairs does not change what a student gets, seeded or not.
    const reordered = sample('matching', { pairs: [...sampleForms.matching.pairs].reverse() });
    expect(publicQuestion(reordered)).toMatchObject({ rights: p.rights });
    expect(publicQuestion(reordered, 'attempt-3:q-2')).toMatchObject({ rights: (publicQuestion(q, 'attempt-3:q-2') as typeof p).rights });
    const leftIds = new Set(p.lefts.map((l) => l.id));
    expect(p.rights.some((r) => leftIds.has(r.id))).toBe(false);
  });

  it('offers a right-hand text shared by two pairs once', () => {
    const q = sample('matching', { pairs: sharedRightPairs });
    expect(publicQuestion(q)).toMatchObject({
      rights: [
        { id: 'a3', text: 'Bird' },
        { id: 'a1', text: 'Mammal' },
      ],
    });
  });
});

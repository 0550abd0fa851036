import { z } from 'zod';
import { shuffle } from '../classes/split.ts';
import { V, safeString } from '../validation/rules.ts';

/**
 * Quiz questions (issue 6): what a teacher saves (`questionForm`), what a student is sent
 * (`publicQuestion`, never the answer key) and what a student answers (`answerFor`, `answerValue`).
 * Pure and isomorphic: the SPA validates the editor with these schemas, the API validates the
 * request bodies with the same ones and grades with `grading.ts`.
 *
 * - `prompt` is rich-text HTML (the server sanitizes it like other rich text); it must show some
 *   text or media, at most PROMPT_MAX characters. `points` is > 0, ≤ POINTS_MAX, 2 decimals at most.
 * - Choice, pair and left ids are made by the editor and must be opaque random strings
 *   (`crypto.randomUUID()`): students see them, so an id must not hint at the key.
 * - Short texts (choices, matching sides, accepted answers) are plain text shown as text, never
 *   as HTML; unlike `requiredText` they may contain `<` and `>` ("3 < 5" is a fair choice).
 * - Types: multipleChoice (one or several correct choices), trueFalse, shortAnswer (accepted
 *   answers, case option), numeric (absolute tolerance), matching (pairs left → right), essay
 *   (graded by hand; `guidance` is for the grader only).
 * - Matching: each pair has an `id` (which also identifies its right-hand option) and a separate
 *   `leftId` (which identifies its left-hand item); a student's answer maps leftId → pair id. Two
 *   ids per pair keep the public question from pairing lefts and rights by a shared id.
 */

export const QUESTION_TYPES = ['multipleChoice', 'trueFalse', 'shortAnswer', 'numeric', 'matching', 'essay'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const PROMPT_MAX = 20_000;
export const POINTS_MAX = 1000;
export const ITEM_ID_MAX = 40;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 20;
export const CHOICE_TEXT_MAX = 1000;
export const ACCEPTED_MAX = 20;
export const ACCEPTED_TEXT_MAX = 200;
export const PAIRS_MIN = 2;
export const PAIRS_MAX = 20;
export const PAIR_TEXT_MAX = 300;
export const GUIDANCE_MAX = 5000;
export const ANSWER_TEXT_MAX = 500;
export const ESSAY_HTML_MAX = 50_000;

// ---------------------------------------------------------------------------------------------
// Text helpers

/**
 * How typed texts are compared: Unicode NFC, trimmed, inner whitespace collapsed to one space,
 * lower-cased unless case-sensitive.
 */
export const normalizeText = (s: string, caseSensitive: boolean): string => {
  const t = s.normalize('NFC').trim().replace(/\s+/gu, ' ');
  return caseSensitive ? t : t.toLowerCase().normalize('NFC');
};

const MEDIA_RE = /<(img|video|audio|iframe|svg|math)\b/i;
/** Rich text that shows something: text other than whitespace, or an image or other media. */
export const htmlHasContent = (html: string): boolean =>
  MEDIA_RE.test(html) ||
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .trim() !== '';

/** True when `n` has at most two decimals (what `roundPoints` keeps). */
export const hasTwoDecimalsAtMost = (n: number): boolean => Math.round(n * 100) / 100 === n;

/** A required plain text shown as text (no markup check: see the header). */
const quizText = (max: number) => safeString({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.maxLength });

const itemId = safeString({ error: V.required }).min(1, { error: V.required }).max(ITEM_ID_MAX, { error: V.maxLength });

/** Flags every entry whose key was already seen (the first one stays valid). */
const flagRepeats = (ctx: z.RefinementCtx, entries: [key: string, path: PropertyKey[]][], message: string) => {
  const seen = new Set<string>();
  for (const [key, path] of entries) {
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message });
    seen.add(key);
  }
};

// ---------------------------------------------------------------------------------------------
// What a teacher saves

const common = {
  prompt: safeString({ error: V.required }).max(PROMPT_MAX, { error: V.maxLength }).refine(htmlHasContent, { error: V.required }),
  points: z
    .number({ error: V.required })
    .gt(0, { error: V.greaterThanZero })
    .max(POINTS_MAX, { error: V.notGreaterThan })
    .refine(hasTwoDecimalsAtMost, { error: V.twoDecimals }),
};

const multipleChoiceQuestion = z
  .object({
    type: z.literal('multipleChoice'),
    ...common,
    choices: z
      .array(z.object({ id: itemId, text: quizText(CHOICE_TEXT_MAX) }))
      .min(CHOICES_MIN, { error: V.minItems })
      .max(CHOICES_MAX, { error: V.notGreaterThan }),
    /** Several correct choices (check boxes, partial credit) or exactly one (radio buttons). */
    multiple: z.boolean().default(false),
    /** Ids of the correct choices (repeats are dropped). */
    correct: z
      .array(itemId)
      .min(1, { error: V.required })
      .max(CHOICES_MAX, { error: V.notGreaterThan })
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((q, ctx) => {
    flagRepeats(
      ctx,
      q.choices.map((c, i) => [c.id, ['choices', i, 'id']]),
      V.invalidChoice,
    );
    flagRepeats(
      ctx,
      q.choices.map((c, i) => [normalizeText(c.text, false), ['choices', i, 'text']]),
      V.duplicateEntry,
    );
    const ids = new Set(q.choices.map((c) => c.id));
    if (q.correct.some((id) => !ids.has(id))) ctx.addIssue({ code: 'custom', path: ['correct'], message: V.invalidChoice });
    else if (!q.multiple && q.correct.length > 1) ctx.addIssue({ code: 'custom', path: ['correct'], message: V.singleCorrect });
  });

const trueFalseQuestion = z.object({ type: z.literal('trueFalse'), ...common, correct: z.boolean({ error: V.required }) });

const shortAnswerQuestion = z
  .object({
    type: z.literal('shortAnswer'),
    ...common,
    accepted: z.array(quizText(ACCEPTED_TEXT_MAX)).min(1, { error: V.required }).max(ACCEPTED_MAX, { error: V.notGreaterThan }),
    caseSensitive: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    flagRepeats(
      ctx,
      q.accepted.map((a, i) => [normalizeText(a, q.caseSensitive), ['accepted', i]]),
      V.duplicateEntry,
    );
  });

const numericQuestion = z.object({
  type: z.literal('numeric'),
  ...common,
  /** zod 4 numbers are finite: NaN and ±Infinity are refused. */
  answer: z.number({ error: V.required }),
  /** Absolute: a value within answer ± tolerance is correct. */
  tolerance: z.number({ error: V.required }).min(0, { error: V.notLessThan }).default(0),
});

const matchingQuestion = z
  .object({
    type: z.literal('matching'),
    ...common,
    pairs: z
      .array(z.object({ id: itemId, leftId: itemId, left: quizText(PAIR_TEXT_MAX), right: quizText(PAIR_TEXT_MAX) }))
      .min(PAIRS_MIN, { error: V.minItems })
      .max(PAIRS_MAX, { error: V.notGreaterThan }),
  })
  .superRefine((q, ctx) => {
    // Pair ids and left ids share one namespace: all distinct.
    const ids = q.pairs.flatMap((p, i): [string, PropertyKey[]][] => [
      [p.id, ['pairs', i, 'id']],
      [p.leftId, ['pairs', i, 'leftId']],
    ]);
    flagRepeats(ctx, ids, V.invalidChoice);
    flagRepeats(
      ctx,
      q.pairs.map((p, i) => [normalizeText(p.left, false), ['pairs', i, 'left']]),
      V.duplicateEntry,
    );
  });

const essayQuestion = z.object({
  type: z.literal('essay'),
  ...common,
  /** Notes for the grader (a model answer, what to look for); never sent to students. */
  guidance: safeString().trim().max(GUIDANCE_MAX, { error: V.maxLength }).default(''),
});

/** A question as the teacher's editor saves it (the API adds its `id`). */
export const questionForm = z.discriminatedUnion(
  'type',
  [multipleChoiceQuestion, trueFalseQuestion, shortAnswerQuestion, numericQuestion, matchingQuestion, essayQuestion],
  { error: V.invalidChoice },
);
export type QuestionForm = z.input<typeof questionForm>;
export type QuestionFormValues = z.output<typeof questionForm>;
export type QuestionOf<T extends QuestionType> = Extract<QuestionFormValues, { type: T }>;
/** A stored question: the saved form plus its id. */
export type Question = QuestionFormValues & { id: string };

// ---------------------------------------------------------------------------------------------
// What a student answers

const answerBodies = {
  multipleChoice: z.object({ choiceIds: z.array(safeString().max(ITEM_ID_MAX)).max(CHOICES_MAX, { error: V.notGreaterThan }) }),
  trueFalse: z.object({ value: z.boolean({ error: V.required }) }),
  shortAnswer: z.object({ text: safeString({ error: V.required }).max(ANSWER_TEXT_MAX, { error: V.maxLength }) }),
  numeric: z.object({ value: z.number({ error: V.required }) }),
  /** leftId → pair id (the id of the chosen right-hand option). */
  matching: z.object({
    pairs: z
      .record(safeString().min(1).max(ITEM_ID_MAX), safeString().min(1).max(ITEM_ID_MAX))
      .refine((r) => Object.keys(r).length <= PAIRS_MAX, { error: V.invalidChoice }),
  }),
  essay: z.object({ html: safeString({ error: V.required }).max(ESSAY_HTML_MAX, { error: V.maxLength }) }),
} as const;

/** The answer body of one question type (without `type`). */
export const answerFor = <T extends QuestionType>(type: T): (typeof answerBodies)[T] => answerBodies[type];

/** A student's answer to one question, tagged with the question's type (what the API receives). */
export const answerValue = z.discriminatedUnion(
  'type',
  [
    answerBodies.multipleChoice.extend({ type: z.literal('multipleChoice') }),
    answerBodies.trueFalse.extend({ type: z.literal('trueFalse') }),
    answerBodies.shortAnswer.extend({ type: z.literal('shortAnswer') }),
    answerBodies.numeric.extend({ type: z.literal('numeric') }),
    answerBodies.matching.extend({ type: z.literal('matching') }),
    answerBodies.essay.extend({ type: z.literal('essay') }),
  ],
  { error: V.invalidChoice },
);
export type AnswerValue = z.infer<typeof answerValue>;
export type AnswerOf<T extends QuestionType> = Extract<AnswerValue, { type: T }>;

// ---------------------------------------------------------------------------------------------
// What a student is sent

/** FNV-1a (32 bit) of the seed's UTF-16 code units. */
const hashSeed = (seed: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/** A deterministic generator of numbers in [0, 1) (mulberry32) seeded by a string. */
export const seededRandom = (seed: string): (() => number) => {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * A permutation of `items` fixed by `seed` (same seed, same order), e.g. attemptId + questionId
 * for a question's choices, so a reload shows the same order. Not secret: ordering only.
 */
export const seededShuffle = <T>(items: readonly T[], seed: string): T[] => shuffle(items, seededRandom(seed));

const option = z.object({ id: z.string(), text: z.string() });
const publicBase = { id: z.string(), prompt: z.string(), points: z.number() };

/** A question as a student sees it: no key, no grader's guidance. */
export const publicQuestionShape = z.discriminatedUnion('type', [
  z.object({ type: z.literal('multipleChoice'), ...publicBase, multiple: z.boolean(), choices: z.array(option) }),
  z.object({ type: z.literal('trueFalse'), ...publicBase }),
  z.object({ type: z.literal('shortAnswer'), ...publicBase, caseSensitive: z.boolean() }),
  z.object({ type: z.literal('numeric'), ...publicBase }),
  /** `lefts[].id` are left ids, `rights[].id` pair ids (the value of the answer's map). */
  z.object({ type: z.literal('matching'), ...publicBase, lefts: z.array(option), rights: z.array(option) }),
  z.object({ type: z.literal('essay'), ...publicBase }),
]);
export type PublicQuestion = z.infer<typeof publicQuestionShape>;

const collator = new Intl.Collator('en', { numeric: true });

/**
 * The right-hand options of a matching question: one per distinct text (pairs sharing a right
 * text offer it once; grading compares texts), sorted by text so their order says nothing about
 * the pairs, then shuffled by `seed` when given.
 */
const matchingRights = (pairs: QuestionOf<'matching'>['pairs'], seed?: string) => {
  const byText = new Map<string, { id: string; text: string }>();
  for (const p of pairs) {
    const key = normalizeText(p.right, true);
    if (!byText.has(key)) byText.set(key, { id: p.id, text: p.right });
  }
  const sorted = [...byText.values()].sort((a, b) => collator.compare(a.text, b.text) || a.id.localeCompare(b.id));
  return seed === undefined ? sorted : seededShuffle(sorted, seed);
};

/**
 * What a student gets for a question: never `correct`, `accepted`, `answer`, `tolerance` or
 * `guidance`. With a `seed` (e.g. attemptId + questionId, when the quiz shuffles choices) the
 * choices of a multiple-choice question and the right-hand options of a matching question come in
 * a seeded order; without one, choices keep the teacher's order and matching options are sorted
 * by text (the teacher's order of the pairs would give the key away).
 */
export const publicQuestion = (q: Question, seed?: string): PublicQuestion => {
  const base = { id: q.id, prompt: q.prompt, points: q.points };
  switch (q.type) {
    case 'multipleChoice': {
      const choices = q.choices.map((c) => ({ id: c.id, text: c.text }));
      return { type: q.type, ...base, multiple: q.multiple, choices: seed === undefined ? choices : seededShuffle(choices, seed) };
    }
    case 'shortAnswer':
      return { type: q.type, ...base, caseSensitive: q.caseSensitive };
    case 'matching':
      return {
        type: q.type,
        ...base,
        lefts: q.pairs.map((p) => ({ id: p.leftId, text: p.left })),
        rights: matchingRights(q.pairs, seed),
      };
    case 'trueFalse':
    case 'numeric':
    case 'essay':
      return { type: q.type, ...base };
  }
};

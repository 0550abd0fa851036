import type { QuestionForm, QuestionFormValues, QuestionType } from '@klase/core/quizzes/questions';

/**
 * What the question editor edits: the fields of every type (the type picks which are shown and
 * sent). Numbers are '' while their field is empty; `trueFalse` is '' until the teacher picks.
 */
export interface QuestionEditorState {
  type: QuestionType;
  prompt: string;
  points: number | string;
  choices: { id: string; text: string }[];
  multiple: boolean;
  correct: string[];
  trueFalse: '' | 'true' | 'false';
  accepted: string[];
  caseSensitive: boolean;
  answer: number | string;
  tolerance: number | string;
  pairs: { id: string; leftId: string; left: string; right: string }[];
  guidance: string;
}

/** Choice, pair and left ids are opaque random strings (students see them; they must not hint at the key). */
export const newId = (): string => crypto.randomUUID();
export const newChoice = () => ({ id: newId(), text: '' });
export const newPair = () => ({ id: newId(), leftId: newId(), left: '', right: '' });

export const DEFAULT_POINTS = 1;

export const emptyQuestionState = (type: QuestionType): QuestionEditorState => ({
  type,
  prompt: '',
  points: DEFAULT_POINTS,
  choices: type === 'multipleChoice' ? [newChoice(), newChoice()] : [],
  multiple: false,
  correct: [],
  trueFalse: '',
  accepted: type === 'shortAnswer' ? [''] : [],
  caseSensitive: false,
  answer: '',
  tolerance: 0,
  pairs: type === 'matching' ? [newPair(), newPair()] : [],
  guidance: '',
});

/** A saved question → the editor's state. */
export const stateFromQuestion = (q: QuestionFormValues): QuestionEditorState => {
  const base = emptyQuestionState(q.type);
  const common = { ...base, prompt: q.prompt, points: q.points };
  switch (q.type) {
    case 'multipleChoice':
      return { ...common, choices: q.choices.map((c) => ({ ...c })), multiple: q.multiple, correct: [...q.correct] };
    case 'trueFalse':
      return { ...common, trueFalse: q.correct ? 'true' : 'false' };
    case 'shortAnswer':
      return { ...common, accepted: [...q.accepted], caseSensitive: q.caseSensitive };
    case 'numeric':
      return { ...common, answer: q.answer, tolerance: q.tolerance };
    case 'matching':
      return { ...common, pairs: q.pairs.map((p) => ({ ...p })) };
    case 'essay':
      return { ...common, guidance: q.guidance };
  }
};

/** An empty number field is "required" (NaN), not a default. */
const num = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** The request body of the question's type (checked with the shared `questionForm` before sending). */
export const stateToQuestion = (s: QuestionEditorState): QuestionForm => {
  const common = { prompt: s.prompt, points: num(s.points) };
  switch (s.type) {
    case 'multipleChoice':
      // Only ids of choices still listed: removing a marked choice unmarks it.
      return { type: s.type, ...common, choices: s.choices, multiple: s.multiple, correct: s.correct.filter((id) => s.choices.some((c) => c.id === id)) };
    case 'trueFalse':
      // Nothing picked yet: `correct` is left out, so the shared schema reports it as required.
      return s.trueFalse === '' ? ({ type: s.type, ...common } as QuestionForm) : { type: s.type, ...common, correct: s.trueFalse === 'true' };
    case 'shortAnswer':
      return { type: s.type, ...common, accepted: s.accepted, caseSensitive: s.caseSensitive };
    case 'numeric':
      return { type: s.type, ...common, answer: num(s.answer), tolerance: num(s.tolerance) };
    case 'matching':
      return { type: s.type, ...common, pairs: s.pairs };
    case 'essay':
      return { type: s.type, ...common, guidance: s.guidance };
  }
};

/** Moves errors from the request's paths to the editor's fields (true/false's `correct` is the `trueFalse` field). */
export const toEditorErrors = (type: QuestionType, errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [type === 'trueFalse' && path === 'correct' ? 'trueFalse' : path, message]));

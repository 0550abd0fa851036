import { questionForm, type Question, type QuestionForm } from './questions.ts';

/** Valid questions of every type for the tests (ids are opaque, as the editor makes them). */
export const sampleForms = {
  multipleChoice: {
    type: 'multipleChoice',
    prompt: '<p>What is the capital of the Philippines?</p>',
    points: 2,
    choices: [
      { id: 'k3f9', text: 'Manila' },
      { id: 'x81q', text: 'Cebu City' },
      { id: 'p0zz', text: 'Davao City' },
      { id: 'm4ta', text: 'Quezon City' },
    ],
    correct: ['k3f9'],
  },
  trueFalse: { type: 'trueFalse', prompt: '<p>Mount Apo is the highest mountain in the Philippines.</p>', points: 1, correct: true },
  shortAnswer: {
    type: 'shortAnswer',
    prompt: '<p>Who wrote <em>Noli Me Tángere</em>?</p>',
    points: 1,
    accepted: ['José Rizal', 'Jose Rizal', 'Rizal'],
  },
  numeric: { type: 'numeric', prompt: '<p>Acceleration due to gravity in m/s²?</p>', points: 3, answer: 9.81, tolerance: 0.05 },
  matching: {
    type: 'matching',
    prompt: '<p>Match each island group with its largest island.</p>',
    points: 2,
    pairs: [
      { id: 'r7a1', leftId: 'l9c2', left: 'Luzon group', right: 'Luzon' },
      { id: 'r2m8', leftId: 'lq0d', left: 'Visayas group', right: 'Samar' },
      { id: 'r5x3', leftId: 'l1zk', left: 'Mindanao group', right: 'Mindanao' },
      { id: 'r0b6', leftId: 'l4wp', left: 'Sulu group', right: 'Basilan' },
    ],
  },
  essay: {
    type: 'essay',
    prompt: '<p>Explain why the Bayanihan spirit matters today.</p>',
    points: 10,
    guidance: 'Look for a concrete community example and a clear thesis.',
  },
} satisfies Record<string, QuestionForm>;

export type SampleType = keyof typeof sampleForms;

/** A stored question of that type (parsed like the API does, with an id). */
export const sample = <T extends SampleType>(type: T, patch: Record<string, unknown> = {}, id = `q-${type}`) =>
  ({ ...questionForm.parse({ ...sampleForms[type], ...patch }), id }) as Extract<Question, { type: T }>;

/** Matching pairs where two lefts share one right-hand text. */
export const sharedRightPairs = [
  { id: 'a1', leftId: 'b1', left: 'Carabao', right: 'Mammal' },
  { id: 'a2', leftId: 'b2', left: 'Tamaraw', right: 'Mammal' },
  { id: 'a3', leftId: 'b3', left: 'Philippine eagle', right: 'Bird' },
];

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { assignmentSettingsForm, type SubmissionType } from '@klase/core/assessments/assignments';
import { answerValue, questionForm, type AnswerValue, type Question, type QuestionFormValues } from '@klase/core/assessments/questions';
import { attemptDeadline, quizSettingsForm, type QuizSettingsForm } from '@klase/core/assessments/quiz-settings';
import { completeMaterial, saveSettings as saveAssignmentSettings } from '../modules/assignments/assignments.repo.ts';
import { finalizeAttempt, gradeStored, questionMap, storeCombinedGrade } from '../modules/quizzes/grade-store.ts';
import { insertAttempt, insertQuestions, saveAnswer, saveSettings as saveQuizSettings, setManualGrade, syncMaxPoints, toQuestion } from '../modules/quizzes/quizzes.repo.ts';
import { sanitizeRichText } from '../platform/sanitize.ts';
import type { Db } from './client.ts';
import { assignmentSettings, quizAttempts, quizQuestions, quizSettings, submissions } from './schema/assessments.ts';
import { classes } from './schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from './schema/courses.ts';
import { schools } from './schema/tenancy.ts';
import { users } from './schema/users.ts';
import { DEMO_COURSES } from './seed-courses.ts';

/**
 * The demo's assessments (issue 6), added by `seedDemo` to teacher1's demo courses (seed-courses.ts):
 * assignments (one overdue with late work accepted, one due next week), a quiz and a graded
 * activity per course, with the demo students' work in every state a list shows (submitted on
 * time, late, graded, returned, missing) and quiz attempts graded by core's engine through the
 * quizzes module's own grading (grade-store.ts). Times are relative to the seed, so the demo always
 * looks current. Safe to run again: a graded material that already has settings, questions or work
 * is left alone.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Offsets are in hours from the seed time; `D` days. */
const D = 24;

type DemoStudent = 'student1' | 'student2' | 'student3' | 'student4' | 'student5' | 'student6';

/** A new material's own fields; a demo material that is already in the course keeps its own. */
interface NewMaterial {
  instructions: string;
  maxPoints: number;
  dueInDays: number;
}

interface Handed {
  /** When it was submitted (hours from now). */
  at: number;
  text: string;
  /** The teacher's grade; `returned` hands it back (students and parents see it). */
  grade?: { points: number; feedback?: string; at: number; returned: boolean };
}

interface DemoAssignment {
  type: 'assignment';
  element: string;
  name: string;
  create?: NewMaterial;
  settings: { openInDays?: number; allowLate: boolean; lateUntilInDays?: number; submissionType: SubmissionType; maxFiles?: number; maxFileMb?: number };
  work: Partial<Record<DemoStudent, Handed>>;
}

interface DemoActivity {
  type: 'activity';
  element: string;
  name: string;
  create?: NewMaterial;
  /** An existing activity without a due date gets this one. */
  dueInDays: number;
  grades: Partial<Record<DemoStudent, { points: number; feedback?: string; at: number }>>;
}

/** A question as the demo writes it: choices and pairs by text (the ids are made as the editor makes them), the key by index. */
type DemoQuestion = { prompt: string; points: number } & (
  | { type: 'multipleChoice'; choices: string[]; correct: number[] }
  | { type: 'trueFalse'; correct: boolean }
  | { type: 'shortAnswer'; accepted: string[] }
  | { type: 'numeric'; answer: number; tolerance: number }
  | { type: 'matching'; pairs: [left: string, right: string][] }
  | { type: 'essay'; guidance: string }
);

/** A student's answer by index: the picked choices, or for each left (in the teacher's order) the pair whose right side was chosen. */
type DemoAnswer = { pick: number[] } | { value: boolean } | { text: string } | { number: number } | { match: number[] } | { essay: string } | null;

interface DemoAttempt {
  /** Submitted at (hours from now), after `minutes` of work. */
  at: number;
  minutes: number;
  answers: DemoAnswer[];
  /** The teacher's score of the essay (none: it waits). */
  essay?: { points: number; feedback: string; at: number };
}

interface DemoQuiz {
  type: 'quiz';
  element: string;
  name: string;
  create?: NewMaterial;
  settings: QuizSettingsForm;
  questions: DemoQuestion[];
  attempts: Partial<Record<DemoStudent, DemoAttempt[]>>;
}

type DemoGraded = DemoAssignment | DemoActivity | DemoQuiz;

interface DemoCourseWork {
  /** A course of DEMO_COURSES taught by teacher1. */
  course: string;
  /** Pages, videos and links students finished before their work (material name, hours from now). */
  reads: Partial<Record<DemoStudent, [material: string, at: number][]>>;
  materials: DemoGraded[];
}

/** The quiz settings of the demo: 20 minutes, two attempts, the higher counts, answers after submitting, 75% to pass. */
const QUIZ_SETTINGS: QuizSettingsForm = { timeLimitMinutes: 20, attemptsAllowed: 2, gradingMethod: 'highest', showAnswers: 'afterSubmit', passingPercent: 75 };

export const DEMO_WORK: readonly DemoCourseWork[] = [
  {
    course: 'Science 7: Living Things',
    reads: {
      student2: [
        ['A tour of the cell', -22],
        ['Cell (biology) reference', -20],
      ],
      student4: [
        ['What is a cell?', -9 * D],
        ['A tour of the cell', -8 * D],
        ['Cell (biology) reference', -7 * D],
        ['Food chains in a rice field', -4 * D],
      ],
      student5: [
        ['What is a cell?', -8 * D],
        ['A tour of the cell', -7 * D],
        ['Cell (biology) reference', -6 * D],
      ],
      student6: [
        ['What is a cell?', -7 * D],
        ['A tour of the cell', -6 * D],
        ['Cell (biology) reference', -5 * D],
        ['Food chains in a rice field', -2 * D],
      ],
    },
    materials: [
      {
        type: 'assignment',
        element: 'Cells, the units of life',
        name: 'Cell analogy: our school as a cell',
        create: {
          instructions:
            '<p>A cell works like a busy school. Choose <strong>five</strong> cell parts and compare each one to a part of Rizal National High School.</p>' +
            '<ul><li>Name the cell part and say what it does.</li><li>Name the part of the school that does a similar job, and explain why.</li></ul>' +
            '<p>Example: the <em>cell membrane</em> is like the school gate and its guard: it decides what comes in and what goes out.</p>' +
            '<p>Write at least one complete sentence for each part. Scoring: 3 points for each correct comparison and 5 points for clear writing.</p>',
          maxPoints: 20,
          dueInDays: -3,
        },
        settings: { openInDays: -10, allowLate: true, lateUntilInDays: 4, submissionType: 'text' },
        work: {
          student4: {
            at: -5 * D,
            text:
              '<ul><li><strong>Nucleus</strong>: the principal&#39;s office, because it gives the instructions for the whole school.</li>' +
              '<li><strong>Cell membrane</strong>: the gate and the guard, who decide who and what comes in and out.</li>' +
              '<li><strong>Mitochondria</strong>: the canteen, which gives everyone the energy to work.</li>' +
              '<li><strong>Cytoplasm</strong>: the hallways and the quadrangle, where everything moves around.</li>' +
              '<li><strong>Vacuole</strong>: the library, where things are kept.</li></ul>',
            grade: {
              points: 18,
              feedback:
                '<p>Very good comparisons, Isabel. The mitochondria as the canteen is clever. Check the vacuole: it stores water and food, so it is more like the storage room than the library.</p>',
              at: -2 * D,
              returned: true,
            },
          },
          student5: {
            at: -4 * D,
            text: '<p>The nucleus is like the principal because it controls the school. The cell membrane is like the fence. The mitochondria is like the generator that gives power during a brownout. The ribosome is like the guidance office. The cytoplasm is like the classrooms where the work happens.</p>',
            grade: {
              points: 15,
              feedback: '<p>Four good comparisons. The ribosome is not like the guidance office: ribosomes make proteins, so think of a part of the school that makes things.</p>',
              at: -1 * D,
              returned: false,
            },
          },
          student6: {
            at: -3 * D - 2,
            text: '<p>Nucleus: the faculty room, where the teachers plan everything. Cell membrane: the school gate. Chloroplast: the school garden, because plants make food there. Cell wall: the concrete wall around the school. Vacuole: the water tank on the roof.</p>',
          },
          student2: {
            at: -18,
            text: '<p>The nucleus is like the principal&#39;s office because it tells everyone what to do. The cell membrane is like the security guard at the gate. The mitochondria is like the canteen because food gives us energy. The cytoplasm is like the covered court where all the students gather. The vacuole is like the supply room.</p>',
          },
        },
      },
      {
        type: 'assignment',
        element: 'Ecosystems around us',
        name: 'Draw a plant cell and an animal cell',
        settings: { allowLate: false, submissionType: 'both', maxFiles: 3, maxFileMb: 10 },
        work: {
          student4: {
            at: -30,
            text:
              '<p>I drew both cells in my science notebook and will show the page in class.</p>' +
              '<p><strong>Plant cell:</strong> cell wall, cell membrane, nucleus, chloroplast, large vacuole.</p>' +
              '<p><strong>Animal cell:</strong> cell membrane, nucleus, cytoplasm, mitochondria, small vacuoles.</p>',
            grade: { points: 19, feedback: '<p>Neat labels and the right parts. Show the big central vacuole of the plant cell more clearly next time.</p>', at: -20, returned: true },
          },
          student6: {
            at: -6,
            text:
              '<p><strong>Plant cell parts:</strong> cell wall, chloroplast, nucleus, vacuole, cytoplasm.</p>' +
              '<p><strong>Animal cell parts:</strong> cell membrane, nucleus, mitochondria, cytoplasm, ribosomes.</p><p>My drawing is on page 14 of my notebook.</p>',
          },
        },
      },
      {
        type: 'activity',
        element: 'Ecosystems around us',
        name: 'Food web role-play',
        create: {
          instructions:
            '<p>In class, each group acts out a rice field food web. Every student holds the card of one living thing (palay, grasshopper, golden kuhol, frog, heron, mushroom) and joins the web with yarn to what it eats.</p>' +
            '<p>Then the teacher takes one living thing away, and your group explains what happens to the others. Graded on taking part, correct links and a clear explanation.</p>',
          maxPoints: 10,
          dueInDays: -2,
        },
        dueInDays: -2,
        grades: {
          student2: { points: 8, feedback: '<p>Good links. Speak louder when you explain to the class.</p>', at: -45 },
          student4: { points: 10, at: -45 },
          student5: { points: 9, at: -45 },
          student6: { points: 7, feedback: '<p>Two links pointed the wrong way: the frog eats the grasshopper, not the other way round.</p>', at: -45 },
        },
      },
      {
        type: 'quiz',
        element: 'Check your understanding',
        name: 'Cells and ecosystems quiz',
        settings: QUIZ_SETTINGS,
        questions: [
          {
            type: 'multipleChoice',
            prompt: '<p>Which part of the cell controls its activities, the way a principal runs a school?</p>',
            points: 4,
            choices: ['Nucleus', 'Cell wall', 'Vacuole', 'Cytoplasm'],
            correct: [0],
          },
          {
            type: 'multipleChoice',
            prompt: '<p>Which parts are found in a plant cell but <strong>not</strong> in an animal cell? Choose all that apply.</p>',
            points: 4,
            choices: ['Cell wall', 'Chloroplast', 'Nucleus', 'Cell membrane'],
            correct: [0, 1],
          },
          { type: 'trueFalse', prompt: '<p>In a rice field food chain, the frog is a producer.</p>', points: 3, correct: false },
          {
            type: 'shortAnswer',
            prompt: '<p>What do we call a living thing that makes its own food from sunlight, like the palay plant?</p>',
            points: 4,
            accepted: ['producer', 'autotroph'],
          },
          {
            type: 'matching',
            prompt: '<p>Match each living thing of the rice field to its role in the food web.</p>',
            points: 4,
            pairs: [
              ['Palay (rice plant)', 'Producer'],
              ['Grasshopper', 'Primary consumer'],
              ['Frog', 'Secondary consumer'],
              ['Mushrooms on rotting straw', 'Decomposer'],
            ],
          },
          {
            type: 'essay',
            prompt:
              '<p>Farmers spray a poison that kills all the frogs in a rice field. In three to five sentences, explain what happens to the grasshoppers, the palay and the herons. Use the words <em>producer</em> and <em>consumer</em>.</p>',
            points: 6,
            guidance: 'Two points each: the grasshoppers increase without frogs; they eat more palay (the producer), so the harvest falls; the herons (consumers) lose food and leave or decrease.',
          },
        ],
        attempts: {
          student4: [
            {
              at: -19,
              minutes: 14,
              answers: [
                { pick: [0] },
                { pick: [0, 2] },
                { value: true },
                { text: 'producer' },
                { match: [0, 1, 3, 2] },
                { essay: '<p>Without frogs the grasshoppers are not eaten, so there are more of them. They eat the palay.</p>' },
              ],
              essay: { points: 4, feedback: 'You saw that the grasshoppers increase and eat the palay. What happens to the herons?', at: -10 },
            },
            {
              at: -18,
              minutes: 12,
              answers: [
                { pick: [0] },
                { pick: [0, 1] },
                { value: false },
                { text: ' Producer ' },
                { match: [0, 1, 2, 3] },
                {
                  essay:
                    '<p>The frogs are consumers that eat grasshoppers. Without them the grasshoppers multiply and eat much more of the palay, which is the producer, so the farmers harvest less rice. The herons are consumers that eat frogs, so they lose their food and fly to other fields.</p>',
                },
              ],
              essay: { points: 5, feedback: 'Complete and clear: the grasshoppers, the palay and the herons are all explained.', at: -10 },
            },
          ],
          student6: [
            {
              at: -4,
              minutes: 16,
              answers: [
                { pick: [0] },
                { pick: [1] },
                { value: false },
                { text: 'autotroph' },
                { match: [0, 1, 2, 0] },
                { essay: '<p>The grasshoppers will increase because no consumer eats them. The palay, the producer, will be eaten a lot. The herons will be hungry because they eat frogs.</p>' },
              ],
            },
          ],
        },
      },
    ],
  },
  {
    course: 'Mathematics 8: Linear Equations',
    reads: {
      student1: [['Graphing calculator', -20]],
      student4: [
        ['Reading a linear graph', -9 * D],
        ['Slope-intercept form', -8 * D],
        ['Graphing calculator', -7 * D],
      ],
    },
    materials: [
      {
        type: 'assignment',
        element: 'Slope and intercept',
        name: 'Slopes around our school',
        create: {
          instructions:
            '<p>Find <strong>three</strong> slopes around the school: a ramp, a stairway, and one more of your choice (a roof, a slide, the road down to the gate).</p>' +
            '<ol><li>Measure the rise (the vertical change) and the run (the horizontal change) in centimetres.</li><li>Compute each slope as rise ÷ run, as a fraction in lowest terms and as a decimal.</li><li>Say which one is the steepest and why that matters to the people who use it.</li></ol>' +
            '<p>The Accessibility Law (Batas Pambansa Blg. 344) asks for ramps no steeper than 1:12. Does the ramp you measured pass?</p>',
          maxPoints: 20,
          dueInDays: -4,
        },
        settings: { openInDays: -12, allowLate: true, submissionType: 'text' },
        work: {
          student4: {
            at: -4 * D - 6,
            text:
              '<ul><li><strong>Ramp at the main entrance:</strong> rise 30 cm, run 360 cm, slope 30/360 = 1/12 ≈ 0.08.</li>' +
              '<li><strong>Stairs to the second floor:</strong> rise 18 cm, run 25 cm for each step, slope 18/25 = 0.72.</li>' +
              '<li><strong>Slide at the playground:</strong> rise 150 cm, run 250 cm, slope 3/5 = 0.6.</li></ul>' +
              '<p>The stairs are the steepest. The ramp is exactly 1:12, so it passes BP 344 and a wheelchair can go up.</p>',
          },
          student1: {
            at: -18,
            text:
              '<p>1. Ramp near the clinic: rise 40 cm, run 400 cm, slope 40/400 = 1/10 = 0.1.</p><p>2. Stairs of the library: rise 20 cm, run 30 cm, slope 2/3 ≈ 0.67.</p>' +
              '<p>3. The road down to the gate: rise 1 m, run 20 m, slope 1/20 = 0.05.</p><p>The stairs are the steepest. The clinic ramp is steeper than 1:12, so it does not pass BP 344 and should be made longer.</p>',
            grade: {
              points: 17,
              feedback: '<p>All three slopes are right and so is your conclusion about the clinic ramp, Jose. Three points off because it came in late.</p>',
              at: -6,
              returned: true,
            },
          },
        },
      },
      {
        type: 'quiz',
        element: 'Slope and intercept',
        name: 'Slope and intercept quiz',
        create: { instructions: '<p>Six questions on slope and the y-intercept. You have 20 minutes and two tries; your higher score counts.</p>', maxPoints: 20, dueInDays: 3 },
        settings: QUIZ_SETTINGS,
        questions: [
          { type: 'multipleChoice', prompt: '<p>What is the slope of the line <code>y = 3x − 5</code>?</p>', points: 3, choices: ['3', '−5', '5', '−3'], correct: [0] },
          { type: 'numeric', prompt: '<p>A line passes through the points (1, 2) and (3, 8). What is its slope?</p>', points: 4, answer: 3, tolerance: 0 },
          { type: 'trueFalse', prompt: '<p>A horizontal line, like the floor of a basketball court, has a slope of zero.</p>', points: 2, correct: true },
          { type: 'shortAnswer', prompt: '<p>In <code>y = mx + b</code>, which letter stands for the y-intercept?</p>', points: 3, accepted: ['b'] },
          {
            type: 'matching',
            prompt: '<p>Match each equation to its slope and y-intercept.</p>',
            points: 4,
            pairs: [
              ['y = 2x + 1', 'slope 2, y-intercept 1'],
              ['y = −x + 4', 'slope −1, y-intercept 4'],
              ['y = 5', 'slope 0, y-intercept 5'],
            ],
          },
          {
            type: 'essay',
            prompt:
              '<p>A tricycle in our barangay charges ₱20 to board plus ₱10 for every kilometre: <code>y = 10x + 20</code>. In two or three sentences, explain what the slope and the y-intercept mean for a passenger.</p>',
            points: 4,
            guidance: 'Two points: the slope 10 is the ₱10 added for each kilometre. Two points: the y-intercept 20 is the ₱20 paid just for boarding, at 0 km.',
          },
        ],
        attempts: {
          student1: [
            {
              at: -5,
              minutes: 15,
              answers: [
                { pick: [0] },
                { number: 3 },
                { value: true },
                { text: 'B' },
                { match: [0, 2, 1] },
                { essay: '<p>The slope 10 means the fare goes up by ₱10 for every kilometre. The 20 is what you pay at the start.</p>' },
              ],
              essay: { points: 3, feedback: 'Good: the ₱10 per kilometre is the slope. Say also that the ₱20 is paid even for a very short ride.', at: -2 },
            },
          ],
          student4: [
            {
              at: -3,
              minutes: 11,
              answers: [
                { pick: [1] },
                { number: 3 },
                { value: true },
                { text: 'b' },
                { match: [0, 1, 2] },
                { essay: '<p>The slope is the ₱10 you add for each kilometre you ride. The y-intercept is the ₱20 you pay just to get on, even before the tricycle moves.</p>' },
              ],
            },
          ],
        },
      },
      {
        type: 'activity',
        element: 'Systems of equations',
        name: 'Board work: solve in pairs',
        dueInDays: -2,
        grades: {
          student1: { points: 9, feedback: '<p>Clear steps on the board. Check the sign when you move a term to the other side.</p>', at: -46 },
          student4: { points: 10, feedback: '<p>Excellent explanation to the class.</p>', at: -46 },
        },
      },
      {
        type: 'assignment',
        element: 'Systems of equations',
        name: 'Market problems: systems of equations',
        create: {
          instructions:
            '<p>Solve each system by substitution. Show every step, then check your answer in both equations.</p>' +
            '<ol><li>At Aling Nena&#39;s sari-sari store, 3 kilos of rice and 2 kilos of sugar cost ₱260, while 1 kilo of rice and 4 kilos of sugar cost ₱320. How much is one kilo of each?</li>' +
            '<li>At the school canteen, 2 turon and 3 banana cue cost ₱85, while 4 turon and 1 banana cue cost ₱75. How much is one of each?</li></ol>',
          maxPoints: 20,
          dueInDays: 6,
        },
        settings: { allowLate: false, submissionType: 'text' },
        work: {},
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Questions and answers

const nth = <T>(list: readonly T[], i: number): T => {
  const v = list[i];
  if (v === undefined) throw new Error(`seed: no item ${i}`);
  return v;
};

/** The saved form of a demo question, parsed as the question editor's request is (random choice and pair ids). */
const formOf = (q: DemoQuestion): QuestionFormValues => {
  const base = { prompt: sanitizeRichText(q.prompt), points: q.points };
  switch (q.type) {
    case 'multipleChoice': {
      const choices = q.choices.map((text) => ({ id: randomUUID(), text }));
      return questionForm.parse({ type: q.type, ...base, choices, multiple: q.correct.length > 1, correct: q.correct.map((i) => nth(choices, i).id) });
    }
    case 'matching':
      return questionForm.parse({ type: q.type, ...base, pairs: q.pairs.map(([left, right]) => ({ id: randomUUID(), leftId: randomUUID(), left, right })) });
    case 'trueFalse':
      return questionForm.parse({ type: q.type, ...base, correct: q.correct });
    case 'shortAnswer':
      return questionForm.parse({ type: q.type, ...base, accepted: q.accepted });
    case 'numeric':
      return questionForm.parse({ type: q.type, ...base, answer: q.answer, tolerance: q.tolerance });
    case 'essay':
      return questionForm.parse({ type: q.type, ...base, guidance: q.guidance });
  }
};

/** A demo answer as the attempt page sends it for the stored question (validated like the request; essays sanitized). */
const answerOf = (q: Question, a: DemoAnswer): AnswerValue | null => {
  if (a === null) return null;
  const value = ((): AnswerValue => {
    if (q.type === 'multipleChoice' && 'pick' in a) return { type: q.type, choiceIds: a.pick.map((i) => nth(q.choices, i).id) };
    if (q.type === 'trueFalse' && 'value' in a) return { type: q.type, value: a.value };
    if (q.type === 'shortAnswer' && 'text' in a) return { type: q.type, text: a.text };
    if (q.type === 'numeric' && 'number' in a) return { type: q.type, value: a.number };
    if (q.type === 'matching' && 'match' in a) return { type: q.type, pairs: Object.fromEntries(q.pairs.map((p, i) => [p.leftId, nth(q.pairs, nth(a.match, i)).id])) };
    if (q.type === 'essay' && 'essay' in a) return { type: q.type, html: sanitizeRichText(a.essay) };
    throw new Error(`seed: a demo answer does not fit a ${q.type} question`);
  })();
  return answerValue.parse(value);
};

// ---------------------------------------------------------------------------------------------
// Writing

interface Place {
  db: Db;
  teacherId: string;
  idOf: (username: string) => string | null;
  at: (hours: number) => Date;
}

type MaterialRow = Pick<typeof courseMaterials.$inferSelect, 'id' | 'type' | 'dueAt' | 'maxPoints'>;

const materialColumns = { id: courseMaterials.id, type: courseMaterials.type, dueAt: courseMaterials.dueAt, maxPoints: courseMaterials.maxPoints };

const findMaterial = async (db: Db, courseId: string, name: string): Promise<MaterialRow | null> => {
  const [row] = await db
    .select(materialColumns)
    .from(courseMaterials)
    .where(and(eq(courseMaterials.courseId, courseId), sql`lower(${courseMaterials.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return row ?? null;
};

/** Whether anything of the assessment is already there (settings, questions, work, attempts): then the demo leaves it alone. */
const alreadySetUp = async (db: Db, materialId: string): Promise<boolean> => {
  const counts = await Promise.all([
    db.$count(assignmentSettings, eq(assignmentSettings.materialId, materialId)),
    db.$count(quizSettings, eq(quizSettings.materialId, materialId)),
    db.$count(quizQuestions, eq(quizQuestions.materialId, materialId)),
    db.$count(submissions, eq(submissions.materialId, materialId)),
    db.$count(quizAttempts, eq(quizAttempts.materialId, materialId)),
  ]);
  return counts.some((n) => n > 0);
};

/** The demo material of the course: found by name (of the right type), or added published at the end of its element. */
const materialFor = async (p: Place, courseId: string, m: DemoGraded): Promise<MaterialRow | null> => {
  const found = await findMaterial(p.db, courseId, m.name);
  if (found) return found.type === m.type && !(await alreadySetUp(p.db, found.id)) ? found : null;
  if (!m.create) return null;
  const [element] = await p.db
    .select({ id: courseElements.id })
    .from(courseElements)
    .where(and(eq(courseElements.courseId, courseId), sql`lower(${courseElements.name}) = ${m.element.toLowerCase()}`))
    .limit(1);
  if (!element) return null;
  const [last] = await p.db
    .select({ next: sql<number>`coalesce(max(${courseMaterials.position}) + 1, 0)::int` })
    .from(courseMaterials)
    .where(eq(courseMaterials.elementId, element.id));
  const [made] = await p.db
    .insert(courseMaterials)
    .values({
      courseId,
      elementId: element.id,
      name: m.name,
      type: m.type,
      position: Number(last?.next ?? 0),
      published: true,
      instructions: sanitizeRichText(m.create.instructions),
      maxPoints: m.create.maxPoints,
      dueAt: p.at(m.create.dueInDays * D),
      createdBy: p.teacherId,
      updatedBy: p.teacherId,
    })
    .returning(materialColumns);
  return made ?? null;
};

const studentsOf = <T>(p: Place, record: Partial<Record<DemoStudent, T>>): [string, T][] =>
  Object.entries(record).flatMap(([username, value]) => {
    const id = p.idOf(username);
    return id && value !== undefined ? [[id, value as T]] : [];
  });

const checkPoints = (points: number, material: MaterialRow) => {
  if (points < 0 || points > (material.maxPoints ?? 100)) throw new Error(`seed: ${points} points over the maximum`);
};

/** Settings as the settings form saves them, and each student's work as submitting and grading write it (the material completes on submission). */
const seedAssignment = async (p: Place, material: MaterialRow, m: DemoAssignment): Promise<void> => {
  const s = m.settings;
  const iso = (days: number | undefined) => (days === undefined ? null : p.at(days * D).toISOString());
  const form = assignmentSettingsForm.parse({ ...s, openAt: iso(s.openInDays), lateUntil: iso(s.lateUntilInDays) });
  await saveAssignmentSettings(p.db, {
    ...form,
    materialId: material.id,
    openAt: form.openAt ? new Date(form.openAt) : null,
    lateUntil: form.lateUntil ? new Date(form.lateUntil) : null,
    createdBy: p.teacherId,
    updatedBy: p.teacherId,
  });
  for (const [studentId, w] of studentsOf(p, m.work)) {
    const submittedAt = p.at(w.at);
    const late = material.dueAt !== null && submittedAt.getTime() > material.dueAt.getTime();
    if (late && !form.allowLate) throw new Error(`seed: late work on ${m.name} does not accept it`);
    const g = w.grade;
    if (g) checkPoints(g.points, material);
    const gradedAt = g ? p.at(g.at) : null;
    await p.db.insert(submissions).values({
      materialId: material.id,
      studentId,
      status: g?.returned ? 'returned' : 'submitted',
      textHtml: sanitizeRichText(w.text),
      submittedAt,
      late,
      submitCount: 1,
      grade: g?.points ?? null,
      feedbackHtml: g?.feedback ? sanitizeRichText(g.feedback) : null,
      gradedBy: g ? p.teacherId : null,
      gradedAt,
      returnedAt: g?.returned ? gradedAt : null,
      createdBy: studentId,
      createdAt: submittedAt,
      updatedBy: g ? p.teacherId : studentId,
      updatedAt: gradedAt ?? submittedAt,
    });
    await completeMaterial(p.db, material.id, studentId, submittedAt, true);
  }
};

/** Grades as the activity grid saves them: returned at once, and the material completes for the student. */
const seedActivity = async (p: Place, material: MaterialRow, m: DemoActivity): Promise<void> => {
  if (material.dueAt === null) await p.db.update(courseMaterials).set({ dueAt: p.at(m.dueInDays * D) }).where(eq(courseMaterials.id, material.id));
  for (const [studentId, g] of studentsOf(p, m.grades)) {
    checkPoints(g.points, material);
    const gradedAt = p.at(g.at);
    await p.db.insert(submissions).values({
      materialId: material.id,
      studentId,
      status: 'returned',
      grade: g.points,
      feedbackHtml: g.feedback ? sanitizeRichText(g.feedback) : null,
      gradedBy: p.teacherId,
      gradedAt,
      returnedAt: gradedAt,
      createdBy: p.teacherId,
      createdAt: gradedAt,
      updatedBy: p.teacherId,
      updatedAt: gradedAt,
    });
    await completeMaterial(p.db, material.id, studentId, gradedAt, false);
  }
};

/**
 * Settings and questions as the quiz editor saves them (the material's points follow the
 * questions), then each attempt as the student takes it: started, answers saved, submitted and
 * graded by `finalizeAttempt`; essays the teacher scored are graded as the review page does it
 * (manual score, regrade, combined grade), so every score comes from core's engine.
 */
const seedQuiz = async (p: Place, material: MaterialRow, m: DemoQuiz): Promise<void> => {
  const settings = quizSettingsForm.parse(m.settings);
  await saveQuizSettings(p.db, material.id, settings, p.teacherId);
  const rows = await insertQuestions(p.db, material.id, m.questions.map(formOf), p.teacherId);
  await syncMaxPoints(p.db, material.id);
  const questions = rows.map(toQuestion);
  const ids = questions.map((q) => q.id);
  for (const [studentId, attempts] of studentsOf(p, m.attempts)) {
    const essays: { attemptId: string; grade: NonNullable<DemoAttempt['essay']> }[] = [];
    for (const [i, a] of attempts.entries()) {
      const submittedAt = p.at(a.at);
      const startedAt = new Date(submittedAt.getTime() - a.minutes * 60_000);
      const attempt = await insertAttempt(p.db, {
        materialId: material.id,
        studentId,
        number: i + 1,
        status: 'inProgress',
        questionOrder: ids,
        seed: settings.shuffleChoices ? randomUUID() : '',
        startedAt,
        deadlineAt: attemptDeadline(startedAt, settings),
      });
      if (!attempt) throw new Error(`seed: attempt ${i + 1} of ${m.name} not made`);
      for (const [j, q] of questions.entries()) {
        const answer = answerOf(q, a.answers[j] ?? null);
        if (answer) await saveAnswer(p.db, attempt.id, q.id, answer, new Date(startedAt.getTime() + (j + 1) * 60_000));
      }
      await finalizeAttempt(p.db, attempt, submittedAt, false);
      if (a.essay) essays.push({ attemptId: attempt.id, grade: a.essay });
    }
    const byId = await questionMap(p.db, material.id);
    for (const { attemptId, grade } of essays) {
      const gradedAt = p.at(grade.at);
      for (const q of questions.filter((x) => x.type === 'essay')) {
        if (grade.points > q.points) throw new Error(`seed: essay score over ${q.points}`);
        await setManualGrade(p.db, attemptId, q.id, grade.points, grade.feedback, gradedAt);
      }
      const [attempt] = await p.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
      if (!attempt) throw new Error('seed: attempt missing');
      await gradeStored(p.db, attempt, byId);
      await storeCombinedGrade(p.db, material.id, studentId, { gradedBy: p.teacherId, at: gradedAt });
    }
  }
};

/** A student's finished pages, videos and links (as the seed of the courses writes them), kept when already there. */
const seedReads = async (p: Place, courseId: string, reads: DemoCourseWork['reads']): Promise<void> => {
  for (const [studentId, list] of studentsOf(p, reads)) {
    for (const [i, [name, hours]] of list.entries()) {
      const material = await findMaterial(p.db, courseId, name);
      if (!material) continue;
      const at = p.at(hours);
      await p.db
        .insert(materialProgress)
        .values({ materialId: material.id, studentId, firstAccessAt: at, lastAccessAt: at, completedAt: at, timeSpentSeconds: 420 + 90 * i })
        .onConflictDoNothing();
    }
  }
};

/**
 * Adds the demo assessments of DEMO_WORK to teacher1's demo courses of the Rizal classes (found by
 * class and course name); a course or teacher that is not there is skipped, and a graded material
 * already set up (settings, questions or work) is left alone, so this can run again. Answers how
 * many graded materials it set up.
 */
export const seedDemoAssessments = async (db: Db, now = new Date()): Promise<number> => {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, 'RNHS')).limit(1);
  if (!school) return 0;
  const usernames = ['teacher1', 'student1', 'student2', 'student3', 'student4', 'student5', 'student6'];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.schoolId, school.id), inArray(users.username, usernames)));
  const idOf = (name: string) => people.find((u) => u.username === name)?.id ?? null;
  const teacherId = idOf('teacher1');
  if (!teacherId) return 0;
  return db.transaction(async (tx) => {
    const p: Place = { db: tx, teacherId, idOf, at: (hours) => new Date(now.getTime() + hours * HOUR_MS) };
    let setUp = 0;
    for (const w of DEMO_WORK) {
      const demo = DEMO_COURSES.find((c) => c.name === w.course);
      if (!demo) continue;
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .innerJoin(classes, eq(classes.id, courses.classId))
        .where(and(eq(classes.schoolId, school.id), eq(classes.name, demo.className), sql`lower(${courses.name}) = ${w.course.toLowerCase()}`))
        .limit(1);
      if (!course) continue;
      let here = 0;
      for (const m of w.materials) {
        const material = await materialFor(p, course.id, m);
        if (!material) continue;
        if (m.type === 'assignment') await seedAssignment(p, material, m);
        else if (m.type === 'activity') await seedActivity(p, material, m);
        else await seedQuiz(p, material, m);
        here += 1;
      }
      if (here > 0) await seedReads(p, course.id, w.reads);
      setUp += here;
    }
    return setUp;
  });
};

/**
 * What the demo's assessments contain (seed-assessments.ts writes it; the shapes are in
 * seed-assessments-shapes.ts): per demo course, the assignments, activities and quizzes with their
 * settings, questions and the demo students' work and answers.
 */
import { D, QUIZ_SETTINGS, type DemoCourseWork } from './seed-assessments-shapes.ts';
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
              feedback:
                '<p>Four good comparisons. The ribosome is not like the guidance office: ribosomes make proteins, so think of a part of the school that makes things.</p>',
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
            grade: {
              points: 19,
              feedback: '<p>Neat labels and the right parts. Show the big central vacuole of the plant cell more clearly next time.</p>',
              at: -20,
              returned: true,
            },
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
            guidance:
              'Two points each: the grasshoppers increase without frogs; they eat more palay (the producer), so the harvest falls; the herons (consumers) lose food and leave or decrease.',
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
                {
                  essay:
                    '<p>The grasshoppers will increase because no consumer eats them. The palay, the producer, will be eaten a lot. The herons will be hungry because they eat frogs.</p>',
                },
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
        create: {
          instructions: '<p>Six questions on slope and the y-intercept. You have 20 minutes and two tries; your higher score counts.</p>',
          maxPoints: 20,
          dueInDays: 3,
        },
        settings: QUIZ_SETTINGS,
        questions: [
          {
            type: 'multipleChoice',
            prompt: '<p>What is the slope of the line <code>y = 3x − 5</code>?</p>',
            points: 3,
            choices: ['3', '−5', '5', '−3'],
            correct: [0],
          },
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
            guidance:
              'Two points: the slope 10 is the ₱10 added for each kilometre. Two points: the y-intercept 20 is the ₱20 paid just for boarding, at 0 km.',
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
                {
                  essay:
                    '<p>The slope is the ₱10 you add for each kilometre you ride. The y-intercept is the ₱20 you pay just to get on, even before the tricycle moves.</p>',
                },
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

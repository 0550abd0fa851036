// Quiz submit benchmark (issue 6): 300 students submitting the same quiz within one minute,
// through the real HTTP app. The app (buildApp, production settings, the quiz sweeper started as
// server.ts does) listens on a random local port; the students are a separate client process
// (forked from this file with --client), so the load generator does not share the server's event
// loop. They sign in for real (LOGIN_IP_LIMIT raised, as bench/run.mjs and the e2e server do).
//
// Data: one class of 300 enrolled students; a course of 20 earlier quizzes every student took
// (6,000 submitted attempts, 60,000 answers, 6,000 submissions rows: the indexes have to find one
// quiz among many); and one published quiz per scenario: 10 questions (multiple choice, true/false,
// short answer, numeric, matching, twice each; no essay, so every submit is graded at once),
// 30-minute time limit, one attempt, answers shown after submitting (the submit answers the key).
//
// Each scenario: every student starts an attempt and saves 10 answers (a mix of right and wrong),
// then the 300 submits go out on a fixed schedule, open loop (each at its time, however many are
// still running): `spread` one every 200 ms (60 s), `burst` all within 5 s (one every 16.7 ms),
// `at once` all 300 in the same instant (the timer of a class that started together runs out).
// Each submit's latency is measured by the client. Afterwards the database must hold exactly 300
// submitted attempts and 300 submissions rows with a grade equal to the score the submit answered.
// Target: spread on PostgreSQL, no errors and p95 under 200 ms. Ratio: submit p95 over the median of
// GET /api/auth/status (the cheapest signed-in route) measured in the same run.
// Usage: npx tsx bench/quiz-submit.ts [--students 300] [--history 20] [--scenarios spread,burst,once]
//          [--explain (plans of the submit's queries)] [--keep (PostgreSQL: keep the database)]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL) adds a PostgreSQL run after the
//        PGlite one (a scratch database is made and dropped); --db pglite|postgres runs one only.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { AnswerValue } from '../packages/core/src/quizzes/questions.ts';
import { sampleForms } from '../packages/core/src/quizzes/test-questions.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { quizAnswers, quizAttempts, submissions } from '../apps/api/src/db/schema/assessments.ts';
import { materialProgress } from '../apps/api/src/db/schema/courses.ts';
import { startQuizSweeper } from '../apps/api/src/modules/quizzes/sweeper.worker.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildElement, buildMaterial } from '../apps/api/src/test/course-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { addQuizQuestions, buildQuizCourse, setQuizSettings } from '../apps/api/src/test/quiz-factories.ts';
import { openBenchDatabase } from './scratch-db.ts';

/** The value after `--name` on the command line. */
const strArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name: string, dflt: number): number => Number(strArg(name) ?? dflt);

const TARGET_P95_MS = 200;
/** The scenarios: the window the submits are spread over (0: all at once). */
const SCENARIOS = { spread: 60_000, burst: 5_000, once: 0 } as const;
type Scenario = keyof typeof SCENARIOS;
const LABEL: Record<Scenario, string> = { spread: 'spread over 60 s', burst: 'burst within 5 s', once: 'all at once' };
/** Students signing in, starting and answering at the same time before the submits (not measured against the target). */
const PREP_CONCURRENCY = 8;

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round = (x: number, d = 1): number => Number(x.toFixed(d));
const stats = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: round(quantile(s, 0.5)), p95: round(quantile(s, 0.95)), p99: round(quantile(s, 0.99)), max: round(s[s.length - 1] ?? NaN) };
};
type Stats = ReturnType<typeof stats>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// ---------------------------------------------------------------------------------------------
// Messages between the server process and the client process

interface QuizPlan {
  scenario: Scenario;
  materialId: string;
  /** Question id → the right and a wrong answer. */
  answers: Record<string, { right: AnswerValue; wrong: AnswerValue }>;
}
interface ClientJob {
  base: string;
  usernames: string[];
  password: string;
  quizzes: QuizPlan[];
}
interface ScenarioResult {
  scenario: Scenario;
  windowMs: number;
  errors: number;
  errorSamples: string[];
  start: Stats;
  save: Stats;
  submit: Stats;
  /** From the first submit sent to the last answer. */
  submitSpanMs: number;
  maxInFlight: number;
  resultBytes: number;
  /** Student index → the score the submit answered. */
  scores: (number | null)[];
}
interface ClientReport {
  signIn: Stats;
  signInErrors: number;
  status: Stats;
  scenarios: ScenarioResult[];
}

// ---------------------------------------------------------------------------------------------
// The client (the 300 students): plain HTTP with fetch

interface Student {
  cookie: string;
  csrf: string;
}

const runClient = async (job: ClientJob): Promise<ClientReport> => {
  const errors: string[] = [];
  const call = async (
    method: string,
    url: string,
    who: Student | null,
    body?: unknown,
  ): Promise<{ ms: number; status: number; text: string; cookie: string | null }> => {
    const headers: Record<string, string> = { 'x-requested-with': 'klase' };
    if (who) Object.assign(headers, { cookie: who.cookie, 'x-csrf-token': who.csrf });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    try {
      const res = await fetch(`${job.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      const ms = performance.now() - t0;
      const cookie =
        res.headers
          .getSetCookie()
          .find((c) => c.startsWith('klase_sid='))
          ?.split(';')[0] ?? null;
      return { ms, status: res.status, text, cookie };
    } catch (err) {
      return { ms: performance.now() - t0, status: 0, text: String(err), cookie: null };
    }
  };
  /** Runs `fn` for every index with at most `limit` at a time. */
  const pool = async (n: number, limit: number, fn: (i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(limit, n) }, async () => {
        while (next < n) await fn(next++);
      }),
    );
  };

  // Sign-ins (argon2id by design, ~8 ms of CPU each).
  const students: Student[] = [];
  const signInMs: number[] = [];
  let signInErrors = 0;
  await pool(job.usernames.length, PREP_CONCURRENCY, async (i) => {
    const r = await call('POST', '/api/auth/login', null, { username: job.usernames[i], password: job.password });
    signInMs.push(r.ms);
    if (r.status !== 200 || !r.cookie) {
      signInErrors++;
      errors.push(`login ${r.status} ${r.text.slice(0, 200)}`);
      return;
    }
    students[i] = { cookie: r.cookie, csrf: (JSON.parse(r.text) as { csrfToken: string }).csrfToken };
  });
  if (signInErrors) throw new Error(`sign-in failed ${signInErrors} times: ${errors.slice(0, 3).join(' | ')}`);

  // The baseline: the cheapest signed-in route, one at a time, after a warm-up.
  const statusMs: number[] = [];
  for (let i = 0; i < 600; i++) {
    const who = students[i % students.length] as Student;
    const r = await call('GET', '/api/auth/status', who);
    if (r.status !== 200) throw new Error(`status answered ${r.status}`);
    if (i >= 100) statusMs.push(r.ms);
  }

  const scenarios: ScenarioResult[] = [];
  for (const quiz of job.quizzes) {
    const bad: string[] = [];
    const fail = (what: string, r: { status: number; text: string }) => bad.push(`${what} ${r.status} ${r.text.slice(0, 160)}`);
    // Everyone starts and answers (right where (student + question) % 3 != 0).
    const attemptIds: string[] = [];
    const startMs: number[] = [];
    const saveMs: number[] = [];
    await pool(students.length, PREP_CONCURRENCY, async (i) => {
      const who = students[i] as Student;
      const s = await call('POST', `/api/materials/${quiz.materialId}/attempts`, who);
      startMs.push(s.ms);
      if (s.status !== 201) return void fail('start', s);
      const view = JSON.parse(s.text) as { id: string; questions: { id: string }[] };
      attemptIds[i] = view.id;
      for (const [j, q] of view.questions.entries()) {
        const pair = quiz.answers[q.id];
        if (!pair) return void bad.push(`unknown question ${q.id}`);
        const r = await call('PUT', `/api/attempts/${view.id}/answers/${q.id}`, who, (i + j) % 3 ? pair.right : pair.wrong);
        saveMs.push(r.ms);
        if (r.status !== 200) fail('save', r);
      }
    });
    await sleep(1000);

    // The submits, each at its time on the schedule, however many are still running.
    const windowMs = SCENARIOS[quiz.scenario];
    const gap = windowMs / students.length;
    const submitMs: number[] = [];
    const scores: (number | null)[] = students.map(() => null);
    let inFlight = 0;
    let maxInFlight = 0;
    let resultBytes = 0;
    let lastEnd = 0;
    const t0 = performance.now();
    await Promise.all(
      students.map(async (who, i) => {
        await sleep(t0 + i * gap - performance.now());
        const id = attemptIds[i];
        if (!id) return;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const r = await call('POST', `/api/attempts/${id}/submit`, who);
        inFlight--;
        lastEnd = Math.max(lastEnd, performance.now());
        submitMs.push(r.ms);
        if (r.status !== 200) return void fail('submit', r);
        const result = JSON.parse(r.text) as { attempt: { status: string; score: number | null } };
        if (result.attempt.status !== 'submitted' || result.attempt.score === null) return void fail('submit (not graded)', r);
        scores[i] = result.attempt.score;
        resultBytes = r.text.length;
      }),
    );
    scenarios.push({
      scenario: quiz.scenario,
      windowMs,
      errors: bad.length,
      errorSamples: bad.slice(0, 5),
      start: stats(startMs),
      save: stats(saveMs),
      submit: stats(submitMs),
      submitSpanMs: round(lastEnd - t0),
      maxInFlight,
      resultBytes,
      scores,
    });
  }
  return { signIn: stats(signInMs), signInErrors, status: stats(statusMs), scenarios };
};

// ---------------------------------------------------------------------------------------------
// The server side: data, the app, checks afterwards

/** Ten questions, two of each auto-graded type, with a right and a wrong answer derived from each key. */
const QUESTION_TYPES = ['multipleChoice', 'trueFalse', 'shortAnswer', 'numeric', 'matching'] as const;
const questionForms = () => [...QUESTION_TYPES, ...QUESTION_TYPES].map((t) => sampleForms[t]);
const answersFor = (type: (typeof QUESTION_TYPES)[number]): { right: AnswerValue; wrong: AnswerValue } => {
  switch (type) {
    case 'multipleChoice': {
      const f = sampleForms.multipleChoice;
      return {
        right: { type, choiceIds: f.correct },
        wrong: {
          type,
          choiceIds: f.choices
            .filter((c) => !f.correct.includes(c.id))
            .slice(0, 1)
            .map((c) => c.id),
        },
      };
    }
    case 'trueFalse':
      return { right: { type, value: sampleForms.trueFalse.correct }, wrong: { type, value: !sampleForms.trueFalse.correct } };
    case 'shortAnswer':
      return { right: { type, text: sampleForms.shortAnswer.accepted[0] ?? '' }, wrong: { type, text: 'Andres Bonifacio' } };
    case 'numeric':
      return { right: { type, value: sampleForms.numeric.answer }, wrong: { type, value: sampleForms.numeric.answer + 1 } };
    case 'matching': {
      const pairs = sampleForms.matching.pairs;
      const map = (shift: number) => Object.fromEntries(pairs.map((p, k) => [p.leftId, (pairs[(k + shift) % pairs.length] ?? p).id]));
      return { right: { type, pairs: map(0) }, wrong: { type, pairs: map(1) } };
    }
  }
};

const SETTINGS = { timeLimitMinutes: 30, attemptsAllowed: 1, showAnswers: 'afterSubmit' } as const;

/** Earlier quizzes in another course of the class, taken by every student (bulk SQL: 10 answers each). */
const buildHistory = async (db: Db, schoolId: string, classId: string, teacherId: string, quizzes: number) => {
  if (quizzes === 0) return;
  const { course, quiz } = await buildQuizCourse(db, { schoolId, classId, name: 'Earlier quiz 1' });
  const element = await buildElement(db, course.id, { name: 'Earlier weeks', position: 1 });
  const ids = [quiz.id];
  for (let k = 1; k < quizzes; k++) ids.push((await buildMaterial(db, element, { name: `Earlier quiz ${k + 1}`, type: 'quiz', position: k })).id);
  for (const id of ids) {
    await addQuizQuestions(db, id, questionForms(), teacherId);
    await setQuizSettings(db, id, SETTINGS, teacherId);
  }
  await db.execute(sql`
    insert into quiz_attempts (material_id, student_id, number, status, question_order, seed, started_at, deadline_at, submitted_at, score, max_score)
    select m.id, cs.student_id, 1, 'submitted',
           (select jsonb_agg(q.id order by q.position) from quiz_questions q where q.material_id = m.id), '',
           now() - interval '7 days', now() - interval '7 days' + interval '30 minutes', now() - interval '7 days' + interval '20 minutes',
           12, 18
    from course_materials m cross join class_students cs
    where m.course_id = ${course.id} and m.type = 'quiz' and cs.class_id = ${classId}`);
  await db.execute(sql`
    insert into quiz_answers (attempt_id, question_id, answer, points, correct, updated_at)
    select a.id, q.id, '{"type":"trueFalse","value":true}'::jsonb, q.points, true, a.submitted_at
    from quiz_attempts a join quiz_questions q on q.material_id = a.material_id
    where a.material_id in (select id from course_materials where course_id = ${course.id})`);
  await db.execute(sql`
    insert into submissions (material_id, student_id, status, submitted_at, submit_count, grade, graded_at, returned_at)
    select material_id, student_id, 'returned', submitted_at, 1, score, submitted_at, submitted_at
    from quiz_attempts where material_id in (select id from course_materials where course_id = ${course.id})`);
  await db.execute(sql`
    insert into material_progress (material_id, student_id, first_access_at, last_access_at, completed_at, submissions)
    select material_id, student_id, started_at, submitted_at, submitted_at, 1
    from quiz_attempts where material_id in (select id from course_materials where course_id = ${course.id})`);
};

const buildWorld = async (db: Db, students: number, history: number, scenarios: Scenario[]) => {
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: 'Grade 10 - Rizal' });
  const rows = [];
  for (let i = 0; i < students; i++)
    rows.push(await buildUser(db, { roleId: ROLE.student, schoolId: school.id, customerId: school.customerId, email: null, username: `bench.quiz.s${i}` }));
  await enrol(db, cls.id, rows);
  await buildHistory(db, school.id, cls.id, teacher.id, history);
  const quizzes: QuizPlan[] = [];
  for (const scenario of scenarios) {
    const { quiz } = await buildQuizCourse(db, { schoolId: school.id, classId: cls.id, name: `Quiz (${scenario})` });
    const questions = await addQuizQuestions(db, quiz.id, questionForms(), teacher.id);
    await setQuizSettings(db, quiz.id, SETTINGS, teacher.id);
    const answers = Object.fromEntries(questions.map((q) => [q.id, answersFor(q.type as (typeof QUESTION_TYPES)[number])]));
    quizzes.push({ scenario, materialId: quiz.id, answers });
  }
  await db.execute(sql`analyze`);
  return { students: rows, quizzes };
};

/** What the database holds for the quiz afterwards. */
const checkQuiz = async (db: Db, materialId: string, studentIds: readonly string[], scores: readonly (number | null)[]) => {
  const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.materialId, materialId));
  const subs = await db.select().from(submissions).where(eq(submissions.materialId, materialId));
  const [answers] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(and(eq(quizAttempts.materialId, materialId), sql`${quizAnswers.points} is not null`));
  const [completed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(materialProgress)
    .where(and(eq(materialProgress.materialId, materialId), sql`${materialProgress.completedAt} is not null`));
  const gradeOf = new Map(subs.map((s) => [s.studentId, s.grade]));
  const mismatches = studentIds.filter((id, i) => scores[i] === null || gradeOf.get(id) !== scores[i]).length;
  return {
    attempts: attempts.length,
    submittedAttempts: attempts.filter((a) => a.status === 'submitted').length,
    submissionsRows: subs.length,
    submissionsWithGrade: subs.filter((s) => s.grade !== null && s.status === 'returned').length,
    gradedAnswers: Number(answers?.n ?? 0),
    completed: Number(completed?.n ?? 0),
    gradeMismatches: mismatches,
  };
};

/** EXPLAIN ANALYZE of the submit's own queries, on the last submitted attempt of the quiz. */
const explainSubmit = async (db: Db, materialId: string, studentId: string) => {
  const [a] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.materialId, materialId), eq(quizAttempts.studentId, studentId)));
  if (!a) return;
  const plans: [string, string][] = [
    ['attempt by id, FOR UPDATE', `select * from quiz_attempts where id = '${a.id}' for update`],
    [
      'attempts of the student at the quiz',
      `select * from quiz_attempts where material_id = '${materialId}' and student_id in ('${studentId}') order by student_id, number`,
    ],
    ['questions of the quiz', `select * from quiz_questions where material_id = '${materialId}' order by position, created_at, id`],
    ['answers of the attempt', `select * from quiz_answers where attempt_id in ('${a.id}')`],
    ["the student's submissions row", `select * from submissions where material_id = '${materialId}' and student_id in ('${studentId}')`],
    ['progress row', `select * from material_progress where material_id = '${materialId}' and student_id = '${studentId}'`],
    [
      "the student's completions in the course (journey)",
      `select p.material_id, p.completed_at from material_progress p join course_materials m on m.id = p.material_id where m.course_id = (select course_id from course_materials where id = '${materialId}') and p.student_id = '${studentId}'`,
    ],
  ];
  for (const [label, text] of plans) {
    const res = await db.execute(sql.raw(`explain (analyze, buffers off) ${text}`));
    const rows = (Array.isArray(res) ? res : (res as { rows: Record<string, string>[] }).rows) as Record<string, string>[];
    console.error(`\n--- EXPLAIN ANALYZE: ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
};

const runClientProcess = (job: ClientJob): Promise<ClientReport> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let report: ClientReport | null = null;
    child.on('message', (m: { report?: ClientReport; error?: string }) => {
      if (m.error) reject(new Error(`client: ${m.error}`));
      else if (m.report) report = m.report;
    });
    child.on('exit', (code) => (report ? resolve(report) : reject(new Error(`client exited with ${code}`))));
    child.send(job);
  });

const benchOn = async (
  kind: 'pglite' | 'postgres',
  opts: { pgUrl: string; students: number; history: number; scenarios: Scenario[]; explain: boolean; keep: boolean },
) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-quiz-'));
  const { database, drop } = await openBenchDatabase(kind, opts.pgUrl, { keep: opts.keep });
  // Production settings (the session cache on), quiet logs; sign-ins limited per address as the e2e server does.
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', LOGIN_IP_LIMIT: '1000000' }), dataDir, webDist: path.join(dataDir, 'none') };
  const app = await buildApp(config, { database });
  await startQuizSweeper(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const t0 = performance.now();
    const world = await buildWorld(database.db, opts.students, opts.history, opts.scenarios);
    console.error(`${kind}: seeded in ${round((performance.now() - t0) / 1000)} s`);
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const loadBefore = round(os.loadavg()[0] ?? NaN, 2);
    const report = await runClientProcess({ base, usernames: world.students.map((s) => s.username), password: TEST_PASSWORD, quizzes: world.quizzes });
    const ids = world.students.map((s) => s.id);
    const scenarios = [];
    for (const [k, r] of report.scenarios.entries()) {
      const materialId = world.quizzes[k]?.materialId ?? '';
      const db = await checkQuiz(database.db, materialId, ids, r.scores);
      const n = opts.students;
      const dbOk =
        db.submittedAttempts === n &&
        db.attempts === n &&
        db.submissionsRows === n &&
        db.submissionsWithGrade === n &&
        db.gradedAnswers === n * 10 &&
        db.completed === n &&
        db.gradeMismatches === 0;
      const { scores: _scores, ...rest } = r;
      scenarios.push({ ...rest, throughputPerS: round((n * 1000) / r.submitSpanMs), p95Ratio: round(r.submit.p95 / report.status.p50, 0), db, dbOk });
      if (opts.explain && k === report.scenarios.length - 1) await explainSubmit(database.db, materialId, ids[ids.length - 1] ?? '');
    }
    const spread = scenarios.find((s) => s.scenario === 'spread');
    return {
      database: kind,
      students: opts.students,
      history: { quizzes: opts.history, attempts: opts.history * opts.students, answers: opts.history * opts.students * 10 },
      /** The machine's 1-minute load average before and after the client's run (other work on the box shows here). */
      load: { before: loadBefore, after: round(os.loadavg()[0] ?? NaN, 2), cpus: os.cpus().length },
      signIn: report.signIn,
      status: report.status,
      scenarios,
      target: `spread: 0 errors and submit p95 < ${TARGET_P95_MS} ms on PostgreSQL`,
      met: kind === 'postgres' && spread ? spread.errors === 0 && spread.dbOk && spread.submit.p95 < TARGET_P95_MS : undefined,
    };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const table = (r: Awaited<ReturnType<typeof benchOn>>): string =>
  [
    `\n${r.database}: ${r.students} students; history ${r.history.attempts} attempts / ${r.history.answers} answers; sign-in p50 ${r.signIn.p50} ms; GET /api/auth/status p50 ${r.status.p50} ms, p95 ${r.status.p95} ms; load average ${r.load.before} → ${r.load.after} on ${r.load.cpus} cores`,
    '| scenario | errors | submit p50 | p95 | p99 | max ms | submits/s | max in flight | p95 / status p50 | start p95 | save p95 | DB check |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.scenarios.map(
      (s) =>
        `| ${LABEL[s.scenario]} | ${s.errors} | ${s.submit.p50} | ${s.submit.p95} | ${s.submit.p99} | ${s.submit.max} | ${s.throughputPerS} | ${s.maxInFlight} | ${s.p95Ratio} | ${s.start.p95} | ${s.save.p95} | ${s.dbOk ? 'ok' : `FAILED ${JSON.stringify(s.db)}`} |`,
    ),
    ...r.scenarios.flatMap((s) => s.errorSamples.map((e) => `  ${s.scenario}: ${e}`)),
    r.met === undefined ? '' : `Target: ${r.target} — ${r.met ? 'met' : 'NOT met'}.`,
  ].join('\n');

const main = async () => {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const only = strArg('db');
  const scenarios = (strArg('scenarios') ?? 'spread,burst,once').split(',').filter((s): s is Scenario => s in SCENARIOS);
  const opts = {
    pgUrl,
    students: arg('students', 300),
    history: arg('history', 20),
    scenarios,
    explain: process.argv.includes('--explain'),
    keep: process.argv.includes('--keep'),
  };
  const kinds: ('pglite' | 'postgres')[] = only === 'pglite' || only === 'postgres' ? [only] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const all = [];
  for (const kind of kinds) {
    const r = await benchOn(kind, opts);
    all.push(r);
    console.error(table(r));
  }
  console.log(JSON.stringify(all, null, 2));
  if (all.some((r) => r.met === false || r.scenarios.some((s) => s.errors > 0 || !s.dbOk))) process.exitCode = 1;
};

if (process.argv.includes('--client')) {
  process.once('message', (job: ClientJob) => {
    runClient(job).then(
      (report) => process.send?.({ report }, () => process.exit(0)),
      (err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)),
    );
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

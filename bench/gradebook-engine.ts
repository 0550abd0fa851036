// Gradebook engine benchmark (issue 7): the pure engine of packages/core/src/gradebook, in process.
// A realistic 3-level setup (course → 5 categories → 2 sub-categories each → items) with mixed
// methods (Natural, weighted mean, mean with drop lowest, simple weighted mean with extra credit,
// mean with extra credits, median, keep highest), extra-credit items, a weight override, ~8 %
// empty grades, a few excused and hidden grades. One timed run = `computeGradebook(setup, all
// students)` including compiling the setup, then reading what a page needs:
// - grid: explanations off; every student's totals (the grader grid and the stored totals);
// - report: explanations on; every student's totals, item weights and contributions, the
//   student view and the course total's explanation (the student report, for everyone at once).
// Medians and p95 of the wall time over the runs, the median CPU time of the process (all threads,
// garbage collector included: less sensitive to other processes on a busy machine than the wall
// time); the median as a ratio of the target, and as a multiple of a fixed
// reference workload (sorting 100,000 numbers) timed just before each run, which tells a slower
// engine from a busier machine. Targets: 60 students × 400 items under 20 ms; 1,000 students ×
// 200 items under 1 s.
// Usage: npx tsx bench/gradebook-engine.ts [--runs 31] [--warmup 10] [--policy hideTotals|showIncluding|showExcluding]
import { performance } from 'node:perf_hooks';
import { computeGradebook } from '../packages/core/src/gradebook/engine.ts';
import type {
  AggregationMethod,
  GradeCategorySetup,
  GradeItemSetup,
  GradebookSetup,
  HiddenPolicy,
  ItemGrade,
  StudentGradebook,
  StudentGrades,
} from '../packages/core/src/gradebook/types.ts';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const strArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = arg('runs', 31);
const WARMUP = arg('warmup', 10);
const POLICY = (strArg('policy') ?? 'showExcluding') as HiddenPolicy;

/** mulberry32: the same data on every run. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const TOP: { method: AggregationMethod; extra: Partial<GradeCategorySetup> }[] = [
  { method: 'natural', extra: {} },
  { method: 'weightedMean', extra: { weight: 2 } },
  { method: 'mean', extra: { dropLowest: 2 } },
  { method: 'simpleWeightedMean', extra: {} },
  { method: 'meanWithExtraCredits', extra: { weightOverride: 30 } },
];
const SUB: { method: AggregationMethod; extra: Partial<GradeCategorySetup> }[] = [
  { method: 'natural', extra: { dropLowest: 1 } },
  { method: 'mean', extra: { excludeEmpty: false } },
  { method: 'median', extra: {} },
  { method: 'simpleWeightedMean', extra: { keepHighest: 8 } },
];

const makeSetup = (itemCount: number): GradebookSetup => {
  const categories: GradeCategorySetup[] = [{ id: 'course', parentId: null, aggregation: 'natural' }];
  const leaves: string[] = [];
  TOP.forEach((t, i) => {
    const id = `c${i}`;
    categories.push({ id, parentId: 'course', aggregation: t.method, ...t.extra });
    for (let j = 0; j < 2; j++) {
      const s = SUB[(i + j) % SUB.length]!;
      const sid = `${id}.${j}`;
      categories.push({ id: sid, parentId: id, aggregation: s.method, ...s.extra });
      leaves.push(sid);
    }
    leaves.push(id); // some items sit directly in the top category too
  });
  const items: GradeItemSetup[] = [];
  for (let n = 0; n < itemCount; n++) {
    const categoryId = leaves[n % leaves.length]!;
    // Natural drop lowest needs equal maxima: leaves of even index use 10 everywhere.
    const max = n % 3 === 0 ? 10 : [20, 50, 100][n % 3]!;
    items.push({
      id: `i${n}`,
      categoryId,
      type: 'value',
      max,
      extraCredit: n % 37 === 5,
      hidden: n % 97 === 11,
      weight: 1 + (n % 4),
    });
  }
  return { categories, items, options: { hiddenPolicy: POLICY } };
};

const makeStudents = (count: number, setup: GradebookSetup): StudentGrades[] => {
  const rand = rng(7);
  return Array.from({ length: count }, (_, s) => {
    const grades: Record<string, ItemGrade> = {};
    for (const it of setup.items) {
      const r = rand();
      if (r < 0.08) grades[it.id] = { value: null };
      else if (r < 0.085) grades[it.id] = { value: 0, excluded: true };
      else grades[it.id] = { value: Math.round(rand() * (it.max ?? 100) * 100) / 100, hidden: r > 0.998 };
    }
    return { studentId: `s${s}`, grades };
  });
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

const refData = (() => {
  const rand = rng(11);
  return Float64Array.from({ length: 100_000 }, () => rand());
})();
/** The fixed reference workload (ms). */
const reference = (): number => {
  const t0 = performance.now();
  const copy = Array.from(refData);
  copy.sort((a, b) => a - b);
  const ms = performance.now() - t0;
  return copy[0]! < 0 ? -ms : ms;
};

type Mode = 'grid' | 'report';
/** Reads what the page of `mode` reads, returns a checksum so that nothing is optimised away. */
const read = (out: StudentGradebook[], mode: Mode): number => {
  let check = 0;
  for (const g of out) {
    for (const t of Object.values(g.totals)) check += t.value ?? 0;
    if (mode === 'report') {
      for (const it of Object.values(g.items)) check += it.contribution ?? 0;
      for (const it of Object.values(g.studentView.items)) check += it.weight ?? 0;
      check += g.course.explanation?.children.length ?? 0;
    }
  }
  return check;
};

const measure = (students: number, itemCount: number, targetMs: number) => {
  const setup = makeSetup(itemCount);
  const data = makeStudents(students, setup);
  const rows: string[] = [];
  for (const mode of ['grid', 'report'] as const) {
    const times: number[] = [];
    const cpu: number[] = [];
    const refs: number[] = [];
    let check = 0;
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const ref = reference();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      check += read(computeGradebook(setup, data, { explain: mode === 'report' }), mode);
      const ms = performance.now() - t0;
      const c1 = process.cpuUsage(c0);
      if (r >= WARMUP) {
        times.push(ms);
        cpu.push((c1.user + c1.system) / 1000);
        refs.push(ref);
      }
    }
    const med = median(times);
    rows.push(
      `| ${students} × ${itemCount} | ${mode} | ${med.toFixed(2)} | ${p95(times).toFixed(2)} | ${median(cpu).toFixed(2)} | ${targetMs} | ${(med / targetMs).toFixed(3)} | ${(med / median(refs)).toFixed(2)} |` +
        (Number.isFinite(check) ? '' : ' (bad result)'),
    );
  }
  return rows;
};

const main = () => {
  console.log(`gradebook engine, node ${process.version}, ${RUNS} runs after ${WARMUP} warm-up, policy ${POLICY}`);
  console.log(`reference workload (sort 100,000 numbers): median ${median(Array.from({ length: 15 }, reference)).toFixed(2)} ms`);
  console.log('| students × items | reads | median ms | p95 ms | CPU ms (median) | target ms | median / target | × reference |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of [...measure(60, 400, 20), ...measure(1000, 200, 1000)]) console.log(row);
};

main();

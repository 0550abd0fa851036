import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a version satisfies an npm `engines` range. Covers the grammar npm documents for ranges
 * (`||` alternatives of space-separated comparators `<`, `<=`, `>`, `>=`, `=`, caret, tilde,
 * x-ranges and hyphen ranges); prerelease tags are ignored. A range it cannot read throws, so an
 * unusual one is looked at by a person instead of passing silently.
 */
export const satisfiesRange = (version: string, range: string): boolean => {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a version: ${version}`);
  return range
    .split('||')
    .map((alt) => alt.trim())
    .some((alt) => comparatorsOf(alt).every(([op, bound]) => compareWith(op, cmp(v, bound))));
};

type Triple = [number, number, number];
type Op = '<' | '<=' | '>' | '>=' | '=';

const parseVersion = (s: string): Triple | null => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(s.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};

const cmp = (a: Triple, b: Triple): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

const compareWith = (op: Op, c: number): boolean => (op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : op === '>=' ? c >= 0 : c === 0);

/** A partial version (`20`, `20.19`, `20.x`, `*`): its given parts, the rest undefined. */
const partial = (s: string): (number | undefined)[] => {
  const cleaned = s.replace(/^v/, '').replace(/[-+].*$/, '');
  if (cleaned === '' || cleaned === '*' || cleaned === 'x' || cleaned === 'X') return [];
  const parts = cleaned.split('.');
  const out: (number | undefined)[] = [];
  for (const p of parts) {
    if (p === 'x' || p === 'X' || p === '*') break;
    if (!/^\d+$/.test(p)) throw new Error(`cannot read version "${s}"`);
    out.push(Number(p));
  }
  return out;
};

const full = (p: (number | undefined)[]): Triple => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];

/** The upper bound (exclusive) of a partial version: `20` → `21.0.0`, `20.19` → `20.20.0`. */
const nextOf = (p: (number | undefined)[]): Triple | null =>
  p.length === 0 ? null : p.length === 1 ? [(p[0] ?? 0) + 1, 0, 0] : p.length === 2 ? [p[0] ?? 0, (p[1] ?? 0) + 1, 0] : null;

const comparatorsOf = (alt: string): [Op, Triple][] => {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(alt);
  if (hyphen) {
    const lo = partial(hyphen[1] ?? '');
    const hi = partial(hyphen[2] ?? '');
    const upper = nextOf(hi);
    return [['>=', full(lo)], upper ? ['<', upper] : ['<=', full(hi)]];
  }
  const tokens = alt
    .replace(/(<=|>=|<|>|=|\^|~)\s+/g, '$1')
    .split(/\s+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return [];
  return tokens.flatMap((token): [Op, Triple][] => {
    const m = /^(<=|>=|<|>|=|\^|~>?)?(.*)$/.exec(token);
    const op = m?.[1] ?? '';
    const p = partial(m?.[2] ?? '');
    if (op === '^') {
      const [maj = 0, min = 0, pat = 0] = p;
      const upper: Triple = maj > 0 || p.length < 2 ? [maj + 1, 0, 0] : min > 0 || p.length < 3 ? [0, min + 1, 0] : [0, 0, pat + 1];
      return p.length === 0
        ? []
        : [
            ['>=', full(p)],
            ['<', upper],
          ];
    }
    if (op === '~' || op === '~>') {
      const upper = p.length === 1 ? nextOf(p) : nextOf(p.slice(0, 2));
      return p.length === 0
        ? []
        : [
            ['>=', full(p)],
            ['<', upper ?? full(p)],
          ];
    }
    if (op === '' || op === '=') {
      const upper = nextOf(p);
      if (p.length === 0) return [];
      return upper
        ? [
            ['>=', full(p)],
            ['<', upper],
          ]
        : [['=', full(p)]];
    }
    if (p.length === 0) return op === '<' || op === '>' ? [['<', [0, 0, 0]]] : [];
    const upper = nextOf(p);
    // Partial bounds: `>20` means >=21.0.0, `<=20` means <21.0.0.
    if (op === '>' && upper) return [['>=', upper]];
    if (op === '<=' && upper) return [['<', upper]];
    return [[op as Op, full(p)]];
  });
};

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where Node finds `name` from a package in `fromDir`: the nearest node_modules up the tree. */
const resolvePackageDir = (name: string, fromDir: string): string | null => {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    try {
      return realpathSync(candidate);
    } catch {
      // not here: go up
    }
    if (path.dirname(dir) === dir) return null;
  }
};

export interface EngineOffender {
  name: string;
  version: string;
  node: string;
  dir: string;
}

/**
 * Walks the runtime dependencies (dependencies and installed optional ones, never dev ones) of the
 * package in `rootDir` as Node resolves them, and lists every package whose `engines.node` does not
 * include `nodeVersion`. A missing required dependency throws.
 */
export const runtimeEngineOffenders = (rootDir: string, nodeVersion: string): { offenders: EngineOffender[]; checked: number } => {
  const seen = new Set<string>();
  const offenders: EngineOffender[] = [];
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = readManifest(dir);
    const range = manifest.engines?.node;
    if (range && !satisfiesRange(nodeVersion, range)) {
      offenders.push({ name: manifest.name ?? dir, version: manifest.version ?? '?', node: range, dir });
    }
    const optional = manifest.optionalDependencies ?? {};
    for (const name of Object.keys({ ...manifest.dependencies, ...optional })) {
      const found = resolvePackageDir(name, dir);
      if (found) visit(found);
      else if (!(name in optional)) throw new Error(`${manifest.name ?? dir} needs ${name}, which is not installed`);
    }
  };
  visit(realpathSync(rootDir));
  return { offenders, checked: seen.size };
};

// Shared engine of the issue-14 refactor scripts (core-paths.mjs, api-paths.mjs).
// Path-based and idempotent: a map of old → new paths (files, or folders ending in '/'), applied
// with `git mv` when the old path still exists, then every relative import (and `@klase/core/...`
// import) in the given roots that points at an old path is rewritten to the new one. Running it
// again over already rewritten files changes nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'migrations', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const isFile = (p) => existsSync(p) && statSync(p).isFile();
const posix = (p) => p.split(path.sep).join('/');

/** Every source file under the given repo-relative roots. */
export function sourceFiles(roots) {
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name)) out.push(full);
    }
  };
  for (const r of roots) walk(path.join(ROOT, r));
  return out;
}

/**
 * A path map: `files` (repo-relative old → new) win over `dirs` (old folder → new folder, both
 * ending in '/'), longest folder first.
 */
export function makeMap({ files = {}, dirs = {} }) {
  const abs = (p) => path.join(ROOT, p);
  const fileMap = new Map(Object.entries(files).map(([o, n]) => [abs(o), abs(n)]));
  const reverseFiles = new Map(Object.entries(files).map(([o, n]) => [abs(n), abs(o)]));
  const dirList = Object.entries(dirs)
    .map(([o, n]) => [abs(o) + '/', abs(n) + '/'])
    .sort((a, b) => b[0].length - a[0].length);
  const reverseDirs = dirList.map(([o, n]) => [n, o]).sort((a, b) => b[0].length - a[0].length);
  const viaDirs = (p, list) => {
    for (const [from, to] of list) if (p.startsWith(from)) return to + p.slice(from.length);
    return null;
  };
  return {
    fileMap,
    dirList,
    /** Where an old absolute path lives now (null: not moved). */
    forward: (p) => fileMap.get(p) ?? viaDirs(p, dirList),
    /** Where a current absolute path lived before (null: not moved). */
    backward: (p) => reverseFiles.get(p) ?? (fileMap.has(p) ? null : viaDirs(p, reverseDirs)),
  };
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** `git mv` every mapped path that still exists at its old place (files first, then whole folders). */
export function applyMoves(map) {
  const moved = [];
  const move = (from, to) => {
    mkdirSync(path.dirname(to), { recursive: true });
    const tracked = git('ls-files', '--', from).trim() !== '';
    if (tracked) git('mv', from, to);
    else execFileSync('mv', [from, to]);
    moved.push([posix(path.relative(ROOT, from)), posix(path.relative(ROOT, to))]);
  };
  for (const [from, to] of map.fileMap) {
    if (isFile(from) && !existsSync(to)) move(from, to);
    else if (isFile(from) && isFile(to)) console.warn(`! both exist, left alone: ${path.relative(ROOT, from)} and ${path.relative(ROOT, to)}`);
  }
  for (const [from, to] of map.dirList) {
    if (!existsSync(from)) continue;
    for (const file of sourceFilesAbs(from)) {
      const target = to + file.slice(from.length);
      if (!existsSync(target)) move(file, target);
      else console.warn(`! both exist, left alone: ${path.relative(ROOT, file)} and ${path.relative(ROOT, target)}`);
    }
    removeEmptyDirs(from);
  }
  return moved;
}

function sourceFilesAbs(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFilesAbs(full));
    else out.push(full);
  }
  return out;
}

function removeEmptyDirs(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir)) removeEmptyDirs(path.join(dir, entry));
  if (readdirSync(dir).length === 0) execFileSync('rmdir', [dir]);
}

/** Import-like string literals: `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `new URL('…'`, `require('…')`. */
const SPEC = /(\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\bvi\.(?:mock|doMock|importActual)(?:<[^>]*>)?\(\s*|\bnew URL\(\s*|\brequire\(\s*)(['"])([^'"\n]+)\2/g;
const SUFFIXES = ['', '.ts', '.tsx', '/index.ts'];

/** The existing file a relative spec names from `dir`, and the suffix the spec left out; null if none. */
function resolveFrom(dir, spec) {
  const base = path.resolve(dir, spec);
  for (const s of SUFFIXES) if (isFile(base + s)) return { file: base + s, suffix: s };
  return null;
}

/** The file a spec named before the moves (it need not exist), and the suffix the spec left out. */
function mappedFrom(dir, spec, map) {
  const base = path.resolve(dir, spec);
  for (const s of SUFFIXES) {
    const moved = map.forward(base + s);
    if (moved && isFile(moved)) return { file: moved, suffix: s };
  }
  return null;
}

function relativeSpec(fromFile, target, suffix) {
  let rel = posix(path.relative(path.dirname(fromFile), target));
  if (!rel.startsWith('.')) rel = './' + rel;
  return suffix ? rel.slice(0, -suffix.length) : rel;
}

/**
 * Rewrites relative specs of `file` that point at moved files. A spec resolving to an existing
 * file from the file's current folder is left alone; otherwise it is read as written against the
 * moved target (from the current folder) or against the file's own old folder.
 */
export function rewriteRelative(file, text, map, unresolved) {
  const oldSelf = map.backward(file);
  return text.replace(SPEC, (whole, lead, quote, spec) => {
    if (!spec.startsWith('./') && !spec.startsWith('../')) return whole;
    const dir = path.dirname(file);
    const here = resolveFrom(dir, spec);
    // A file never imports itself: such a spec was written from the file's old folder.
    if (here && here.file !== file) return whole;
    let hit = mappedFrom(dir, spec, map);
    if (!hit && oldSelf) hit = resolveFrom(path.dirname(oldSelf), spec) ?? mappedFrom(path.dirname(oldSelf), spec, map);
    if (!hit) {
      unresolved.push(`${path.relative(ROOT, file)}: ${spec}`);
      return whole;
    }
    return `${lead}${quote}${relativeSpec(file, hit.file, hit.suffix)}${quote}`;
  });
}

/** Applies `edit(file, text) → text` to every file; writes the changed ones and lists them. */
export function rewriteFiles(files, edit) {
  const changed = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const next = edit(file, text);
    if (next !== text) {
      writeFileSync(file, next);
      changed.push(posix(path.relative(ROOT, file)));
    }
  }
  return changed;
}

/**
 * Moves named imports of `spec` whose imported name is in `names` to `target` (a split file):
 * `import { a, type B, c } from 'spec'` → `import { a } from 'spec'; import { type B, c } from 'target'`.
 * `specMatches(spec)` says whether a spec names the split file; `targetSpec(spec)` gives the spec
 * of the new file in the same style.
 */
export function splitNamedImports(text, specMatches, targetSpec, names) {
  const IMPORT = /^([ \t]*)(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\5;?/gm;
  return text.replace(IMPORT, (whole, indent, kw, typeKw, list, quote, spec) => {
    if (!specMatches(spec)) return whole;
    const parts = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const name = (p) =>
      p
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
    const moving = parts.filter((p) => names.has(name(p)));
    if (moving.length === 0) return whole;
    const staying = parts.filter((p) => !names.has(name(p)));
    // A multi-line list stays multi-line (one name a line), a one-line list stays on one line.
    const multi = list.includes('\n');
    const body = (items) => (multi ? `{\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}}` : `{ ${items.join(', ')} }`);
    const line = (items, s) => `${indent}${kw}${typeKw ?? ''} ${body(items)} from ${quote}${s}${quote};`;
    const moved = line(moving, targetSpec(spec));
    return staying.length ? `${line(staying, spec)}\n${moved}` : moved;
  });
}

/**
 * One rewriter for a list of splits `{ sources, target, names, pkg? }` (absolute paths; `pkg`:
 * the package specs `{ from, to }` of the same files): named imports of `names` from any of
 * `sources`, by relative path or by package spec, are pointed at `target`.
 */
export function splitRewriter(splits) {
  const relSpec = (file, target) => {
    const rel = posix(path.relative(path.dirname(file), target));
    return rel.startsWith('.') ? rel : './' + rel;
  };
  return (file, text) => {
    let out = text;
    for (const split of splits) {
      if (file === split.target || split.sources.includes(file)) continue;
      const isOld = (spec) =>
        spec === split.pkg?.from || ((spec.startsWith('./') || spec.startsWith('../')) && split.sources.includes(path.resolve(path.dirname(file), spec)));
      const targetSpec = (spec) => (split.pkg && spec === split.pkg.from ? split.pkg.to : relSpec(file, split.target));
      out = splitNamedImports(out, isOld, targetSpec, new Set(split.names));
    }
    return out;
  };
}

export function report(name, moved, changed, unresolved) {
  console.log(`${name}: ${moved.length} moved, ${changed.length} files rewritten`);
  for (const [a, b] of moved) console.log(`  mv ${a} -> ${b}`);
  for (const c of changed) console.log(`  ~ ${c}`);
  if (unresolved.length) {
    console.log(`${unresolved.length} relative imports name no file (check them):`);
    for (const u of unresolved) console.log(`  ? ${u}`);
  }
}

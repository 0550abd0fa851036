#!/usr/bin/env node
// Counts imports in apps/web/src that break the web layers (docs/architecture.md, "Web layers"):
// features/<a> → features/<b>, features → app, and lower layers (components, lib, config, api, i18n, test)
// → features or app. Usage: node scripts/refactor/web-layers.mjs [--list]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'apps/web/src');
const list = process.argv.includes('--list');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

/** Every relative specifier in a file: static imports/exports, dynamic import() and vi.mock(). */
export function specifiers(text) {
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[2]);
  return out;
}

function layer(file) {
  const parts = relative(src, file).split('/');
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1] };
  return { layer: parts.length > 1 ? parts[0] : 'root' };
}

const counts = { 'feature→feature': 0, 'feature→app': 0, 'below→features/app': 0 };
const lines = [];
for (const file of walk(src)) {
  const from = layer(file);
  for (const spec of specifiers(readFileSync(file, 'utf8'))) {
    const to = layer(resolve(dirname(file), spec));
    let kind = null;
    if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) kind = 'feature→feature';
    else if (from.layer === 'features' && to.layer === 'app') kind = 'feature→app';
    else if (!['features', 'app', 'root'].includes(from.layer) && ['features', 'app'].includes(to.layer)) kind = 'below→features/app';
    if (kind) {
      counts[kind] += 1;
      lines.push(`${kind}  ${relative(src, file)} → ${spec}`);
    }
  }
}
if (list) console.log(lines.join('\n'));
console.log(JSON.stringify(counts));

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runtimeEngineOffenders, satisfiesRange } from './test/engines.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootManifest = JSON.parse(readFileSync(path.join(apiDir, '..', '..', 'package.json'), 'utf8')) as { engines: { node: string } };

/** The oldest Node the README and the root package.json promise (`>=20.19` → 20.19.0). */
const oldestNode = (): string => {
  const m = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(rootManifest.engines.node);
  if (!m) throw new Error(`unexpected root engines range ${rootManifest.engines.node}`);
  return `${m[1]}.${m[2]}.${m[3] ?? 0}`;
};

describe('runtime dependencies run on the oldest promised Node', () => {
  it('reads engines ranges the way npm does', () => {
    expect(satisfiesRange('20.19.0', '>=22')).toBe(false);
    expect(satisfiesRange('20.19.0', '>=18')).toBe(true);
    expect(satisfiesRange('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfiesRange('20.19.0', '^20.20.0 || >=22.12.0')).toBe(false);
    expect(satisfiesRange('20.19.0', '>= 14.0.0 < 21')).toBe(true);
    expect(satisfiesRange('20.19.0', '>=16 <20')).toBe(false);
    expect(satisfiesRange('20.19.0', '18 - 20')).toBe(true);
    expect(satisfiesRange('20.19.0', '14.x || 16.x')).toBe(false);
    expect(satisfiesRange('20.19.0', '*')).toBe(true);
    expect(satisfiesRange('20.19.0', '~20.18.0')).toBe(false);
    expect(() => satisfiesRange('20.19.0', '>=node')).toThrow();
  });

  it('no installed runtime dependency of the API declares an engines range without Node 20.19', () => {
    expect(oldestNode()).toBe('20.19.0');
    const { offenders, checked } = runtimeEngineOffenders(apiDir, oldestNode());
    // The walk really covers the tree (fastify, drizzle, pg, the AWS SDK...).
    expect(checked).toBeGreaterThan(100);
    expect(offenders.map((o) => `${o.name}@${o.version} (node ${o.node})`)).toEqual([]);
  });
});

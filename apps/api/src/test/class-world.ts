import { afterAll, beforeAll } from 'vitest';
import { buildClassWorld, type ClassWorld } from './class-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test app with a class world for one describe block (built in beforeAll, closed in afterAll).
 * Sign-in per address is not limited here: these suites sign in many times.
 */
export const useClassWorld = (): { readonly t: TestApp; readonly w: ClassWorld } => {
  const state: { t?: TestApp; w?: ClassWorld } = {};
  beforeAll(async () => {
    state.t = await createTestApp({ loginIpLimit: 10_000 });
    state.w = await buildClassWorld(state.t.db);
  });
  afterAll(() => state.t?.close());
  const need = <T>(v: T | undefined): T => {
    if (!v) throw new Error('class world not built yet');
    return v;
  };
  return {
    get t() {
      return need(state.t);
    },
    get w() {
      return need(state.w);
    },
  };
};

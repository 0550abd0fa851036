import type { PostDetails, PostForm } from '@klase/core/discussions/contracts';
import { expect } from 'vitest';
import type { UserRow } from '../platform/rows.ts';
import { agentsOf } from './agent.ts';
import { buildCourse } from './class-factories.ts';
import { useClassWorld } from './class-world.ts';

/**
 * The class world with a published course in `cls` (`course`) and one in `otherClass`
 * (`otherCourse`), signed-in agents by user, and shortcuts for discussion requests.
 */
export const useDiscussionWorld = () => {
  const ctx = useClassWorld();
  const state: { course?: { id: string }; otherCourse?: { id: string } } = {};
  const as = agentsOf(() => ctx.t.app);
  const need = <T>(v: T | undefined): T => {
    if (!v) throw new Error('discussion world not built yet');
    return v;
  };
  const world = {
    get t() {
      return ctx.t;
    },
    get w() {
      return ctx.w;
    },
    get course() {
      return need(state.course);
    },
    get otherCourse() {
      return need(state.otherCourse);
    },
    as,
    base: () => `/api/courses/${need(state.course).id}/discussions`,
    /** Posts as `u` and expects 201. */
    post: async (u: UserRow, form: PostForm): Promise<PostDetails> => {
      const res = await (await as(u)).req('POST', world.base(), form);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PostDetails>();
    },
    build: async () => {
      const w = ctx.w;
      state.course = (await buildCourse(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, materials: 0, name: 'Araling Panlipunan 7' })).course;
      state.otherCourse = (await buildCourse(ctx.t.db, { schoolId: w.schoolA.id, classId: w.otherClass.id, materials: 0 })).course;
    },
  };
  return world;
};

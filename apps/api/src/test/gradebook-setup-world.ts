import { beforeAll } from 'vitest';
import type { GradebookSetupView } from '@klase/core/gradebook/index';
import { signIn, type Agent } from './agent.ts';
import { buildGradebookCourse } from './gradebook-factories.ts';
import { useClassWorld } from './class-world.ts';

/** Shared by the grade-setup tests: the class world, its signed-in staff, a gradebook course builder and readers. */
export const useSetupWorld = () => {
  const ctx = useClassWorld();
  const agents: { teacher?: Agent; assistant?: Agent; otherTeacher?: Agent } = {};
  beforeAll(async () => {
    const { t, w } = ctx;
    [agents.teacher, agents.assistant, agents.otherTeacher] = await Promise.all([w.teacher, w.assistant, w.otherTeacher].map((u) => signIn(t.app, u.username)));
  });
  const need = (a: Agent | undefined): Agent => {
    if (!a) throw new Error('not signed in yet');
    return a;
  };
  const url = (courseId: string, rest: string) => `/api/courses/${courseId}/gradebook/${rest}`;
  return {
    ctx,
    get teacher() {
      return need(agents.teacher);
    },
    get assistant() {
      return need(agents.assistant);
    },
    get otherTeacher() {
      return need(agents.otherTeacher);
    },
    url,
    /** A gradebook course of the world's class with these categories under the course total. */
    course: (categories: string[] = []) => buildGradebookCourse(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, categories }),
    /** `GET /setup` as the class's teacher. */
    setup: async (courseId: string) => (await need(agents.teacher).req('GET', url(courseId, 'setup'))).json<GradebookSetupView>(),
    /** `path:key` of each field issue of an error answer. */
    fieldsOf: (body: { fields?: { path: string; key: string }[] }) => (body.fields ?? []).map((f) => `${f.path}:${f.key}`),
  };
};

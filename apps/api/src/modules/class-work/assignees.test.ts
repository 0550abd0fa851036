import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMaterials } from '../../db/schema/courses.ts';
import { signIn } from '../../test/agent.ts';
import { buildCourse, buildGroup, recordProgress } from '../../test/class-factories.ts';
import { buildElement, buildMaterial } from '../../test/course-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { buildClassWorld, type ClassWorld } from '../../test/class-work-world.ts';

/**
 * Class materials, the class's course counts and class progress follow who an element is for
 * (the course pages' rule): a student and their parent never meet the names or due dates of
 * materials in elements assigned only to other students.
 */
describe('class materials and progress follow element assignees', () => {
  let t: TestApp;
  let w: ClassWorld;
  let base: string;
  const student = (i: number) => {
    const s = w.students[i];
    if (!s) throw new Error('student');
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildClassWorld(t.db);
    base = `/api/classes/${w.cls.id}`;
    // One course: a week for everyone (2 materials), a remedial element for the first student only,
    // and an enrichment element for a group holding the second student.
    const { course, materials } = await buildCourse(t.db, { schoolId: w.school.id, classId: w.cls.id, name: 'Science', materials: 2 });
    const remedial = await buildElement(t.db, course.id, { name: 'Remedial', assign: { mode: 'students', ids: [student(0).id] } });
    const retake = await buildMaterial(t.db, remedial, { name: 'Retake: Cells', type: 'quiz' });
    await t.db
      .update(courseMaterials)
      .set({ dueAt: new Date('2026-12-01T00:00:00Z') })
      .where(eq(courseMaterials.id, retake.id));
    const group = await buildGroup(t.db, w.cls.id, [student(1)], { name: 'Enrichment' });
    const enrichment = await buildElement(t.db, course.id, { name: 'Enrichment', assign: { mode: 'groups', ids: [group.id] } });
    const project = await buildMaterial(t.db, enrichment, { name: 'Science fair project' });
    // The first student finished everything of theirs; the third student somehow has a completion
    // record on the remedial quiz (it was once theirs): it counts for nobody but the first student.
    await recordProgress(t.db, student(0).id, [...materials.map((m) => m.id), retake.id]);
    await recordProgress(t.db, student(2).id, [retake.id]);
    await recordProgress(t.db, student(1).id, [project.id]);
  });
  afterAll(() => t.close());

  const materialNames = async (username: string): Promise<string[]> => {
    const agent = await signIn(t.app, username);
    const res = await agent.req('GET', `${base}/materials?rowsperpage=50&page=1&sortBy=name`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((m: { name: string }) => m.name);
  };

  it('students see the materials for everyone and their own elements, never another student’s', async () => {
    expect(await materialNames(student(0).username)).toEqual(['Material 1', 'Material 2', 'Retake: Cells']);
    expect(await materialNames(student(1).username)).toEqual(['Material 1', 'Material 2', 'Science fair project']);
    expect(await materialNames(student(2).username)).toEqual(['Material 1', 'Material 2']);
    // Searching for the other student's material finds nothing either.
    const third = await signIn(t.app, student(2).username);
    expect((await third.req('GET', `${base}/materials?search=retake`)).json().pagination.totalcount).toBe(0);
  });

  it('a parent sees what their child in the class is assigned; staff see every material', async () => {
    expect(await materialNames(w.parent.username)).toEqual(['Material 1', 'Material 2', 'Retake: Cells']);
    expect(await materialNames(w.teacher.username)).toEqual(['Material 1', 'Material 2', 'Retake: Cells', 'Science fair project']);
    expect(await materialNames(w.assistant.username)).toHaveLength(4);
  });

  it('the courses tab counts only the elements and materials meant for the viewer', async () => {
    const counts = async (username: string) => {
      const agent = await signIn(t.app, username);
      return (await agent.req('GET', `${base}/courses`)).json().map((c: { elementCount: number; materialCount: number }) => [c.elementCount, c.materialCount]);
    };
    expect(await counts(student(2).username)).toEqual([[1, 2]]);
    expect(await counts(student(0).username)).toEqual([[2, 3]]);
    expect(await counts(w.parent.username)).toEqual([[2, 3]]);
    expect(await counts(w.teacher.username)).toEqual([[3, 4]]);
  });

  it('class progress counts each student’s own assigned materials', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const res = await teacher.req('GET', `${base}/progress?rowsperpage=50&page=1`);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(
      res
        .json()
        .data.map((r: { studentId: string; assigned: number; completed: number; percent: number }) => [r.studentId, [r.assigned, r.completed, r.percent]]),
    );
    expect(byId.get(student(0).id)).toEqual([3, 3, 100]);
    expect(byId.get(student(1).id)).toEqual([3, 1, 33]);
    expect(byId.get(student(2).id)).toEqual([2, 0, 0]);
    expect(byId.get(student(3).id)).toEqual([2, 0, 0]);
    const details = await teacher.req('GET', `${base}/progress/${student(2).id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().materials.map((m: { materialName: string }) => m.materialName)).toEqual(['Material 1', 'Material 2']);
    const first = (await teacher.req('GET', `${base}/progress/${student(0).id}`)).json();
    expect(first.materials.map((m: { materialName: string }) => m.materialName)).toEqual(['Material 1', 'Material 2', 'Retake: Cells']);
  });
});

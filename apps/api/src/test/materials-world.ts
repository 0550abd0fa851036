import { and, eq } from 'drizzle-orm';
import type { MaterialType } from '@klase/core/class-work/contracts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import { courseElementAssignees, courseElements, courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import type { Agent } from './agent.ts';
import { uniq } from './factories.ts';
import { multipartFile } from './multipart.ts';

/** Test data for the materials module: a course laid out element by element. */

export interface MaterialSpec {
  name: string;
  type?: MaterialType;
  published?: boolean;
  availableFrom?: Date | null;
}

export interface ElementSpec {
  name: string;
  published?: boolean;
  assign?: { studentIds?: string[]; groupIds?: string[] };
  materials: MaterialSpec[];
}

/**
 * A course of the class with the given elements and materials, in that order (published unless
 * told otherwise). Answers the course and every material id by name.
 */
export const buildJourneyCourse = async (
  db: Db,
  opts: { schoolId: string; classId: string; sequential?: boolean; published?: boolean; elements: ElementSpec[] },
) => {
  const [course] = await db
    .insert(courses)
    .values({
      schoolId: opts.schoolId,
      classId: opts.classId,
      name: uniq('Course '),
      code: uniq('C'),
      published: opts.published ?? true,
      sequential: opts.sequential ?? true,
    })
    .returning();
  if (!course) throw new Error('course');
  const ids: Record<string, string> = {};
  const elementIds: Record<string, string> = {};
  for (const [position, e] of opts.elements.entries()) {
    const mode = e.assign?.studentIds ? 'students' : e.assign?.groupIds ? 'groups' : 'everyone';
    const [element] = await db
      .insert(courseElements)
      .values({ courseId: course.id, name: e.name, position, published: e.published ?? true, assignMode: mode })
      .returning();
    if (!element) throw new Error('element');
    elementIds[e.name] = element.id;
    const assignees = [...(e.assign?.studentIds ?? []).map((studentId) => ({ studentId })), ...(e.assign?.groupIds ?? []).map((groupId) => ({ groupId }))];
    if (assignees.length) await db.insert(courseElementAssignees).values(assignees.map((a) => ({ elementId: element.id, ...a })));
    for (const [i, m] of e.materials.entries()) {
      const [row] = await db
        .insert(courseMaterials)
        .values({
          courseId: course.id,
          elementId: element.id,
          name: m.name,
          type: m.type ?? 'page',
          position: i,
          published: m.published ?? true,
          availableFrom: m.availableFrom ?? null,
          contentHtml: (m.type ?? 'page') === 'page' ? `<p>${m.name}</p>` : null,
        })
        .returning();
      if (!row) throw new Error('material');
      ids[m.name] = row.id;
    }
  }
  return { course, ids, elementIds };
};

export const progressOf = async (db: Db, materialId: string, studentId: string) => {
  const [row] = await db
    .select()
    .from(materialProgress)
    .where(and(eq(materialProgress.materialId, materialId), eq(materialProgress.studentId, studentId)));
  return row ?? null;
};

export const auditActions = async (db: Db, targetId: string): Promise<string[]> =>
  (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt)).map((r) => r.action);

/** The stop states of a journey answer, as `name: state` in path order. */
export const statesOf = (j: { elements: { stops: { name: string; state: string }[] }[] }): string[] =>
  j.elements.flatMap((e) => e.stops.map((s) => `${s.name}: ${s.state}`));

/** `POST /api/courses/:courseId/uploads` with one file in the `file` field. */
export const uploadFile = (agent: Agent, courseId: string, fileName: string, data: Buffer, contentType = 'application/octet-stream', prefix = '/api') =>
  agent.req('POST', `${prefix}/courses/${courseId}/uploads`, undefined, multipartFile('file', fileName, contentType, data));

import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadCourseAccess, type CourseAccess } from '../courses/course-access.ts';
import { computeJourney, stopState, type JourneyPath } from './journey.ts';
import { completions, findMaterial, journeyItems, type Audience, type ElementRecord, type MaterialRecord } from './materials.repo.ts';

/** For the access checks of assignments and quizzes: a material with its element, and a material's place in the journey. */
export { findMaterial, stopState };

/**
 * Who may open a material, decided in one place for `GET /api/materials/:id`, its file and its
 * views: staff of the class (teachers, assistants) reach every material of the course; students
 * reach the stops of their own journey that are not locked or waiting for `availableFrom`;
 * parents reach the published stops assigned to one of their children (never locked for them:
 * they look, they do not work through it); teachers reading a catalogue course reach its
 * published materials of published elements. Anything else is 404.
 */

export interface OpenedMaterial {
  material: MaterialRecord;
  element: ElementRecord;
  access: CourseAccess;
  /** The caller's journey when they are a student (null for staff and parents). */
  path: JourneyPath | null;
}

/** The path of a course for an audience, with the completions of `progressOf` (none: a student who has not started). */
export const pathOf = async (db: Db, access: CourseAccess, audience: Audience, progressOf: string | null, now = new Date()): Promise<JourneyPath> => {
  const items = await journeyItems(db, access.course.id, audience);
  const done = progressOf ? await completions(db, access.course.id, progressOf) : new Map<string, Date>();
  return computeJourney(items, done, now, access.course.sequential);
};

const refuseUnreachable = (path: JourneyPath, materialId: string): void => {
  const state = stopState(path, materialId);
  if (state === null) throw new DomainError('NOT_FOUND');
  if (state === 'locked') throw new DomainError('MATERIAL_LOCKED');
  if (state === 'unavailable') throw new DomainError('MATERIAL_UNAVAILABLE');
};

export const openMaterial = async (db: Db, user: UserRow, materialId: string): Promise<OpenedMaterial> => {
  const found = await findMaterial(db, materialId);
  if (!found) throw new DomainError('NOT_FOUND');
  const access = await loadCourseAccess(db, user, found.material.courseId);
  if (access.staff) return { ...found, access, path: null };
  // A teacher reading a catalogue course: its published materials of published elements, in free order.
  if (!access.classAccess) {
    if (!found.material.published || !found.element.published) throw new DomainError('NOT_FOUND');
    return { ...found, access, path: null };
  }
  if (user.roleId === ROLE.student) {
    const path = await pathOf(db, access, { studentIds: [user.id] }, user.id);
    refuseUnreachable(path, materialId);
    return { ...found, access, path };
  }
  // A parent: the stop must be on the path of one of their children, in free order.
  const path = await pathOf(db, { ...access, course: { ...access.course, sequential: false } }, { studentIds: access.classAccess.childIds }, null);
  refuseUnreachable(path, materialId);
  return { ...found, access, path: null };
};

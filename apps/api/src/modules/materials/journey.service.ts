import { COMPLETION_RULE, type Journey, type journeyQuery } from '@klase/core/materials/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { CourseAccess } from '../courses/course-access.ts';
import { openMaterial, pathOf } from './material-access.ts';
import { recordVisit } from './materials.repo.ts';

/** The journey of a course and the visits that move a student along it. */

type JourneyQuery = z.output<typeof journeyQuery>;

/** Time between two visits counted as time spent, at most (longer gaps are a student who left). */
export const VISIT_GAP_CAP_SECONDS = 30 * 60;

const required = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'required' }] });

/**
 * Students: their own path. Staff (and teachers reading a catalogue course): with `as=student`,
 * the path of a student who has not started and is assigned "everyone" elements only (student mode). Parents: the path of `childId`, one
 * of their children enrolled in the class (another id is 404).
 */
export const courseJourney = async (ctx: Ctx, access: CourseAccess, user: UserRow, q: JourneyQuery): Promise<Journey> => {
  const courseId = access.course.id;
  // Staff, and teachers reading a catalogue course (no class), see the path of a new student.
  if (access.staff || !access.classAccess) {
    if (q.as !== 'student') throw required('as');
    return { courseId, ...(await pathOf(ctx.db, access, 'everyone', null)) };
  }
  if (user.roleId === ROLE.parent) {
    if (!q.childId) throw required('childId');
    if (!access.classAccess.childIds.includes(q.childId)) throw new DomainError('NOT_FOUND');
    return { courseId, ...(await pathOf(ctx.db, access, { studentIds: [q.childId] }, q.childId)) };
  }
  return { courseId, ...(await pathOf(ctx.db, access, { studentIds: [user.id] }, user.id)) };
};

/**
 * A student opens a material: the visit is recorded (first and last access, time since the
 * previous visit up to 30 minutes) and a viewable material (page, file, link, video) is complete.
 * Locked or not-yet-available materials refuse before anything is written.
 */
export const viewMaterial = async (ctx: Ctx, user: UserRow, materialId: string) => {
  if (user.roleId !== ROLE.student) throw new DomainError('FORBIDDEN');
  const { material, access } = await openMaterial(ctx.db, user, materialId);
  const now = new Date();
  const completedAt = await recordVisit(ctx.db, {
    materialId,
    studentId: user.id,
    at: now,
    complete: COMPLETION_RULE[material.type] === 'viewed',
    capSeconds: VISIT_GAP_CAP_SECONDS,
  });
  const path = await pathOf(ctx.db, access, { studentIds: [user.id] }, user.id, now);
  return { completedAt: completedAt?.toISOString() ?? null, journey: { courseId: access.course.id, ...path } };
};

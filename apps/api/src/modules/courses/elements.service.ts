import type { z } from 'zod';
import { fullName } from '@klase/core/admin/users';
import type { ElementDetails, assigneesField, elementForm, Placement } from '@klase/core/courses/contracts';
import { DomainError, type FieldIssue } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { isoOrNull, publishStatus } from '../../kernel/course-sql.ts';
import { removeUnreferencedFiles } from '../../kernel/file-refs.ts';
import { loadManagedCourse, unlessTaken, type CourseAccess } from './course-access.ts';
import { publishContents, touchCourse, type CourseViewer } from './courses.repo.ts';
import {
  assigneesOf,
  deleteElement as deleteElementRow,
  elementOrder,
  elementsOf,
  enrolledAmong,
  findElement,
  groupsAmong,
  insertElement,
  materialEntriesOf,
  renumberElements,
  replaceAssignees,
  saveElement,
  updateElement,
  type AssigneeIds,
  type ElementRecord,
} from './elements.repo.ts';

/** An element of a course (materials are added to one). */
export { findElement };

type ElementFormValues = z.output<typeof elementForm>;
type AssigneesValues = z.output<typeof assigneesField>;

const AUDITED = ['name', 'type', 'assignMode', 'position'] as const;
const STAFF: CourseViewer = { kind: 'staff' };

/**
 * Elements with their material entries as the viewer sees them. Students and parents get the
 * published elements assigned to them with their published materials, and no assignee names
 * (who else an element is for is the teacher's business).
 */
export const elementDetailsOf = async (db: Db, courseId: string, viewer: CourseViewer, onlyId?: string): Promise<ElementDetails[]> => {
  const elements = await elementsOf(db, courseId, viewer, onlyId);
  const ids = elements.map((e) => e.id);
  const staff = viewer.kind === 'staff';
  const materials = await materialEntriesOf(db, ids, !staff);
  const assignees = staff ? await assigneesOf(db, ids) : { students: [], groups: [] };
  return elements.map((e) => ({
    id: e.id,
    name: e.name,
    type: e.type,
    position: e.position,
    published: e.published,
    status: publishStatus(e.published),
    version: e.version,
    assignees: {
      mode: e.assignMode,
      students: assignees.students.filter((s) => s.elementId === e.id).map((s) => ({ id: s.id, name: fullName(s) })),
      groups: assignees.groups.filter((g) => g.elementId === e.id).map((g) => ({ id: g.id, name: g.name })),
    },
    materials: materials
      .filter((m) => m.elementId === e.id)
      .map((m) => ({
        id: m.id,
        name: m.name,
        type: m.type,
        position: m.position,
        published: m.published,
        status: publishStatus(m.published),
        dueAt: isoOrNull(m.dueAt),
        availableFrom: isoOrNull(m.availableFrom),
      })),
  }));
};

const oneElement = async (db: Db, courseId: string, elementId: string): Promise<ElementDetails> => {
  const [found] = await elementDetailsOf(db, courseId, STAFF, elementId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
};

const invalid = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'invalidChoice' } satisfies FieldIssue] });

/**
 * The chosen students must be enrolled in the class and the chosen groups belong to it. A
 * catalogue course (no class) has neither: its elements are for everyone.
 */
const resolveAssignees = async (db: Db, classId: string | null, a: AssigneesValues): Promise<AssigneeIds> => {
  if (a.mode === 'everyone') return { studentIds: [], groupIds: [] };
  if (!classId) throw invalid('assignees.mode');
  if (a.mode === 'students') {
    const wanted = [...new Set(a.studentIds)];
    if ((await enrolledAmong(db, classId, wanted)).length !== wanted.length) throw invalid('assignees.studentIds');
    return { studentIds: wanted, groupIds: [] };
  }
  const wanted = [...new Set(a.groupIds)];
  if ((await groupsAmong(db, classId, wanted)).length !== wanted.length) throw invalid('assignees.groupIds');
  return { studentIds: [], groupIds: wanted };
};

/**
 * Where an element goes in `order` (the other elements of the course, in order): at the top, at
 * the bottom, or before or after `relativeTo`, which must be one of them.
 */
const placementIndex = (order: readonly string[], placement: Placement, relativeTo: string | null): number => {
  if (placement === 'top') return 0;
  if (placement === 'bottom') return order.length;
  const at = relativeTo ? order.indexOf(relativeTo) : -1;
  if (at < 0) throw invalid('relativeTo');
  return placement === 'before' ? at : at + 1;
};

/** Loads the element inside a change's transaction (the course row is already locked by `touchCourse`). */
const elementIn = async (db: Db, courseId: string, elementId: string): Promise<ElementRecord> => {
  const row = await findElement(db, courseId, elementId);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
};

const elementAudit = (access: CourseAccess, user: UserRow, el: Pick<ElementRecord, 'id' | 'name'>) => ({
  schoolId: access.course.schoolId,
  actorId: user.id,
  targetType: 'course',
  targetId: access.course.id,
  extra: { elementId: el.id, elementName: el.name },
});

/** Places the element (removed from the order first when it moves) and renumbers the course's elements. */
const place = async (db: Db, courseId: string, elementId: string, v: Pick<ElementFormValues, 'placement' | 'relativeTo'>): Promise<number> => {
  const order = (await elementOrder(db, courseId)).filter((id) => id !== elementId);
  const index = placementIndex(order, v.placement, v.relativeTo);
  order.splice(index, 0, elementId);
  await renumberElements(db, courseId, order);
  return index;
};

export const createElement = async (ctx: Ctx, user: UserRow, courseId: string, v: ElementFormValues): Promise<ElementDetails> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  const assignees = await resolveAssignees(ctx.db, access.course.classId, v.assignees);
  const id = await unlessTaken('ELEMENT_CREATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      await touchCourse(tx, courseId, user.id);
      const row = await insertElement(tx, { courseId, name: v.name, type: v.type, assignMode: v.assignees.mode, createdBy: user.id, updatedBy: user.id });
      const position = await place(tx, courseId, row.id, v);
      await replaceAssignees(tx, row.id, assignees);
      await auditChange(tx, {
        ...elementAudit(access, user, row),
        action: 'element.created',
        before: null,
        after: { ...pick(row, AUDITED), position, ...assignees },
      });
      return row.id;
    }),
  );
  return oneElement(ctx.db, courseId, id);
};

/** Edits an element; its placement moves it (the form's current place, e.g. after the element before it, keeps the order). */
export const editElement = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  elementId: string,
  v: ElementFormValues & EditVersion,
): Promise<ElementDetails> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  const assignees = await resolveAssignees(ctx.db, access.course.classId, v.assignees);
  await unlessTaken('ELEMENT_UPDATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      await touchCourse(tx, courseId, user.id);
      const before = await elementIn(tx, courseId, elementId);
      const oldAssignees = await assigneesOf(tx, [elementId]);
      const position = await place(tx, courseId, elementId, v);
      const row = await saveElement(tx, elementId, v, user.id, { name: v.name, type: v.type, assignMode: v.assignees.mode });
      await replaceAssignees(tx, elementId, assignees);
      const diff = changes(before, { ...row, position }, AUDITED);
      const was = { studentIds: oldAssignees.students.map((s) => s.id), groupIds: oldAssignees.groups.map((g) => g.id) };
      for (const k of ['studentIds', 'groupIds'] as const) {
        if ([...was[k]].sort().join() !== [...assignees[k]].sort().join()) {
          diff.before[k] = was[k];
          diff.after[k] = assignees[k];
        }
      }
      await auditChange(tx, { ...elementAudit(access, user, row), action: 'element.updated', ...diff });
    }),
  );
  return oneElement(ctx.db, courseId, elementId);
};

/** Publishes or unpublishes an element; `contents` (issue 13) publishes its materials in the same transaction. */
export const setElementPublished = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  elementId: string,
  published: boolean,
  contents = false,
): Promise<void> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  await ctx.db.transaction(async (tx) => {
    await touchCourse(tx, courseId, user.id);
    const before = await elementIn(tx, courseId, elementId);
    if (before.published !== published) await updateElement(tx, elementId, { published, updatedBy: user.id });
    const materials = published && contents ? { contents: await publishContents(tx, courseId, user.id, elementId) } : {};
    await auditChange(tx, {
      ...elementAudit(access, user, before),
      action: published ? 'element.published' : 'element.unpublished',
      before: { published: before.published },
      after: { published, ...materials },
    });
  });
};

/** Deletes the element with its materials; their stored files no other material uses are removed once the deletion is committed. */
export const deleteElement = async (ctx: Ctx, user: UserRow, courseId: string, elementId: string): Promise<void> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  const files = await ctx.db.transaction(async (tx) => {
    await touchCourse(tx, courseId, user.id);
    const before = await elementIn(tx, courseId, elementId);
    const keys = await deleteElementRow(tx, elementId);
    await renumberElements(tx, courseId, await elementOrder(tx, courseId));
    await auditChange(tx, { ...elementAudit(access, user, before), action: 'element.deleted', before: pick(before, AUDITED), after: null });
    return keys;
  });
  // Copies of the course share files by reference: only files no material uses any more go.
  await removeUnreferencedFiles(ctx.db, ctx.storage, files);
};

/** Puts the course's elements in the given order: exactly its element ids, each once. */
export const reorderElements = async (ctx: Ctx, user: UserRow, courseId: string, elementIds: readonly string[]): Promise<ElementDetails[]> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  await ctx.db.transaction(async (tx) => {
    await touchCourse(tx, courseId, user.id);
    const order = await elementOrder(tx, courseId);
    const wanted = new Set(elementIds);
    if (wanted.size !== elementIds.length || wanted.size !== order.length || order.some((id) => !wanted.has(id))) throw invalid('elementIds');
    await renumberElements(tx, courseId, elementIds);
    await auditChange(tx, {
      schoolId: access.course.schoolId,
      actorId: user.id,
      action: 'element.reordered',
      targetType: 'course',
      targetId: courseId,
      before: { elementIds: order },
      after: { elementIds: [...elementIds] },
    });
  });
  return elementDetailsOf(ctx.db, courseId, STAFF);
};

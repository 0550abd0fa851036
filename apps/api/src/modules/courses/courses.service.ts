import type { CourseDetails, CourseFormValues, CourseRow } from '@klase/core/courses/contracts';
import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { publishStatus } from '../../kernel/course-sql.ts';
import { loadClassAccess } from '../../kernel/class-access.ts';
import { listChildren } from '../admin/users/users.service.ts';
import { canManage, isCatalogue, loadCourseAccess, loadManagedCourse, unlessTaken, viewerOf, type CourseAccess, type CourseRecord } from './course-access.ts';
import {
  countMyCourses,
  findCourseRow,
  insertCourse,
  listMyCourses,
  lockCourse,
  publishContents,
  saveCourse,
  updateCourse,
  type CourseListRow,
  type CourseReach,
  type CourseViewer,
  type MyCoursesQuery,
} from './courses.repo.ts';

/** Course rows for the catalogue's own create, change and delete (catalogue.service.ts). */
export { insertCourse, lockCourse, updateCourse };
import { elementDetailsOf } from './elements.service.ts';

/** What the audit log keeps of a course's own fields (catalogue courses add `categoryId`). */
export const COURSE_AUDITED = ['name', 'code', 'description', 'gradeLevel', 'subject', 'sequential'] as const;

/** Where the course image is served; the version changes with every upload so caches refresh. */
export const courseImageUrl = (c: Pick<CourseRecord, 'id' | 'imageKey' | 'imageVersion'>): string | null =>
  c.imageKey ? `/api/courses/${encodeURIComponent(c.id)}/image?v=${c.imageVersion}` : null;

/** Completed share of the assigned materials, rounded down (class progress's rule); none assigned is 0. */
const percentOf = (completed: number | null, assigned: number): number | null =>
  completed === null ? null : assigned === 0 ? 0 : Math.floor((100 * Number(completed)) / assigned);

export const toRow = (r: CourseListRow): CourseRow => {
  const c = r.course;
  const materialCount = Number(r.materialCount);
  return {
    id: c.id,
    classId: c.classId,
    className: r.className,
    name: c.name,
    code: c.code,
    description: c.description,
    gradeLevel: c.gradeLevel,
    subject: c.subject,
    published: c.published,
    status: publishStatus(c.published),
    job: c.job,
    sequential: c.sequential,
    shared: c.shared,
    imageUrl: courseImageUrl(c),
    elementCount: Number(r.elementCount),
    materialCount,
    percent: percentOf(r.completed, materialCount),
    updatedAt: c.updatedAt.toISOString(),
  };
};

/** Which courses My Courses lists for the caller, and through whose eyes. */
const myReach = async (ctx: Ctx, user: UserRow, childId: string | undefined): Promise<{ reach: CourseReach; viewer: CourseViewer }> => {
  switch (user.roleId) {
    case ROLE.teacher:
    case ROLE.assistantTeacher:
      return { reach: { kind: 'teaching', userId: user.id }, viewer: { kind: 'staff' } };
    case ROLE.student:
      return { reach: { kind: 'enrolled', studentIds: [user.id] }, viewer: { kind: 'students', studentIds: [user.id] } };
    case ROLE.parent: {
      const children = (await listChildren(ctx.db, user.id)).map((c) => c.id);
      if (childId && !children.includes(childId)) throw new DomainError('NOT_FOUND');
      const studentIds = childId ? [childId] : children;
      return { reach: { kind: 'enrolled', studentIds }, viewer: { kind: 'students', studentIds } };
    }
    default:
      throw new DomainError('FORBIDDEN');
  }
};

/**
 * My Courses: teachers and assistants get the courses of the active classes they teach; students
 * the published courses of their classes with their completion; parents those of one child
 * (`childId`) or of all their children.
 */
export const myCourses = async (ctx: Ctx, user: UserRow, q: MyCoursesQuery & { childId?: string }): Promise<TablePage<CourseRow>> => {
  if (!user.schoolId) throw new DomainError('NOT_FOUND');
  const { reach, viewer } = await myReach(ctx, user, q.childId);
  const total = await countMyCourses(ctx.db, user.schoolId, reach, q);
  const rows = await listMyCourses(ctx.db, user.schoolId, reach, viewer, q);
  return { data: rows.map(toRow), pagination: { page: q.page, totalcount: total } };
};

const detailsOf = async (ctx: Ctx, access: CourseAccess, user: UserRow): Promise<CourseDetails> => {
  const viewer = viewerOf(access, user);
  const row = await findCourseRow(ctx.db, access.course.id, viewer);
  if (!row) throw new DomainError('NOT_FOUND');
  const c = row.course;
  return {
    ...toRow(row),
    schoolId: c.schoolId,
    categoryId: c.categoryId,
    categoryName: row.categoryName,
    elements: await elementDetailsOf(ctx.db, c.id, viewer),
    can: { manage: canManage(access), viewStudentMode: access.staff },
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
    version: c.version,
  };
};

/** A course as the caller sees it (students and parents: published, assigned items only). */
export const courseDetails = async (ctx: Ctx, user: UserRow, courseId: string): Promise<CourseDetails> =>
  detailsOf(ctx, await loadCourseAccess(ctx.db, user, courseId), user);

export const formValues = (v: CourseFormValues) => ({
  name: v.name,
  code: v.code,
  description: v.description,
  gradeLevel: v.gradeLevel,
  subject: v.subject,
  sequential: v.sequential,
});

export const courseAudit = (user: UserRow, course: Pick<CourseRecord, 'id' | 'schoolId'>) => ({
  schoolId: course.schoolId,
  actorId: user.id,
  targetType: 'course',
  targetId: course.id,
});

/** A teacher of the (active) class adds a course to it; new courses start unpublished. */
export const createCourse = async (ctx: Ctx, user: UserRow, classId: string, v: CourseFormValues): Promise<CourseDetails> => {
  const classAccess = await loadClassAccess(ctx.db, user, classId);
  if (classAccess.relation !== 'teacher') throw new DomainError('FORBIDDEN');
  if (classAccess.cls.archivedAt) throw new DomainError('CLASS_ARCHIVED');
  const id = await unlessTaken('COURSE_CREATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const row = await insertCourse(tx, { ...formValues(v), schoolId: classAccess.cls.schoolId, classId, createdBy: user.id, updatedBy: user.id });
      await auditChange(tx, { ...courseAudit(user, row), action: 'course.created', before: null, after: pick(row, COURSE_AUDITED) });
      return row.id;
    }),
  );
  return courseDetails(ctx, user, id);
};

export const editCourse = async (ctx: Ctx, user: UserRow, courseId: string, v: CourseFormValues & EditVersion): Promise<CourseDetails> => {
  await loadManagedCourse(ctx.db, user, courseId);
  await unlessTaken('COURSE_UPDATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const before = await lockCourse(tx, courseId);
      const row = await saveCourse(tx, courseId, v, user.id, formValues(v));
      await auditChange(tx, { ...courseAudit(user, row), action: 'course.updated', ...changes(before, row, COURSE_AUDITED) });
    }),
  );
  return courseDetails(ctx, user, courseId);
};

/**
 * Sets one flag of the course (already checked by the caller), audited as `on` or `off`; `also`
 * makes more changes in the same transaction and adds what it answers to the audit entry.
 */
const setFlag = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  flag: 'published' | 'shared',
  value: boolean,
  actions: { on: string; off: string },
  also?: (tx: Db) => Promise<Record<string, unknown>>,
): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, courseId);
    if (before[flag] !== value) await updateCourse(tx, courseId, { [flag]: value, updatedBy: user.id });
    const more = also ? await also(tx) : {};
    await auditChange(tx, {
      ...courseAudit(user, before),
      action: value ? actions.on : actions.off,
      before: { [flag]: before[flag] },
      after: { [flag]: value, ...more },
    });
  });
};

/**
 * Publishes or unpublishes the course: unpublished courses disappear for students and parents.
 * `contents` (issue 13) publishes its elements and materials in the same transaction, so
 * students see what the teacher meant to give them.
 */
export const setCoursePublished = async (ctx: Ctx, user: UserRow, courseId: string, published: boolean, contents = false): Promise<void> => {
  await loadManagedCourse(ctx.db, user, courseId);
  const everything = published && contents ? async (tx: Db) => ({ contents: await publishContents(tx, courseId, user.id) }) : undefined;
  await setFlag(ctx, user, courseId, 'published', published, { on: 'course.published', off: 'course.unpublished' }, everything);
};

/**
 * A teacher of the class shares the course with the other teachers of the school (they may copy
 * it from `#/courses/available`) or stops sharing it. Catalogue courses are not shared (403).
 */
export const setCourseShared = async (ctx: Ctx, user: UserRow, courseId: string, shared: boolean): Promise<void> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  if (isCatalogue(access)) throw new DomainError('FORBIDDEN');
  await setFlag(ctx, user, courseId, 'shared', shared, { on: 'course.shared', off: 'course.unshared' });
};

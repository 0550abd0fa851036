import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import type { GroupRow } from '@klase/core/class-work/contracts';
import {
  COPY_TARGETS_PATH,
  COURSE_IMAGE_FIELD,
  type CopyTarget,
  type CourseCopyAnswer,
  type CourseCopyRequest,
  type CourseDetails,
  type CourseFormValues,
  type CourseRow,
  type ElementForm,
} from '@klase/core/courses/contracts';
import { encodeTableQuery, type TablePage } from '@klase/core/table';
import { apiFetch, uploadWithProgress } from './http.ts';
import { classKeys, classPath, invalidateClass } from './class-api.ts';
import { useClassAction } from '../lib/use-class-action.ts';
import type { EditVersion } from '@klase/core/edit-version';

/**
 * The course pages' calls: `/api/courses` (lists, one course, publish, image, share), elements
 * under `/api/courses/:courseId/elements` and the publish/delete of materials. A course's keys sit
 * under `classKeys.inClass(classId)` (a catalogue course, which has no class, under
 * `catalogueKeys.all`), so an action on the class or the catalogue (or on the course, through
 * `useCourseAction`) reloads both.
 */
export const COURSES_PATH = '/api/courses';

/** The rex admin's catalogue: categories, catalogue course lists and catalogue courses. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: ['catalogue', 'categories'] as const,
  courses: ['catalogue', 'courses'] as const,
};

/** What a course's keys sit under: its class's, or (no class) the catalogue's. */
export const courseScopeKey = (classId: string | null) => (classId ? classKeys.inClass(classId) : catalogueKeys.all);

/** Reloads what depends on a course: its class's pages, or the catalogue's. */
export const invalidateCourseScope = (queryClient: QueryClient, classId: string | null) =>
  classId ? invalidateClass(queryClient, classId) : queryClient.invalidateQueries({ queryKey: catalogueKeys.all });

export const coursePath = (courseId: string, ...rest: string[]): string =>
  [`${COURSES_PATH}/${encodeURIComponent(courseId)}`, ...rest.map(encodeURIComponent)].join('/');

/** At most this many courses, students or groups are listed in one class page or picker. */
export const CLASS_LIST_LIMIT = 50;

export const courseKeys = {
  /** My Courses (every class): one entry per query string. */
  mine: ['courses', 'mine'] as const,
  classList: (classId: string) => [...classKeys.inClass(classId), 'course-list'] as const,
  /** One course; `classId` null for a catalogue course. */
  one: (classId: string | null, courseId: string) => [...courseScopeKey(classId), 'course', courseId] as const,
  assignable: (classId: string, what: 'students' | 'groups') => [...classKeys.inClass(classId), 'assignable', what] as const,
  copyTargets: ['courses', 'copy-targets'] as const,
};

/** How often a list or page asks again while a copy or deletion runs in the background. */
export const JOB_POLL_MS = 2000;
const running = (c: Pick<CourseRow, 'job'>) => c.job === 'copying' || c.job === 'deleting';

/**
 * React Query's `refetchInterval` for a list of courses: every JOB_POLL_MS while any listed course
 * is being copied or deleted (so the badge turns into the finished course, or the card goes,
 * without a reload), and not at all otherwise.
 */
export const pollWhileRunning = (query: { state: { data?: { data: CourseRow[] } } }): number | false =>
  query.state.data?.data.some(running) ? JOB_POLL_MS : false;

/** The first `CLASS_LIST_LIMIT` rows of a class's table, sorted by `sortBy`. */
const firstPage = (sortBy: string, extra: Record<string, string> = {}) =>
  encodeTableQuery({ sortBy, sortOrder: 'asc', search: '', page: 1, rowsperpage: CLASS_LIST_LIMIT, extra }).toString();

/** `GET /api/courses?classId=`: the class's courses (students and parents: the published ones). */
export const useClassCourseList = (classId: string) =>
  useQuery({
    queryKey: courseKeys.classList(classId),
    queryFn: ({ signal }) => apiFetch<TablePage<CourseRow>>(`${COURSES_PATH}?${firstPage('name', { classId })}`, { signal }),
    refetchInterval: pollWhileRunning,
  });

/** `GET /api/courses/:courseId`: the course with its elements and materials. */
export const useCourse = (classId: string | null, courseId: string) =>
  useQuery({
    queryKey: courseKeys.one(classId, courseId),
    queryFn: ({ signal }) => apiFetch<CourseDetails>(coursePath(courseId), { signal }),
    retry: false,
    // A course opened while it is copied or deleted shows so, and follows the job to its end.
    refetchInterval: (query) => (query.state.data && running(query.state.data) && query.state.status === 'success' ? JOB_POLL_MS : false),
  });

/** `GET /api/courses/copy-targets`: the caller's classes a course can be copied into. */
export const useCopyTargets = () =>
  useQuery({
    queryKey: courseKeys.copyTargets,
    queryFn: ({ signal }) => apiFetch<CopyTarget[]>(COPY_TARGETS_PATH, { signal }),
  });

/** Students and groups an element can be assigned to (fetched when the form asks for them). */
export const useAssignableStudents = (classId: string, enabled: boolean) =>
  useQuery({
    queryKey: courseKeys.assignable(classId, 'students'),
    queryFn: ({ signal }) => apiFetch<TablePage<ClassStudentRow>>(`${classPath(classId, 'students')}?${firstPage('sortName')}`, { signal }),
    enabled,
  });
export const useAssignableGroups = (classId: string, enabled: boolean) =>
  useQuery({
    queryKey: courseKeys.assignable(classId, 'groups'),
    queryFn: ({ signal }) => apiFetch<TablePage<GroupRow>>(`${classPath(classId, 'groups')}?${firstPage('name')}`, { signal }),
    enabled,
  });

type MessageAnswer = { message: string };

/**
 * `useClassAction` for a course: confirmed, sent, toasted, and afterwards its class's pages (or,
 * for a catalogue course, the catalogue's) reload.
 */
export const useCourseAction = (classId: string | null) => {
  const queryClient = useQueryClient();
  const action = useClassAction(classId ?? '');
  const run = async (...args: Parameters<typeof action.run>) => {
    const done = await action.run(...args);
    if (classId === null) await invalidateCourseScope(queryClient, null);
    return done;
  };
  return { busy: action.busy, run };
};

export const createCourseCall = (classId: string, body: CourseFormValues) => apiFetch<CourseDetails>(classPath(classId, 'courses'), { method: 'POST', body });
export const updateCourseCall = (courseId: string, body: CourseFormValues & EditVersion) =>
  apiFetch<CourseDetails>(coursePath(courseId), { method: 'PUT', body });
/** `contents`: also publish the course's elements and materials (issue 13). */
export const publishCourseCall = (courseId: string, published: boolean, contents = false) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'published'), { method: 'PATCH', body: published && contents ? { published, contents } : { published } });

/** `PATCH /api/courses/:courseId/shared`: share with (or stop sharing with) the other teachers of the school. */
export const shareCourseCall = (courseId: string, shared: boolean) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'shared'), { method: 'PATCH', body: { shared } });

/** `POST /api/courses/:courseId/copy`: the copy appears at once with `job: 'copying'`. */
export const copyCourseCall = (courseId: string, body: CourseCopyRequest) => apiFetch<CourseCopyAnswer>(coursePath(courseId, 'copy'), { method: 'POST', body });
/** `DELETE /api/courses/:courseId` → 202: the course shows `job: 'deleting'` until the job removes it. */
export const deleteCourseCall = (courseId: string) => apiFetch<MessageAnswer>(coursePath(courseId), { method: 'DELETE' });

/** `PUT /api/courses/:courseId/image`: one jpeg or png under 2 MB in the multipart field COURSE_IMAGE_FIELD. */
export const uploadCourseImageCall = (courseId: string, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append(COURSE_IMAGE_FIELD, file);
  return uploadWithProgress<CourseDetails>(coursePath(courseId, 'image'), data, onProgress, 'PUT');
};
export const deleteCourseImageCall = (courseId: string) => apiFetch<CourseDetails>(coursePath(courseId, 'image'), { method: 'DELETE' });

export const createElementCall = (courseId: string, body: ElementForm) => apiFetch<unknown>(coursePath(courseId, 'elements'), { method: 'POST', body });
export const updateElementCall = (courseId: string, elementId: string, body: ElementForm & EditVersion) =>
  apiFetch<unknown>(coursePath(courseId, 'elements', elementId), { method: 'PUT', body });
/** `contents`: also publish the element's materials (issue 13). */
export const publishElementCall = (courseId: string, elementId: string, published: boolean, contents = false) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'elements', elementId, 'published'), {
    method: 'PATCH',
    body: published && contents ? { published, contents } : { published },
  });
export const deleteElementCall = (courseId: string, elementId: string) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'elements', elementId), { method: 'DELETE' });
export const orderElementsCall = (courseId: string, elementIds: string[]) =>
  apiFetch<unknown>(coursePath(courseId, 'elements', 'order'), { method: 'PUT', body: { elementIds } });

const materialPath = (materialId: string, ...rest: string[]) =>
  ['/api/materials', materialId, ...rest].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
export const publishMaterialCall = (materialId: string, published: boolean) =>
  apiFetch<MessageAnswer>(materialPath(materialId, 'published'), { method: 'PATCH', body: { published } });

/**
 * Reloads the class's pages (a catalogue course, `null`: the catalogue's) and every My Courses
 * query, so the new job's badge shows everywhere.
 */
export const useReloadCourses = () => {
  const queryClient = useQueryClient();
  return async (...classIds: (string | null)[]) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: courseKeys.mine }),
      ...[...new Set(classIds)].map((id) => invalidateCourseScope(queryClient, id)),
    ]);
  };
};

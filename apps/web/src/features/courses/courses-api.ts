import { useQuery } from '@tanstack/react-query';
import type { ClassStudentRow } from '@klase/core/classes/contracts';
import type { GroupRow } from '@klase/core/classes/class-work';
import {
  COPY_TARGETS_PATH,
  COURSE_IMAGE_FIELD,
  type CopyTarget,
  type CourseCopyAnswer,
  type CourseDetails,
  type CourseFormValues,
  type CourseRow,
  type ElementForm,
} from '@klase/core/courses/contracts';
import { encodeTableQuery, type TablePage } from '@klase/core/table';
import { apiFetch, uploadWithProgress } from '../../components/http.ts';
import { classKeys, classPath } from '../classes/class-api.ts';

/**
 * The course pages' calls: `/api/courses` (lists, one course, publish, image), elements under
 * `/api/courses/:courseId/elements` and the publish/delete of materials. A course's keys sit under
 * `classKeys.inClass(classId)`, so an action on the class (or on the course, through the class's
 * action hook) reloads both.
 */
export const COURSES_PATH = '/api/courses';

export const coursePath = (courseId: string, ...rest: string[]): string =>
  [`${COURSES_PATH}/${encodeURIComponent(courseId)}`, ...rest.map(encodeURIComponent)].join('/');

/** At most this many courses, students or groups are listed in one class page or picker. */
export const CLASS_LIST_LIMIT = 50;

export const courseKeys = {
  /** My Courses (every class): one entry per query string. */
  mine: ['courses', 'mine'] as const,
  classList: (classId: string) => [...classKeys.inClass(classId), 'course-list'] as const,
  one: (classId: string, courseId: string) => [...classKeys.inClass(classId), 'course', courseId] as const,
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
export const useCourse = (classId: string, courseId: string) =>
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

export const createCourseCall = (classId: string, body: CourseFormValues) =>
  apiFetch<CourseDetails>(classPath(classId, 'courses'), { method: 'POST', body });
export const updateCourseCall = (courseId: string, body: CourseFormValues) => apiFetch<CourseDetails>(coursePath(courseId), { method: 'PUT', body });
export const publishCourseCall = (courseId: string, published: boolean) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'published'), { method: 'PATCH', body: { published } });

/** `POST /api/courses/:courseId/copy`: the copy appears at once with `job: 'copying'`. */
export const copyCourseCall = (courseId: string, targetClassId: string) =>
  apiFetch<CourseCopyAnswer>(coursePath(courseId, 'copy'), { method: 'POST', body: { targetClassId } });
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
export const updateElementCall = (courseId: string, elementId: string, body: ElementForm) =>
  apiFetch<unknown>(coursePath(courseId, 'elements', elementId), { method: 'PUT', body });
export const publishElementCall = (courseId: string, elementId: string, published: boolean) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'elements', elementId, 'published'), { method: 'PATCH', body: { published } });
export const deleteElementCall = (courseId: string, elementId: string) =>
  apiFetch<MessageAnswer>(coursePath(courseId, 'elements', elementId), { method: 'DELETE' });
export const orderElementsCall = (courseId: string, elementIds: string[]) =>
  apiFetch<unknown>(coursePath(courseId, 'elements', 'order'), { method: 'PUT', body: { elementIds } });

const materialPath = (materialId: string, ...rest: string[]) => ['/api/materials', materialId, ...rest].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
export const publishMaterialCall = (materialId: string, published: boolean) =>
  apiFetch<MessageAnswer>(materialPath(materialId, 'published'), { method: 'PATCH', body: { published } });
export const deleteMaterialCall = (materialId: string) => apiFetch<MessageAnswer>(materialPath(materialId), { method: 'DELETE' });

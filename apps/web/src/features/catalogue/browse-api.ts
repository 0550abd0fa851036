import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AvailableCourseRow, CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import { courseCopyRequest, type CourseCopyAnswer, type CourseDetails } from '@klase/core/courses/contracts';
import { type MaterialDetails } from '@klase/core/materials/contracts';
import { SEARCH_DEBOUNCE_MS } from '@klase/core/constants';
import { encodeTableQuery, type TablePage } from '@klase/core/table';
import { useErrorMessage } from '../../components/error-text.tsx';
import { apiFetch } from '../../api/http.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { invalidateClass } from '../../api/class-api.ts';
import { courseKeys } from '../../api/courses-api.ts';

/**
 * The teachers' side of the catalogue: categories and published catalogue courses
 * (`/api/catalogue/...`), a catalogue course with its published elements and materials
 * (`GET /api/courses/:courseId`), one material (`GET /api/materials/:materialId`, no progress is
 * recorded), the courses a teacher can copy (`GET /api/courses/available`) and the copy itself.
 */
const seg = encodeURIComponent;
export const CATEGORIES_PATH = '/api/catalogue/categories';
export const CATALOGUE_COURSES_PATH = '/api/catalogue/courses';
export const AVAILABLE_PATH = '/api/courses/available';
/** Catalogue courses asked for at a time ("Load more" asks for the next ones). */
export const CATALOGUE_PAGE_SIZE = 25;

export const browseKeys = {
  categories: ['catalogueBrowse', 'categories'] as const,
  courses: (categoryId: string, search: string) => ['catalogueBrowse', 'courses', categoryId, search] as const,
  course: (courseId: string) => ['catalogueBrowse', 'course', courseId] as const,
  material: (materialId: string) => ['catalogueBrowse', 'material', materialId] as const,
  available: ['catalogueBrowse', 'available'] as const,
};

/** A text typed into a search box, passed on once the typing has paused (600 ms, like the tables). */
export const useDebounced = (value: string): string => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
};

/** `GET /api/catalogue/categories`: every category with its number of published courses. */
export const useCategories = () => useQuery({ queryKey: browseKeys.categories, queryFn: ({ signal }) => apiFetch<CategoryRow[]>(CATEGORIES_PATH, { signal }) });

/** `GET /api/catalogue/courses`: the published catalogue courses of a category (or all), by name, page after page. */
export const useCatalogueCourses = (categoryId: string | null, search: string) =>
  useInfiniteQuery({
    queryKey: browseKeys.courses(categoryId ?? '', search),
    queryFn: ({ pageParam, signal }) => {
      const query = encodeTableQuery({
        sortBy: 'name',
        sortOrder: 'asc',
        search,
        page: pageParam,
        rowsperpage: CATALOGUE_PAGE_SIZE,
        extra: categoryId ? { categoryId } : {},
      });
      return apiFetch<TablePage<CatalogueCourseRow>>(`${CATALOGUE_COURSES_PATH}?${query.toString()}`, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.data.length, 0) < last.pagination.totalcount && last.data.length > 0 ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });

/** `GET /api/courses/:courseId`: a catalogue course with its published elements and materials. */
export const useCatalogueCourse = (courseId: string) =>
  useQuery({
    queryKey: browseKeys.course(courseId),
    queryFn: ({ signal }) => apiFetch<CourseDetails>(`/api/courses/${seg(courseId)}`, { signal }),
    retry: false,
  });

/** `GET /api/materials/:materialId`: one material to read (nothing is recorded). */
export const useMaterialPreview = (materialId: string) =>
  useQuery({
    queryKey: browseKeys.material(materialId),
    queryFn: ({ signal }) => apiFetch<MaterialDetails>(`/api/materials/${seg(materialId)}`, { signal }),
    enabled: materialId !== '',
    retry: false,
  });

/** `GET /api/courses/available?<table query>`: the courses the teacher can copy. */
export const useAvailableCourses = (query: string) =>
  useQuery({
    queryKey: [...browseKeys.available, query],
    queryFn: ({ signal }) => apiFetch<TablePage<AvailableCourseRow>>(`${AVAILABLE_PATH}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** `POST /api/courses/:courseId/copy` → 202: the copy shows at once in the target class, with the copying badge. */
export const copyIntoClassCall = (courseId: string, targetClassId: string) =>
  apiFetch<CourseCopyAnswer>(`/api/courses/${seg(courseId)}/copy`, { method: 'POST', body: courseCopyRequest.parse({ targetClassId }) });

/**
 * Where a started copy is watched: the target class's courses tab, whose list follows the job
 * (the copying badge turns into the course by itself). Reloads that class and My Courses first.
 */
export const useFollowCopy = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (answer: CourseCopyAnswer) => {
    await Promise.all([invalidateClass(queryClient, answer.classId), queryClient.invalidateQueries({ queryKey: courseKeys.mine })]);
    toastSuccess(answer.message);
    await navigate(paths.classCourses.to(answer.classId));
  };
};

/**
 * "Add to class": copies a catalogue course into the class at once. `busyId` is the course being
 * sent (its button is disabled meanwhile); a refusal (COURSE_BUSY, CLASS_ARCHIVED, ...) is a
 * translated error toast.
 */
export const useAddToClass = (classId: string) => {
  const follow = useFollowCopy();
  const errorMessage = useErrorMessage();
  const [busyId, setBusyId] = useState<string | null>(null);
  const sending = useRef(false);
  const add = async (courseId: string) => {
    if (sending.current) return;
    sending.current = true;
    setBusyId(courseId);
    try {
      await follow(await copyIntoClassCall(courseId, classId));
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      sending.current = false;
      setBusyId(null);
    }
  };
  return { busyId, add };
};

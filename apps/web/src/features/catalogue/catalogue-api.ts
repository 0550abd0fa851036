import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueCourseForm, CatalogueCourseRow, CategoryForm, CategoryRow } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { TablePage } from '@klase/core/table';
import { apiFetch } from '../../api/http.ts';
import { catalogueKeys, pollWhileRunning } from '../../api/courses-api.ts';

/**
 * The rex admin's calls to build the catalogue (`/api/catalogue/...`): categories and the
 * catalogue courses of a category. A catalogue course's content, image, publishing and deletion
 * go through the ordinary course calls (`courses-api.ts`), whose keys for a course without a
 * class sit under `catalogueKeys.all` too.
 */
const seg = encodeURIComponent;
export const CATALOGUE_CATEGORIES_PATH = '/api/catalogue/categories';
export const CATALOGUE_COURSES_PATH = '/api/catalogue/courses';

/** `GET /api/catalogue/categories`: every category by name, with its number of courses. */
export const useCatalogueCategories = () =>
  useQuery({ queryKey: catalogueKeys.categories, queryFn: ({ signal }) => apiFetch<CategoryRow[]>(CATALOGUE_CATEGORIES_PATH, { signal }) });

/**
 * `GET /api/catalogue/courses?<table query with categoryId>`: a category's courses. While one is
 * deleted in the background the list asks again every few seconds, so the card goes by itself.
 */
export const useCatalogueCourseTable = (query: string) =>
  useQuery({
    queryKey: [...catalogueKeys.courses, query],
    queryFn: ({ signal }) => apiFetch<TablePage<CatalogueCourseRow>>(`${CATALOGUE_COURSES_PATH}?${query}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileRunning,
  });

export const createCategoryCall = (body: CategoryForm) => apiFetch<CategoryRow>(CATALOGUE_CATEGORIES_PATH, { method: 'POST', body });
export const updateCategoryCall = (id: string, body: CategoryForm) => apiFetch<CategoryRow>(`${CATALOGUE_CATEGORIES_PATH}/${seg(id)}`, { method: 'PUT', body });
/** A category that still has courses answers 409 CATEGORY_IN_USE. */
export const deleteCategoryCall = (id: string) => apiFetch<{ message: string }>(`${CATALOGUE_CATEGORIES_PATH}/${seg(id)}`, { method: 'DELETE' });

export const createCatalogueCourseCall = (body: CatalogueCourseForm) => apiFetch<CourseDetails>(CATALOGUE_COURSES_PATH, { method: 'POST', body });
export const updateCatalogueCourseCall = (courseId: string, body: CatalogueCourseForm) =>
  apiFetch<CourseDetails>(`${CATALOGUE_COURSES_PATH}/${seg(courseId)}`, { method: 'PUT', body });

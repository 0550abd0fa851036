import { z } from 'zod';
import { tableQueryWith } from '../admin/common.ts';
import { V, optionalText, requiredText } from '../validation/rules.ts';
import { courseForm, courseRow } from '../courses/contracts.ts';

/**
 * The course catalogue and the courses a teacher can copy (issue 5, decision 0012).
 *
 * Catalogue courses belong to no class and no school; the rex admin (role 12) creates them in
 * categories and publishes them to every school. Once created, a catalogue course is changed
 * through the ordinary course routes (`/api/courses/:courseId/...`: elements, materials, uploads,
 * image, publish), whose access check lets the rex admin manage it and lets teachers (role 3) of
 * any school read its published elements and materials. Teachers add a catalogue course to their
 * class with the ordinary copy (`POST /api/courses/:courseId/copy`).
 */

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 500;

/** Create and edit a category (rex admin). Duplicate names: CATEGORY_EXISTS (409). */
export const categoryForm = z.object({
  name: requiredText(CATEGORY_NAME_MAX, 2),
  description: optionalText(CATEGORY_DESCRIPTION_MAX).default(''),
});
export type CategoryForm = z.input<typeof categoryForm>;

/**
 * `GET /api/catalogue/categories`: every category, sorted by name, with its number of courses
 * (teachers: published ones; rex admin: all).
 */
export const categoryRow = z.object({ id: z.string(), name: z.string(), description: z.string(), courseCount: z.number() });
export type CategoryRow = z.infer<typeof categoryRow>;
/** `POST /api/catalogue/categories`, `PUT|DELETE /api/catalogue/categories/:id` (a category with courses: CATEGORY_IN_USE). */
export const categoryParams = z.object({ id: z.uuid() });

/** Create (`POST /api/catalogue/courses`) and edit (`PUT /api/catalogue/courses/:courseId`) a catalogue course: the course form plus its category. */
export const catalogueCourseForm = courseForm.extend({ categoryId: z.uuid({ error: V.required }) });
export type CatalogueCourseForm = z.input<typeof catalogueCourseForm>;

/** A catalogue course in lists: the course row plus its category. */
export const catalogueCourseRow = courseRow.extend({ categoryId: z.string().nullable(), categoryName: z.string().nullable() });
export type CatalogueCourseRow = z.infer<typeof catalogueCourseRow>;
export const CATALOGUE_SORTS = ['name', 'code', 'categoryName', 'updatedAt'] as const;
/**
 * `GET /api/catalogue/courses` (rex admin: every catalogue course; teachers: published ones).
 * Extra `categoryId`; search by name, code, subject.
 */
export const catalogueQuery = tableQueryWith({ categoryId: z.uuid().optional() });

// ---------------------------------------------------------------------------------------------
// Sharing with the school, and the courses a teacher can copy (`#/courses/available`)

/** `PATCH /api/courses/:courseId/shared` (teachers of the course's class) → `{ message }`. */
export const shareRequest = z.object({ shared: z.boolean({ error: V.required }) });

export const AVAILABLE_SOURCES = ['own', 'school', 'catalogue'] as const;
export type AvailableSource = (typeof AVAILABLE_SOURCES)[number];

/**
 * `GET /api/courses/available` (teachers): the courses the caller can copy: `own` (courses of the
 * classes they teach, archived classes too), `school` (courses other teachers of their school
 * share) and `catalogue` (published catalogue courses). Busy and failed copies are left out.
 * Filter key `source` (AVAILABLE_SOURCES); extra `categoryId` (catalogue only).
 */
export const availableCourseRow = z.object({
  id: z.string(),
  source: z.enum(AVAILABLE_SOURCES),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  gradeLevel: z.string().nullable(),
  subject: z.string().nullable(),
  imageUrl: z.string().nullable(),
  elementCount: z.number(),
  materialCount: z.number(),
  /** Own and school courses: their class; null for the catalogue. */
  className: z.string().nullable(),
  /** School courses: the sharing teacher(s) of the class; null otherwise. */
  teacherName: z.string().nullable(),
  /** Catalogue courses: their category. */
  categoryName: z.string().nullable(),
  updatedAt: z.string(),
});
export type AvailableCourseRow = z.infer<typeof availableCourseRow>;
export const AVAILABLE_SORTS = ['name', 'code', 'source', 'updatedAt'] as const;
export const availableCoursesQuery = tableQueryWith({ categoryId: z.uuid().optional() });

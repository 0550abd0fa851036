import { createContext, useContext } from 'react';
import { useParams } from 'react-router';
import { paths } from './paths.ts';

/**
 * Where the course pages link to. The same course components (header, elements editor, element
 * page, material forms) serve two bases: a class's course (`#/classes/:id/courses/:courseId/...`)
 * and the rex admin's catalogue course (`#/catalogue/courses/:courseId/...`), which has no class,
 * no student view and no assignees. Components ask `useCourseLinks()` instead of building paths.
 */
export interface CourseLinks {
  kind: 'class' | 'catalogue';
  /** The page's class; null in the catalogue. Also the scope of the course's query keys (`courseKeys.one`). */
  classId: string | null;
  /** "All courses": the class's courses, or the course's category in the catalogue. */
  courses: (categoryId?: string | null) => string;
  course: (courseId: string) => string;
  /** The teacher's preview of the course as a new student sees it; null where there is none (the catalogue). */
  studentMode: ((courseId: string) => string) | null;
  element: (courseId: string, elementId: string, opts?: { materialId?: string; studentMode?: boolean }) => string;
  materialNew: (courseId: string, elementId: string, type: string) => string;
  materialEdit: (courseId: string, materialId: string) => string;
}

export const classCourseLinks = (classId: string): CourseLinks => ({
  kind: 'class',
  classId,
  courses: () => paths.classCourses.to(classId),
  course: (courseId) => paths.classCourse.to(classId, courseId),
  studentMode: (courseId) => paths.classCourseStudentMode.to(classId, courseId),
  element: (courseId, elementId, opts) => paths.classCourseElement.to(classId, courseId, elementId, opts),
  materialNew: (courseId, elementId, type) => paths.classMaterialNew.to(classId, courseId, elementId, type),
  materialEdit: (courseId, materialId) => paths.classMaterialEdit.to(classId, courseId, materialId),
});

export const catalogueCourseLinks: CourseLinks = {
  kind: 'catalogue',
  classId: null,
  courses: (categoryId) => paths.catalogue.to({ category: categoryId ?? undefined }),
  course: (courseId) => paths.catalogueCourse.to(courseId),
  studentMode: null,
  // The catalogue has no student view: the flag is ignored.
  element: (courseId, elementId, opts) => paths.catalogueCourseElement.to(courseId, elementId, { materialId: opts?.materialId }),
  materialNew: (courseId, elementId, type) => paths.catalogueMaterialNew.to(courseId, elementId, type),
  materialEdit: (courseId, materialId) => paths.catalogueMaterialEdit.to(courseId, materialId),
};

const CourseLinksContext = createContext<CourseLinks | null>(null);

/** Sets the links of the course components below it (for a base the route alone does not tell). */
export const CourseLinksProvider = CourseLinksContext.Provider;

/**
 * The links of the open course page: those a `CourseLinksProvider` above sets, else decided by
 * the route: under `#/classes/:id` the class's course, anywhere else the catalogue course.
 */
export const useCourseLinks = (): CourseLinks => {
  const provided = useContext(CourseLinksContext);
  const { id } = useParams();
  if (provided) return provided;
  return id !== undefined ? classCourseLinks(id) : catalogueCourseLinks;
};

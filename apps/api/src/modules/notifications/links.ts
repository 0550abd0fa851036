/** The SPA's hash routes a notification links to (the same as `apps/web/src/config/paths.ts`). */

const seg = encodeURIComponent;

/** A material inside its element: `/classes/:id/courses/:courseId/element/:elementId?material=`. */
export const materialLink = (m: { classId: string; courseId: string; elementId: string; materialId: string }): string =>
  `/classes/${seg(m.classId)}/courses/${seg(m.courseId)}/element/${seg(m.elementId)}?material=${seg(m.materialId)}`;

/** A course's grade page (the student's own, or a parent's child's). */
export const gradeLink = (classId: string, courseId: string): string => `/classes/${seg(classId)}/courses/${seg(courseId)}/grade`;

/** A class's courses (a student who joined). */
export const classLink = (classId: string): string => `/classes/${seg(classId)}/courses`;

/** A class's students (its teachers, when a student joined). */
export const classStudentsLink = (classId: string): string => `/classes/${seg(classId)}/class-list/students`;

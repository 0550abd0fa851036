// Placeholder replaced in this work (see routes.tsx).
export const CourseLayout = () => null;

// Placeholder replaced in this work (see routes.tsx).
export const TeacherPage = () => null;
export const TeacherAboutTab = () => null;

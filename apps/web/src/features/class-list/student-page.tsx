// Placeholder replaced in this work (see routes.tsx).
export const StudentPage = () => null;
export const StudentAboutTab = () => null;

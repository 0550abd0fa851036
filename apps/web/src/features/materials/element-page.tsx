// Placeholder replaced in this work (see routes.tsx).
export const ElementPage = () => null;
export const ElementStudentModePage = () => null;

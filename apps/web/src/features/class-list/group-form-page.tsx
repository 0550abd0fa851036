// Placeholder replaced in this work (see routes.tsx).
export const GroupCreatePage = () => null;
export const GroupEditPage = () => null;

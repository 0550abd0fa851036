// Placeholder replaced in this work (see routes.tsx).
export const GroupPage = () => null;
export const GroupAboutTab = () => null;

// Placeholder replaced in this work (see routes.tsx).
export const MaterialCreatePage = () => null;
export const MaterialEditPage = () => null;

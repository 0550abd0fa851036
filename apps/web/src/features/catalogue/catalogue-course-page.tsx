// Work in progress (issue 5, catalogue): replaced by the catalogue course editor before the issue ends.
export function CatalogueCoursePage() {
  return null;
}
export function CatalogueElementPage() {
  return null;
}
export function CatalogueMaterialCreatePage() {
  return null;
}
export function CatalogueMaterialEditPage() {
  return null;
}

// Work in progress (issue 5, catalogue): replaced by the catalogue course preview before the issue ends.
export function ClassCatalogueCoursePage() {
  return null;
}
export function ClassCatalogueElementPage() {
  return null;
}

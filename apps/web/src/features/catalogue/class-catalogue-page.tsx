// Work in progress (issue 5, catalogue): replaced by the catalogue browser before the issue ends.
export function ClassCataloguePage() {
  return null;
}

// Work in progress (issue 5, catalogue): replaced by the rex admin's catalogue page before the issue ends.
export function CataloguePage() {
  return null;
}
